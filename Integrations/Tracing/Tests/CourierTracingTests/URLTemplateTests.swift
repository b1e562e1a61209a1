import Testing

@testable import CourierTracing

@Suite struct URLTemplateTests {
    @Test(arguments: [
        ("GET /todos/{id}?q&format=full", [String](), "/todos/{id}"),
        ("GET /todos/{id}", ["v1"], "/v1/todos/{id}"),
        ("POST /todos", ["a", "b"], "/a/b/todos"),
        ("GET /", [], "/"),
        ("GET /", ["v1"], "/v1"),
    ])
    func theBasePathComesFirstAndTheQueryGoes(template: String, basePath: [String], expected: String) {
        #expect(URLTemplate.path(ofTemplate: template, basePath: basePath) == expected)
    }

    @Test func noTemplateIsNone() {
        #expect(URLTemplate.path(ofTemplate: nil, basePath: []) == nil)
        #expect(URLTemplate.path(ofTemplate: "GET", basePath: []) == nil)
    }
}
