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
