import Courier
import CourierTestSupport
import Foundation
import Testing

@Suite struct EndpointBuilderTests {
    static let v2 = Components {
        Path("api", "v2")
        Header.accept(.json)
    }

    static func authenticated(_ token: String?) -> Components<EndpointState.NoMethod, EndpointState.NoBody> {
        Components {
            if let token { Header.bearer(token) }
        }
    }

    enum Visibility {
        case open
        case hidden(String)
    }

    static func search(
        page: Int?, tags: [String], visibility: Visibility, verbose: Bool
    ) -> Endpoint<[User], APIError> {
        Endpoint {
            Method.get
            v2
            authenticated("t")
            Path("users")
            Query("page", page)
            for tag in tags { Query("tag", tag) }
            switch visibility {
            case .open: Query("visibility", "open")
            case .hidden(let reason): Header("X-Reason", reason)
            }
            if verbose { Header("X-Verbose", "1") } else { Header("X-Verbose", "0") }
            if #available(macOS 13, iOS 16, *) { Timeout(.seconds(5)) }
        }
    }

    @Test func groupsNestAndControlFlowSelectsParts() throws {
        let request = try Self.search(page: 2, tags: ["a", "b"], visibility: .hidden("x"), verbose: false)
            .built()
        #expect(request.method == .get)
        #expect(request.percentEncodedTarget == "/api/v2/users?page=2&tag=a&tag=b")
        #expect(request.headers.map(\.name.rawValue) == ["Accept", "Authorization", "X-Reason", "X-Verbose"])
        #expect(request.headers["X-Verbose"] == "0")
        #expect(request.timeout.total == .seconds(5))
    }

    /// A stored group that opens a block is extended for that block only: the lines after it
    /// never reach the group or another block that opens with it.
    @Test func aStoredGroupOpeningABlockIsNotExtended() throws {
        let first = try Endpoint<Empty, Never> {
            Self.v2
            Method.get
            Header("X-First", "1")
        }.built()
        let second = try Endpoint<Empty, Never> {
            Self.v2
            Method.delete
            Header("X-Second", "2")
        }.built()
        #expect(first.headers.map(\.name.rawValue) == ["Accept", "X-First"])
        #expect(second.headers.map(\.name.rawValue) == ["Accept", "X-Second"])
        #expect(second.method == .delete)
        let alone = try Endpoint<Empty, Never> {
            Method.get
            Self.v2
        }.built()
        #expect(alone.headers.map(\.name.rawValue) == ["Accept"])
    }

