import Courier
import CourierTestSupport
import Foundation
import Testing

@Suite struct PathLiteralTests {
    private func segments(_ path: Path) throws -> [String] {
        try Endpoint<User, Never> {
            Method.get
            path
        }.built().pathSegments
    }

    @Test func slashesInALiteralSeparateSegments() throws {
        try #expect(segments(Path("/users")) == ["users"])
        try #expect(segments(Path("users/42")) == ["users", "42"])
        try #expect(segments(Path("/v1/users/")) == ["v1", "users", ""])
        try #expect(segments(Path("/")) == [])
        try #expect(segments(Path("")) == [])
        try #expect(segments(Path("/v1/users", 42, "posts")) == ["v1", "users", "42", "posts"])
    }

    @Test func anInterpolatedValueIsOneSegment() throws {
        let id = 42
        let name = "a/b?c"
        let request = try Endpoint<User, Never> {
            Method.get
            Path("/users/\(id)/files/\(name)")
        }.built()
        #expect(request.pathSegments == ["users", "42", "files", "a/b?c"])
        #expect(request.percentEncodedPath == "/users/42/files/a%2Fb%3Fc")
        try #expect(segments(Path("v\(2)/items/")) == ["v2", "items", ""])
        try #expect(segments(Path("\(name)")) == ["a/b?c"])
    }

    @Test func aTrailingSlashIsSentWhenNothingFollowsIt() throws {
        let id = 42
        let base = BaseURL("https://api.example.com/v1")
        let request = try Endpoint<User, Never> {
            Method.get
            Path("users/\(id)/")
        }.built()
        #expect(request.percentEncodedPath == "/users/42/")
        #expect(try base.url(for: request).absoluteString == "https://api.example.com/v1/users/42/")
        // A later Path continues after the slash; a value after the literal ends the path.
        let continued = try Endpoint<User, Never> {
            Method.get
            Path("users/")
            Path(id)
        }.built()
        #expect(continued.percentEncodedPath == "/users/42")
        try #expect(segments(Path("users/", id)) == ["users", "42"])
        try #expect(segments(Path("users/", "posts/")) == ["users", "posts/"])
        // The root stays the root, and an empty value is still refused, not read as a slash.
        try #expect(segments(Path("/")) == [])
        let empty = ""
        #expect(throws: CourierError.self) { try segments(Path("users", empty)) }
        let endpoint = Endpoint<User, Never> {
            Method.get
            Path("users/\(id)/")
        }
        #expect(endpoint.description == "GET /users/{…}/")
    }

    @Test func aStringValueIsOneSegmentWhereverItIsPassed() throws {
        let name = "a/b"
        try #expect(segments(Path(name)) == ["a/b"])
        try #expect(segments(Path(name, "c/d")) == ["a/b", "c/d"])
        try #expect(segments(Path("files", name)) == ["files", "a/b"])
        try #expect(segments(Path(7, name)) == ["7", "a/b"])
    }

    enum Role: String {
        case admin = "ADMIN"
    }

    struct Slug: CustomStringConvertible {
        var description: String { "my/slug" }
    }

    // Deprecated so the deprecation warnings these lines are meant to raise stay out of the build.
    @available(*, deprecated, message: "Exercises PathLiteral's deprecated catch-all interpolations.")
    @Test func aValueThatIsNotAParameterValueStillSplitsTheLiteral() throws {
        let role = Role.admin
        let slug = Slug()
        try #expect(segments(Path("/roles/\(role)/users")) == ["roles", "ADMIN", "users"])
        try #expect(segments(Path("posts/\(slug)/comments")) == ["posts", "my/slug", "comments"])
    }

    @available(*, deprecated, message: "Exercises PathLiteral's deprecated catch-all interpolations.")
    @Test func anOptionalIsRejectedWhenBuilt() {
        let id: Int? = 42
        let error = expectCourierError(.invalidPathSegment, stage: .building) {
            try Endpoint<User, Never> {
                Method.get
                Path("/users/\(id)/posts")
            }.built()
        }
        #expect(
            error?.message
                == "The path interpolates an optional Int; unwrap it first, since nil has no path text.")
    }

    @Test func anEmptyLiteralSegmentIsRejected() {
        let error = expectCourierError(.invalidPathSegment, stage: .building) {
            try Endpoint<User, Never> {
                Method.get
                Path("users//\(42)")
            }.built()
        }
        #expect(
            error?.message
                == #"The path "users//{…}" has an empty segment between two slashes; remove the extra slash."#
        )
    }

    @Test(arguments: ["//a", "/a//", "a//b/"])
    func anEmptySegmentIsQuotedAsWritten(path: String) {
        let literal = PathLiteral(stringLiteral: path)
        let error = expectCourierError(.invalidPathSegment, stage: .building) {
            try Endpoint<User, Never> {
                Method.get
                Path(literal)
            }.built()
        }
        #expect(
            error?.message
                == "The path \(path.debugDescription) has an empty segment between two slashes; remove the extra slash."
        )
    }

    @Test func anEmptyInterpolatedValueIsAnEmptyValue() {
        let empty = ""
        let error = expectCourierError(.invalidPathSegment) {
            try Endpoint<User, Never> {
                Method.get
                Path("users/\(empty)")
            }.built()
        }
        #expect(
            error?.message == "A path segment is empty; an empty value would address a different resource.")
    }

    @Test func dotSegmentsInALiteralAreRejected() {
        expectCourierError(.invalidPathSegment, stage: .building) {
            try Endpoint<User, Never> {
                Method.get
                Path("files/../admin")
            }.built()
        }
    }

    struct GetPost: CatalogEndpoint, Equatable {
        typealias Success = Empty
        typealias Failure = Never

        var user: String
        var id: Int

        var definition: some EndpointDefinition {
            Method.get
            Path("/v1/users/\(user)/posts/\(id)")
        }
    }

    @Test func catalogsCURLAndOpenAPIUseTheSplitSegments() throws {
        let shape = try GetPost.shape()
        #expect(shape.description == "GET /v1/users/{user}/posts/{id}")
        let parsed = try GetPost.parse(IncomingRequest(method: .get, target: "/v1/users/a%2Fb/posts/7"))
        #expect(parsed == GetPost(user: "a/b", id: 7))
        let request = try GetPost(user: "a/b", id: 7).endpoint.request()
        let curl = try request.curlCommand(baseURL: exampleBase)
        #expect(curl == "curl -X 'GET' 'https://api.example.com/v1/users/a%2Fb/posts/7'")
        let document = try Catalog([GetPost.self]).openAPIDocument(title: "Posts", version: "1")
        let json = try #require(
            try JSONSerialization.jsonObject(with: Data(document.json.utf8)) as? [String: Any])
        let paths = try #require(json["paths"] as? [String: Any])
        #expect(paths.keys.sorted() == ["/v1/users/{user}/posts/{id}"])
    }
}
