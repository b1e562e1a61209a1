import CourierTestSupport
import Testing

@testable import Courier

@Suite struct BaseURLURLTemplateTests {
    /// A request to `/a/b/c` sent as if for an endpoint with `template`.
    static func request(template: String?) throws -> EndpointRequest {
        var request = try Endpoint<Empty, Never> {
            Method.get
            Path("a", "b", "c")
        }
        .built()
        request.template = template
        return request
    }

    @Test(arguments: [
        ("GET /todos/{id}?q&format=full", "example.com", "/todos/{id}"),
        ("GET /todos/{id}", "example.com/v1", "/v1/todos/{id}"),
        ("POST /todos", "example.com/a/b", "/a/b/todos"),
        ("GET /", "example.com", "/"),
        ("GET /", "example.com/v1", "/v1"),
        ("GET /?q", "example.com/a/b", "/a/b"),
        // A multi-segment parameter (`Path(segments:)`) is one `{name}`, whatever the request's path.
        ("GET /files/{path}", "example.com/v1", "/v1/files/{path}"),
        ("GET /{name}", "example.com/files", "/files/{name}"),
    ])
    func theBasePathComesFirstAndTheQueryGoes(template: String, base: String, expected: String) throws {
        let request = try Self.request(template: template)
        #expect(try BaseURL(validating: base).urlTemplate(for: request) == expected)
    }

    @Test func noTemplateOrNoPathIsNone() throws {
        let base = BaseURL("example.com/v1")
        #expect(base.urlTemplate(for: try Self.request(template: nil)) == nil)
        #expect(base.urlTemplate(for: try Self.request(template: "GET")) == nil)
    }

    /// A request to an absolute URL goes to that URL's path as given, which the template does not
    /// describe.
    @Test func aRequestToAnAbsoluteURLHasNone() throws {
        var request = try Endpoint<Empty, Never> {
            Method.get
            AbsoluteURL("https://cdn.example.com/x/123e4567")
        }
        .built()
        request.template = "GET /todos/{id}"
        #expect(BaseURL("example.com/v1").urlTemplate(for: request) == nil)
    }
}