    /// A long block keeps its lines in order, with a group's lines where the group stands, and
    /// a stored group is the same in every block that uses it.
    @Test func linesKeepTheirOrderAndAStoredGroupIsShared() throws {
        func numbered(_ range: ClosedRange<Int>) -> Endpoint<Empty, Never> {
            Endpoint {
                Header("X-0", "0")
                Method.get
                for index in range { Header("X-\(index)", "\(index)") }
                Self.v2
                Header("X-Last", "last")
            }
        }
        let long = try numbered(1...9).built()
        #expect(
            long.headers.map(\.name.rawValue)
                == ["X-0"] + (1...9).map { "X-\($0)" } + ["Accept", "X-Last"])
        #expect(long.percentEncodedTarget == "/api/v2")
        let short = try numbered(1...1).built()
        #expect(short.headers.map(\.name.rawValue) == ["X-0", "X-1", "Accept", "X-Last"])
        let group = try Endpoint<Empty, Never> {
            Self.v2
            Method.get
        }.built()
        #expect(group.headers.map(\.name.rawValue) == ["Accept"])
        #expect(group.percentEncodedTarget == "/api/v2")
    }

    /// A group used twice in one group keeps both copies of its lines, in order.
    @Test func aGroupJoinedToItselfRepeatsItsLines() throws {
        let twice = Components {
            Self.v2
            Self.v2
        }
        let request = try Endpoint<Empty, Never> {
            Method.get
            twice
            Header("X-After", "1")
        }.built()
        #expect(request.percentEncodedTarget == "/api/v2/api/v2")
        #expect(request.headers.map(\.name.rawValue) == ["Accept", "Accept", "X-After"])
    }

    /// A stored group that opens a block does not keep the block's later lines: its secrets and
    /// its body go when the endpoint goes.
    @Test func aStoredGroupKeepsNothingOfTheBlocksItOpens() throws {
        final class Upload: Encodable, Sendable {
            let name = "report"
        }
        let opening = Components {
            Path("api", "v2")
            Header.accept(.json)
        }
        weak var released: Upload?
        do {
            let upload = Upload()
            released = upload
            let request = try Endpoint<Empty, Never> {
                opening
                Method.post
                Header.bearer("secret-token")
                Body.json(upload)
            }.built()
            #expect(request.headers.map(\.name.rawValue) == ["Accept", "Authorization", "Content-Type"])
        }
        #expect(released == nil)
        let later = try Endpoint<Empty, Never> {
            opening
            Method.get
        }.built()
        #expect(later.headers.map(\.name.rawValue) == ["Accept"])
    }

    /// Blocks built at the same time from one stored group each get their own lines after it.
    /// (A stored group is a finished list, so each block copies it first and none shares a lock;
    /// the test holds that to stay true. A shared lock is raced in
    /// `aPartialBlockExtendedOnManyTasksAtOnce`.)
    @Test func blocksOpeningWithOneGroupBuildConcurrently() async throws {
        let opening = Components {
            Path("api")
            Header.accept(.json)
        }
        let names = try await withThrowingTaskGroup(of: [String].self) { group in
            for index in 0..<64 {
                group.addTask {
                    try Endpoint<Empty, Never> {
                        opening
                        Method.get
                        Header("X-\(index)", "\(index)")
                        Header("X-Next-\(index)", "\(index)")
                    }.built().headers.map(\.name.rawValue)
                }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(names.count == 64)
        for headers in names {
            #expect(headers.count == 3)
            #expect(headers.first == "Accept")
            let index = headers.last.map { String($0.dropFirst("X-Next-".count)) }
            #expect(headers.dropFirst().first == index.map { "X-\($0)" })
        }
        #expect(Set(names.compactMap(\.last)).count == 64)
    }

    /// A group used twice in one block, around other lines, appears twice where it stands.
    @Test func aStoredGroupUsedTwiceInOneBlock() throws {
        let request = try Endpoint<Empty, Never> {
            Method.get
            Self.v2
            Path("x")
            Header("X-Middle", "1")
            Self.v2
        }.built()
        #expect(request.percentEncodedTarget == "/api/v2/x/api/v2")
        #expect(request.headers.map(\.name.rawValue) == ["Accept", "X-Middle", "Accept"])
    }

    /// A loop of several lines, with a branch and a stored group inside it, keeps every
    /// iteration's lines in order, between the lines around the loop.
    @Test func aLoopOfSeveralLinesKeepsItsOrder() throws {
        let request = try Endpoint<Empty, Never> {
            Method.get
            Path("items")
            for index in 0..<3 {
                Query("i", index)
                if index.isMultiple(of: 2) {
                    Header("X-Even-\(index)", "1")
                    Query("even", index)
                }
                Self.v2
            }
            Header("X-After", "1")
        }.built()
        #expect(request.percentEncodedTarget == "/items/api/v2/api/v2/api/v2?i=0&even=0&i=1&i=2&even=2")
        #expect(
            request.headers.map(\.name.rawValue) == [
                "X-Even-0", "Accept", "Accept", "X-Even-2", "Accept", "X-After",
            ])
    }

    /// Plain query text and values the form encoder writes keep their declared order, whichever
    /// comes first.
    @Test func textAndEncodedQueriesKeepTheirOrder() throws {
        let request = try Endpoint<Empty, Never> {
            Method.get
            Path("items")
            Query("a", "1")
            Query("tag", ["x", "y"])
            Query("b", "2")
            Query("n", 3)
        }.built()
        #expect(request.percentEncodedTarget == "/items?a=1&tag=x&tag=y&b=2&n=3")
    }

    /// A header named with a ``HeaderName`` (not validated again) and the same name as text
    /// (validated where it is declared) build equal requests.
    @Test func aKnownHeaderNameAndItsTextBuildEqualRequests() throws {
        let known = try Endpoint<Empty, Never> {
            Method.get
            Header(.accept, "text/plain")
        }.built()
        let text = try Endpoint<Empty, Never> {
            Method.get
            Header("accept", "text/plain")
        }.built()
        #expect(known == text)
        #expect(known.hashValue == text.hashValue)
        #expect(text.headers.first?.name == .accept)
    }

    /// A partial block (the builder's functions called directly) extended twice gives two
    /// blocks, each with its own line: extending one never shows in the other, nor in the
    /// partial block itself.
    @Test func aPartialBlockExtendedTwiceGivesTwoEndpoints() throws {
        typealias Builder = EndpointBuilder
        let opened = Builder.buildPartialBlock(
            accumulated: Builder.buildPartialBlock(first: Builder.buildExpression(Path("a"))),
            next: Builder.buildExpression(Method.get))
        let first = Builder.buildPartialBlock(
            accumulated: opened, next: Builder.buildExpression(Header("X-First", "1")))
        let second = Builder.buildPartialBlock(
            accumulated: opened, next: Builder.buildExpression(Header("X-Second", "2")))
        let firstThenPath = Builder.buildPartialBlock(
            accumulated: first, next: Builder.buildExpression(Path("b")))
        let firstThenHeader = Builder.buildPartialBlock(
            accumulated: first, next: Builder.buildExpression(Header("X-Third", "3")))
        func built(_ parts: EndpointParts<EndpointState.MethodWithoutBody, EndpointState.NoBody>) throws
            -> EndpointRequest
        {
            try Endpoint<Empty, Never> { parts }.built()
        }
        let requests = try [opened, first, second, firstThenPath, firstThenHeader].map(built)
        #expect(requests.map(\.percentEncodedTarget) == ["/a", "/a", "/a", "/a/b", "/a"])
        #expect(
            requests.map { $0.headers.map(\.name.rawValue) } == [
                [], ["X-First"], ["X-Second"], ["X-First"], ["X-First", "X-Third"],
            ])
    }

    /// A partial block joined to itself repeats its lines, and is itself unchanged.
    @Test func aPartialBlockJoinedToItself() throws {
        typealias Builder = EndpointBuilder
        let tail = Builder.buildPartialBlock(
            accumulated: Builder.buildPartialBlock(first: Builder.buildExpression(Path("t"))),
            next: Builder.buildExpression(Header("X-T", "t")))
        let doubled = Builder.buildPartialBlock(accumulated: tail, next: tail)
        let twice = try Endpoint<Empty, Never> {
            Method.get
            doubled
        }.built()
        let once = try Endpoint<Empty, Never> {
            Method.get
            tail
        }.built()
        #expect(twice.percentEncodedTarget == "/t/t")
        #expect(twice.headers.map(\.name.rawValue) == ["X-T", "X-T"])
        #expect(once.percentEncodedTarget == "/t")
        #expect(once.headers.map(\.name.rawValue) == ["X-T"])
    }

    /// One partial block extended on many tasks at once: each gets the partial block's lines
    /// and its own, and no other task's.
    @Test func aPartialBlockExtendedOnManyTasksAtOnce() async throws {
        typealias Builder = EndpointBuilder
        let opened = Builder.buildPartialBlock(
            accumulated: Builder.buildPartialBlock(first: Builder.buildExpression(Path("a"))),
            next: Builder.buildExpression(Method.get))
        let names = try await withThrowingTaskGroup(of: (Int, [String]).self) { group in
            for index in 0..<64 {
                group.addTask {
                    let extended = Builder.buildPartialBlock(
                        accumulated: opened, next: Builder.buildExpression(Header("X-\(index)", "\(index)")))
                    let twice = Builder.buildPartialBlock(
                        accumulated: extended,
                        next: Builder.buildExpression(Header("X-Again-\(index)", "again")))
                    let request = try Endpoint<Empty, Never> { twice }.built()
                    return (index, request.headers.map(\.name.rawValue))
                }
            }
            return try await group.reduce(into: [:]) { $0[$1.0] = $1.1 }
        }
        #expect(names.count == 64)
        for (index, headers) in names {
            #expect(headers == ["X-\(index)", "X-Again-\(index)"])
        }
        let untouched = try Endpoint<Empty, Never> { opened }.built()
        #expect(untouched.headers.isEmpty)
    }

    @Test func otherBranchesAndEmptyLoops() throws {
        let request = try Self.search(page: nil, tags: [], visibility: .open, verbose: true).built()
        #expect(request.percentEncodedTarget == "/api/v2/users?visibility=open")
        #expect(request.headers["X-Verbose"] == "1")
        #expect(request.headers["X-Reason"] == nil)
    }

    @Test func methodsAndBodiesMayBeChosenPerBranch() throws {
        func save(_ user: User, isNew: Bool) -> Endpoint<User, APIError> {
            Endpoint {
                if isNew { Method.post } else { Method.put }
                Path("users")
                Body.json(user)
            }
        }
        #expect(try save(User(id: 1, name: "a"), isNew: true).built().method == .post)
        #expect(try save(User(id: 1, name: "a"), isNew: false).built().method == .put)
    }

    @Test func optionalBodyOnAMethodThatAllowsOne() throws {
        func patch(_ note: String?) -> Endpoint<Empty, Never> {
            Endpoint {
                Method.patch
                if let note { Body.text(note) }
            }
        }
        #expect(try patch(nil).built().body == nil)
        #expect(try patch("n").built().body?.data == Data("n".utf8))
    }

    @Test func equalDeclarationsBuildEqualRequests() throws {
        let first = try Self.search(page: 1, tags: ["a"], visibility: .open, verbose: true).built()
        let second = try Self.search(page: 1, tags: ["a"], visibility: .open, verbose: true).built()
        let other = try Self.search(page: 2, tags: ["a"], visibility: .open, verbose: true).built()
        #expect(first == second)
        #expect(first.hashValue == second.hashValue)
        #expect(first != other)
        #expect(Set([first, second, other]).count == 2)
    }

    @Test func runtimeMethodTokensAreValidatedWhenBuilt() throws {
        #expect(try Endpoint<Empty, Never> { Method("PURGE") }.built().method.rawValue == "PURGE")
        let error = expectCourierError(.invalidMethod) {
            try Endpoint<Empty, Never> { Method("BAD METHOD") }.built()
        }
        #expect(error?.message == #"The method "BAD METHOD" is not a valid RFC 9110 token."#)
        for connect in ["CONNECT", "connect"] {
            let tunnel = expectCourierError(.invalidMethod) {
                try Endpoint<Empty, Never> { Method(connect) }.built()
            }
            #expect(tunnel?.message.hasPrefix("CONNECT opens a tunnel") == true)
        }
    }

    @Test func twoTimeoutsAreRejectedNotSilentlyMerged() {
        let error = expectCourierError(.invalidTimeout) {
            try Endpoint<Empty, Never> {
                Method.get
                Timeout(.seconds(1))
                Timeout(.seconds(2))
            }.built()
        }
        #expect(error?.message == "An endpoint declares at most one Timeout; this one declares 2.")
    }

    @Test func timeoutMustBePositive() {
        expectCourierError(.invalidTimeout) {
            try Endpoint<Empty, Never> {
                Method.get
                Timeout(.zero)
            }.built()
        }
    }

    @Test func everyDeclaredMethodBuilds() throws {
        #expect(try Endpoint<Empty, Never> { Method.head }.built().method == .head)
        #expect(try Endpoint<Empty, Never> { Method.options }.built().method == .options)
        #expect(
            try Endpoint<Empty, Never> {
                Method.delete
                Body.text("x")
            }.built().method == .delete)
    }
}

@Suite struct MixedMethodBranchTests {
    static func fetch(preview: Bool, note: String?) -> Endpoint<Empty, Never> {
        Endpoint {
            if preview { Method(HTTPMethod.get) } else { Method.post }
            Path("notes")
            if let note { Body.text(note) }
        }
    }

    @Test func runtimeMethodsLetBranchesMixGETAndPOST() throws {
        #expect(try Self.fetch(preview: true, note: nil).built().method == .get)
        #expect(try Self.fetch(preview: false, note: "n").built().method == .post)
    }

    @Test func theBodyRuleIsThenCheckedWhenBuilt() {
        expectCourierError(.bodyNotAllowed) { try Self.fetch(preview: true, note: "n").built() }
    }

    @Test func twoBodilessBranchesStillBuild() throws {
        func probe(_ full: Bool) -> Endpoint<Empty, Never> {
            Endpoint { if full { Method.get } else { Method.head } }
        }
        #expect(try probe(false).built().method == .head)
    }
}
