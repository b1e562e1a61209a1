import Testing

@testable import CourierMetrics

@Suite struct URLTemplateTests {
    @Test(arguments: [
        ("GET /todos/{id}?q&format=full", "/todos/7", "/todos/{id}"),
        ("GET /todos/{id}", "/v1/todos/7", "/v1/todos/{id}"),
        ("POST /todos", "/a/b/todos", "/a/b/todos"),
        ("GET /", "/", "/"),
        ("GET /{name}", "/files/a%2Fb", "/files/{name}"),
    ])
    func theBasePathComesFirstAndTheQueryGoes(template: String, path: String, expected: String) {
        #expect(URLTemplate.path(ofTemplate: template, requestPath: path) == expected)
    }

    @Test func noTemplateIsNone() {
        #expect(URLTemplate.path(ofTemplate: nil, requestPath: "/todos/7") == nil)
        #expect(URLTemplate.path(ofTemplate: "GET", requestPath: "/todos/7") == nil)
    }
}
