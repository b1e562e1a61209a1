import Courier
import CourierTestSupport
import Foundation
import Testing

/// Endpoints whose shape cannot be found.
extension Shelf {
    struct Unused: CatalogEndpoint {
        typealias Success = Empty
        typealias Failure = Never

        var id: Int
        var note: String

        var definition: some EndpointDefinition {
            Method.get
            Path("things", id)
        }
    }

    struct Twice: CatalogEndpoint {
        typealias Success = Empty
        typealias Failure = Never

        var id: Int

        var definition: some EndpointDefinition {
            Method.get
            Path("things", id)
            Query("id", id)
        }
    }

    struct SignedSearch: CatalogEndpoint {
        typealias Success = Empty
        typealias Failure = Never

        var term: String

        var definition: some EndpointDefinition {
            Method.get
            Path("search")
            Query("q", term)
            Query("api_key", "fixed-key-1")
            Query("tenant", "fixed-tenant", isSecret: true)
            Query("format", "full")
        }
    }
}

struct CatalogEndpointTests {
    @Test func aFixedSecretQueryValueStaysOutOfTheTemplate() throws {
        let shape = try Shelf.SignedSearch.shape()
        #expect(shape.description == "GET /search?q&api_key=<redacted>&tenant=<redacted>&format=full")
        #expect(shape.query.map(\.isSecret) == [false, true, true, false])
    }
    @Test func theShapeIsTheTemplateWithoutValues() throws {
        let shape = try Shelf.GetBook.shape()
        #expect(shape.description == "GET /v2/shelves/{shelf}/books/{id}?sort&format=full")
        #expect(shape.parameters == ["shelf", "id", "sort", "tenant"])
        #expect(shape.query.map(\.isRequired) == [false, true])
        #expect(shape.headers.map(\.name) == ["X-Tenant", "Accept"])
        #expect(shape.headers.map(\.parameter) == ["tenant", nil])
        #expect(shape.body == nil)
        let add = try Shelf.AddBook.shape()
        #expect(add.description == "POST /shelves/{shelf}/books?dry_run")
        #expect(add.body?.parameter == "book")
        #expect(add.body?.contentType.essence == "application/json")
    }

    @Test func aRequestParsesBackIntoItsValue() throws {
        let incoming = IncomingRequest(
            method: .get, target: "/v2/shelves/sci%20fi/books/42?format=full&sort=pages",
            headers: [HeaderField(name: HeaderName("x-tenant"), value: "acme")])
        let parsed = try Shelf.GetBook.parse(incoming)
        #expect(parsed == Shelf.GetBook(shelf: "sci fi", id: 42, sort: .pages, tenant: "acme"))
        let withoutSort = IncomingRequest(
            method: .get, target: "/v2/shelves/a/books/1?format=full",
            headers: [HeaderField(name: HeaderName("X-Tenant"), value: "t")])
        #expect(try Shelf.GetBook.parse(withoutSort).sort == nil)
    }

    @Test func aMismatchSaysWhy() {
        let wrong = IncomingRequest(method: .post, target: "/v2/shelves/a/books?sort=pages")
        #expect {
            _ = try Shelf.GetBook.parse(wrong)
        } throws: { error in
            (error as? EndpointMismatch)?.description
                == "The request does not match GET /v2/shelves/{shelf}/books/{id}?sort&format=full: "
                + "the method is POST, not GET; the path has 4 segments, not 5; the query lacks format=full; "
                + "the header X-Tenant is missing."
        }
        let notANumber = IncomingRequest(
            method: .get, target: "/v2/shelves/a/books/forty-two?format=full",
            headers: [HeaderField(name: HeaderName("X-Tenant"), value: "t")])
        #expect {
            _ = try Shelf.GetBook.parse(notANumber)
        } throws: { error in
            (error as? EndpointMismatch)?.reasons.first?.hasPrefix("its parameters do not decode as GetBook")
                == true
        }
    }

    @Test func aBodyParameterNeedsItsContentType() throws {
        let shelf = UUID()
        let request = try Shelf.AddBook(shelf: shelf, book: .init(title: "Dune", pages: 412), dryRun: true)
            .request()
        let parsed = try Shelf.AddBook.parse(try IncomingRequest(request))
        #expect(parsed == Shelf.AddBook(shelf: shelf, book: .init(title: "Dune", pages: 412), dryRun: true))
        let untyped = IncomingRequest(
            method: .post, target: request.percentEncodedTarget, body: try #require(request.body?.data))
        #expect {
            _ = try Shelf.AddBook.parse(untyped)
        } throws: { error in
            (error as? EndpointMismatch)?.reasons == ["the body is untyped, not application/json"]
        }
    }

    @Test func printingThenParsingGivesBackAnEqualValue() throws {
        var generator = SeededGenerator(seed: 0xC0FFEE)
        let alphabet = Array("aZ09 -._~/?#[]@!$&'()*+,;=%é日本👍🏽\"\\")
        func text(_ length: Int) -> String {
            String((0..<length).map { _ in alphabet[Int.random(in: 0..<alphabet.count, using: &generator)] })
        }
        for _ in 0..<300 {
            let shelf = text(Int.random(in: 1...12, using: &generator))
            guard shelf != ".", shelf != ".." else { continue }
            // A header value cannot start or end with a space (RFC 9110 §5.5).
            let tenant = "t" + text(Int.random(in: 1...8, using: &generator)) + "t"
            let value = Shelf.GetBook(
                shelf: shelf, id: Int.random(in: -1_000_000...1_000_000, using: &generator),
                sort: [nil, .title, .pages][Int.random(in: 0...2, using: &generator)],
                tenant: tenant.replacingOccurrences(of: "\"", with: "q"))
            let request = try value.request()
            #expect(
                try Shelf.GetBook.parse(try IncomingRequest(request)) == value,
                "\(request.percentEncodedTarget)")
            let add = Shelf.AddBook(
                shelf: UUID(),
                book: .init(title: text(10), pages: Int.random(in: 0...9999, using: &generator)),
                dryRun: Bool.random(using: &generator))
            #expect(try Shelf.AddBook.parse(try IncomingRequest(try add.request())) == add)
        }
    }

    @Test func aPropertyTheRequestDoesNotCarryIsAnError() {
        #expect {
            _ = try Shelf.Unused.shape()
        } throws: { error in
            (error as? CourierError)?.message
                == "Unused cannot be parsed from a request: note does not appear in its request, so a server could not recover it."
        }
        #expect {
            _ = try Shelf.Twice.shape()
        } throws: { error in
            (error as? CourierError)?.message
                == "Twice cannot be parsed from a request: id appears 2 times in its request; a parameter must appear once."
        }
    }
}

