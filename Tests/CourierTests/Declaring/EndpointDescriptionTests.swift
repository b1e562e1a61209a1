import Courier
import CourierTestSupport
import Foundation
import Testing

@Suite struct EndpointDescriptionTests {
    struct Filters: Encodable, Sendable {
        var status = "open"
        var sort = "new"
    }

    static func search(_ id: Int) -> Endpoint<User, Never> {
        Endpoint {
            Method("get")
            Path("users/\(id)/posts")
            Query("page", 2)
            Query("tag", ["a", "b"])
            Query("access_token", "s3cret-query")
            Query(fieldsOf: Filters())
            Header.bearer("s3cret-token")
        }
    }

    @Test func anEndpointPrintsItsMethodPathAndQueryNames() {
        let endpoint = Self.search(42)
        #expect(endpoint.description == "GET /users/{…}/posts?page&tag&access_token&…")
        #expect(
            String(reflecting: endpoint)
                == "Endpoint<User, Never>(GET /users/{…}/posts?page&tag&access_token&…)")
        #expect("\(endpoint)" == endpoint.description)
    }

    @Test func noRenderingShowsAValueOrHeader() {
        let endpoint = Self.search(42)
        var dumped = ""
        dump(endpoint, to: &dumped)
        for text in [endpoint.description, String(reflecting: endpoint), dumped] {
            #expect(!text.contains("s3cret"), "\(text)")
            #expect(!text.contains("RequestPart"), "\(text)")
        }
    }

    @Test func aPathValueIsNotShownButLiteralTextIsEncoded() {
        let name = "a/b c"
        let token = "bot-s3cret"
        let endpoints = [
            Endpoint<Empty, Never> {
                Method.delete
                Path("my files", name)
            },
            Endpoint<Empty, Never> {
                Method.get
                Path("/bot\(token)/v\(2)-\(3)/getMe")
            },
            Endpoint<Empty, Never> {
                Method.get
                Path(token, "x")
            },
            Endpoint<Empty, Never> {
                Method.get
                Path(segments: [token])
            },
        ]
        #expect(
            endpoints.map(\.description) == [
                "DELETE /my%20files/{…}", "GET /bot{…}/v{…}-{…}/getMe", "GET /{…}/{…}", "GET /{…}",
            ])
    }

    struct Counting: Encodable, Sendable {
        nonisolated(unsafe) static var encodes = 0

        func encode(to encoder: any Encoder) throws {
            Self.encodes += 1
        }
    }

    @Test func printingRunsNoEncodeOfYours() {
        let endpoint = Endpoint<Empty, Never> {
            Method.get
            Path("search")
            Query(fieldsOf: Counting())
        }
        #expect(endpoint.description == "GET /search?…")
        #expect(Counting.encodes == 0)
    }
}
