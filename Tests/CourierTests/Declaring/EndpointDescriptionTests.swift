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
        #expect(endpoint.description == "GET /users/42/posts?page&tag&access_token&status&sort")
        #expect(
            String(reflecting: endpoint)
                == "Endpoint<User, Never>(GET /users/42/posts?page&tag&access_token&status&sort)")
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

    @Test func aPathValueIsShownEncoded() {
        let name = "a/b c"
        let endpoint = Endpoint<Empty, Never> {
            Method.delete
            Path("files", name)
        }
        #expect(endpoint.description == "DELETE /files/a%2Fb%20c")
    }
}
