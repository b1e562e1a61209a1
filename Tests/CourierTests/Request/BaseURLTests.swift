import CourierTestSupport
import Foundation
import Testing

@testable import Courier

@Suite struct BaseURLTests {
    static let users = Endpoint<User, Never> {
        Method.get
        Path("users", 1)
        Query("q", "a b")
    }

    @Test(arguments: [
        ("example.com", "https://example.com/users/1?q=a%20b"),
        ("example.com/", "https://example.com/users/1?q=a%20b"),
        ("example.com/base/path", "https://example.com/base/path/users/1?q=a%20b"),
        ("example.com/base/path/", "https://example.com/base/path/users/1?q=a%20b"),
        ("example.com//base//path//", "https://example.com/base/path/users/1?q=a%20b"),
        ("http://localhost:8080/api", "http://localhost:8080/api/users/1?q=a%20b"),
        ("HTTP://LocalHost:8080/api/", "http://localhost:8080/api/users/1?q=a%20b"),
        ("http://127.0.0.1:9", "http://127.0.0.1:9/users/1?q=a%20b"),
        ("http://[::1]:8080/v1", "http://[::1]:8080/v1/users/1?q=a%20b"),
    ])
    func exactlyOneSlashJoinsBaseAndEndpoint(base: String, expected: String) throws {
        let url = try BaseURL(validating: base).url(for: Self.users.built())
        #expect(url.absoluteString == expected)
    }

    @Test func endpointWithoutPathResolvesToTheBase() throws {
        let request = try Endpoint<Empty, Never> { Method.get }.built()
        #expect(
            try BaseURL(validating: "example.com/api/").url(for: request).absoluteString
                == "https://example.com/api")
        #expect(
            try BaseURL(validating: "example.com").url(for: request).absoluteString == "https://example.com/")
    }

    @Test func urlInitializerAcceptsAbsoluteURLs() throws {
        let url = try #require(URL(string: "https://example.com:8443/root"))
        let base = try BaseURL(url)
        #expect(base.scheme == "https")
        #expect(base.port == 8443)
        #expect(base.description == "https://example.com:8443/root")
    }

    @Test func userinfoIsRejectedWithoutEchoingIt() {
        let error = expectCourierError(.invalidBaseURL) {
            try BaseURL(validating: "https://user:hunter2@example.com")
        }
        #expect(
            error?.message
                == "The base URL contains userinfo; put credentials in an Authorization header instead.")
        #expect(error.map { !$0.description.contains("hunter2") } == true)
    }

    /// A query may carry a key: the message shows the URL up to it.
    @Test func aQueryIsRejectedWithoutEchoingIt() {
        let error = expectCourierError(.invalidBaseURL) {
            try BaseURL(validating: "https://api.example.com/v1?api_key=s3cret#x")
        }
        #expect(
            error?.message
                == "The base URL \"https://api.example.com/v1…\" is not usable: it has a query or fragment; "
                + "declare query parameters with Query.")
        #expect(error.map { !$0.description.contains("s3cret") } == true)
        for base in [
            "ftp://user:pw-secret@example.com", "https://user:pw-secret@example.com/a b", "https://u:pw?x@h",
        ] {
            let refused = expectCourierError(.invalidBaseURL) { try BaseURL(validating: base) }
            #expect(refused.map { !$0.description.contains("pw") } == true, "\(base)")
        }
    }

    @Test(arguments: [
        "ftp://example.com", "file:///etc/passwd", "https://", "example.com?x=1", "example.com/#frag",
    ])
    func unusableBasesAreRejected(base: String) {
        expectCourierError(.invalidBaseURL) { try BaseURL(validating: base) }
    }

    /// Logging and metrics read the resolved URL as text; it must be the URL's own text, also
    /// when the host or base path is not plain and the URL is parsed to find it.
    @Test(arguments: [
        "example.com", "example.com/base/path", "http://localhost:8080/api", "http://[::1]:8080/v1",
        "example.com/a%20b/~x", "example.com/a;b/c:d@e", "example.com/%7e", "http://127.0.0.1:9",
        "https://xn--caf-dma.example", "https://EXAMPLE.com.", "https://exa_mple.com/$/!",
    ])
    func resolvedTextIsTheURLsText(base: String) throws {
        let base = try BaseURL(validating: base)
        let requests = try [
            Self.users.built(), Endpoint<Empty, Never> { Method.get }.built(),
            Endpoint<Empty, Never> {
                Method.get
                Path("a b", "ü", "%", "x+y")
                Query("q", "1&2=3")
                Query("ä", "")
            }.built(),
        ]
        for request in requests {
            let url = try base.url(for: request)
            #expect(base.absoluteString(for: request) == url.absoluteString)
            #expect(base.text(for: request) == url.absoluteString || !base.isPlain)
            #expect(base.percentEncodedPath(for: request) == url.path(percentEncoded: true))
        }
    }
}

@Suite struct BaseURLEffectivePortTests {
    @Test(arguments: [
        ("example.com", 443), ("http://example.com", 80), ("http://localhost:8080/api", 8080),
        ("https://example.com:8443", 8443), ("http://example.com:443", 443),
    ])
    func theEffectivePortIsTheExplicitOneElseTheSchemesDefault(base: String, port: Int) throws {
        #expect(try BaseURL(validating: base).effectivePort == port)
    }
}