/// A deterministic random source, so the round trip covers the same values in every run.
struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

struct CatalogHeaderPrefixTests {
    struct Rename: CatalogEndpoint, Equatable {
        typealias Success = Empty
        typealias Failure = Never

        struct Change: Codable, Sendable, Equatable {
            var title: String
        }

        var id: Int
        var change: Change
        var token: String

        var definition: some EndpointDefinition {
            Method.put
            Path("todos", id)
            Header.bearer(token)
            Body.json(change)
        }
    }

    @Test func fixedTextAroundAHeaderValueIsNotPartOfTheParameter() throws {
        let shape = try Rename.shape()
        let authorization = try #require(shape.headers.first { $0.name == "Authorization" })
        #expect(authorization.parameter == "token")
        #expect(authorization.valuePrefix == "Bearer ")
        #expect(authorization.valueSuffix == "")
        let value = Rename(id: 3, change: .init(title: "Läuft"), token: "abc.def/ghi")
        #expect(try Rename.parse(IncomingRequest(try value.request())) == value)
        let basic = IncomingRequest(
            method: .put, target: "/todos/3",
            headers: [
                HeaderField(name: .authorization, value: "Basic abc"),
                HeaderField(name: .contentType, value: "application/json"),
            ],
            body: Data(#"{"title":"x"}"#.utf8))
        #expect {
            _ = try Rename.parse(basic)
        } throws: { error in
            (error as? EndpointMismatch)?.reasons == [
                #"the header Authorization is not of the form "Bearer …""#
            ]
        }
    }

    /// RFC 9110 §11.1: the scheme is case-insensitive; §11.4: one or more spaces follow it.
    @Test(arguments: ["bearer abc", "BEARER abc", "Bearer   abc"])
    func aSchemeIsReadWithoutRegardToCaseOrSpaces(authorization: String) throws {
        let request = IncomingRequest(
            method: .put, target: "/todos/3",
            headers: [
                HeaderField(name: .authorization, value: authorization),
                HeaderField(name: .contentType, value: "application/json"),
            ],
            body: Data(#"{"title":"x"}"#.utf8))
        #expect(try Rename.parse(request) == Rename(id: 3, change: .init(title: "x"), token: "abc"))
    }
}

struct CatalogProbeLimitsTests {
    struct Small: CatalogEndpoint, Equatable {
        typealias Success = Empty
        typealias Failure = Never

        var level: UInt8
        var offset: Int16

        var definition: some EndpointDefinition {
            Method.get
            Path("levels", level)
            Query("offset", offset)
        }
    }

    /// A type that only ever decodes itself: probing or parsing it must end, not recurse.
    struct SelfDecoding: Codable, Sendable, ParameterValue {
        init(from decoder: any Decoder) throws {
            self = try decoder.singleValueContainer().decode(SelfDecoding.self)
        }

        func encode(to encoder: any Encoder) throws {}
        var parameterText: String { "x" }
    }

    struct Looping: CatalogEndpoint {
        typealias Success = Empty
        typealias Failure = Never

        var value: SelfDecoding

        var definition: some EndpointDefinition {
            Method.get
            Path("loops", value)
        }
    }

    @Test func smallIntegersAreParameters() throws {
        #expect(try Small.shape().description == "GET /levels/{level}?offset")
        let value = Small(level: 250, offset: -300)
        #expect(try Small.parse(IncomingRequest(try value.request())) == value)
    }

    @Test func aTypeThatDecodesOnlyItselfIsRefusedNotRecursedInto() {
        #expect {
            _ = try Looping.shape()
        } throws: { error in
            (error as? CourierError)?.message.hasPrefix(
                "Looping cannot be parsed from a request: Courier cannot make a probe value of it") == true
        }
    }
}
