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
                == "The base URL \"https://…\" is not usable: it contains userinfo; put credentials in an "
                + "Authorization header instead.")
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

    /// Hosts and ports as they are sent, whatever form they were written in (WHATWG URL test
    /// data, UTS #46 for names).
    @Test(
        arguments: [
            ("https://bücher.example/", "xn--bcher-kva.example", nil),
            ("https://BÜCHER.example", "xn--bcher-kva.example", nil),
            ("https://xn--bcher-kva.example", "xn--bcher-kva.example", nil),
            ("https://bücher\u{3002}example", "xn--bcher-kva.example", nil),
            ("https://bücher\u{FF0E}example", "xn--bcher-kva.example", nil),
            ("https://b%C3%BCcher.example", "xn--bcher-kva.example", nil),
            ("https://faß.example", "xn--fa-hia.example", nil),
            ("https://\u{FF45}\u{FF58}\u{FF41}\u{FF4D}\u{FF50}\u{FF4C}\u{FF45}.com", "example.com", nil),
            ("http://127.1:8080", "127.0.0.1", 8080),
            ("http://0x7f.1", "127.0.0.1", nil),
            ("http://0177.0.0.1", "127.0.0.1", nil),
            ("http://2130706433", "127.0.0.1", nil),
            ("http://127.0.0.1.", "127.0.0.1", nil),
            ("http://[0:0:0:0:0:0:0:1]:8080", "::1", 8080),
            ("http://[2001:DB8::A]", "2001:db8::a", nil),
            ("http://[::ffff:127.0.0.1]", "::ffff:7f00:1", nil),
            ("http://[0:0:0:0:0:0:13.1.68.3]", "::d01:4403", nil),
            ("http://[1:0::]", "1::", nil),
            ("http://[1:0:0:2:0:0:0:3]", "1:0:0:2::3", nil),
            ("http://[::2]", "::2", nil),
            ("https://ex%C2%ADample.com", "example.com", nil),
            ("https://ex\u{200B}ample.com", "example.com", nil),
            ("http://example.com:80", "example.com", nil),
            ("https://example.com:443/api", "example.com", nil),
            ("https://example.com:0443", "example.com", nil),
            ("http://example.com:443", "example.com", 443),
            ("http://example.com:", "example.com", nil),
            ("https://example.com.", "example.com.", nil),
            ("https://exa_mple.com", "exa_mple.com", nil),
        ] as [(String, String, Int?)])
    func hostsAndPortsAreKeptAsTheyAreSent(base: String, host: String, port: Int?) throws {
        let parsed = try BaseURL(validating: base)
        #expect(parsed.host == host)
        #expect(parsed.port == port)
        #expect(try parsed.url(for: Self.users.built()).host() == host)
    }

    /// What no URL can carry, whichever way it is written; the message never shows what follows
    /// an encoded `@`.
    @Test(arguments: [
        "http://example.com:65536", "http://example.com:99999999999999999999", "http://example.com:0",
        "http://example.com:8o", "http://example.com:+80", "http://127.0.0.1%2Fa.example:8080/api",
        "http://TOKEN123%40127.0.0.1/api", "https://user%3As3cr3t%40h.example/", "https://%00.example/",
        "https://ex%20ample.com", "https://ex%25ample.com", "https://ex\u{FF0F}ample.com", "http://256.0.0.1",
        "http://1.2.3.4.5", "http://0x100.0.0.1", "http://[v1.fe]/", "http://[:::1]/", "http://[zz::1]/",
        "http://[fe80::1%25eth0]/", "http://[::1]x/", "http:/example.com", "https:example.com",
        "HTTP:/localhost:8080/api", "https://example.com/a/../b", "https://example.com/a/%2e%2E/b",
        "https://example.com/./a", "https://xn--a.example", "https://xn--.example", "https://a%7Bb.example",
        "https://a%22b.example", "https://0xffffffffffffffffffff", "https://a\u{FFFD}b.example",
        "https://a%C2%85b.example", "https://a\u{E000}b.example",
        "https://example.com/a%zz",
        "https://example.com/a%2",
    ])
    func unusableHostsPortsAndPathsAreRejected(base: String) {
        let error = expectCourierError(.invalidBaseURL) { try BaseURL(validating: base) }
        #expect(error.map { !$0.description.contains("s3cr3t") && !$0.description.contains("TOKEN") } == true)
    }

    /// An absolute URL is read as a base is, and its refusal says why without what precedes an
    /// encoded `@`.
    @Test func anUnusableAbsoluteURLSaysWhyWithoutItsSecret() throws {
        for (text, reason) in [
            ("http://TOKEN123%40127.0.0.1/x", "no host name may have"),
            ("http://127.0.0.1:65536/x", "not between 1 and 65535"),
        ] {
            let url = try #require(URL(string: text))
            let error = expectCourierError(.invalidBaseURL) {
                try Endpoint<Empty, Never> {
                    Method.get
                    AbsoluteURL(url)
                }.built()
            }
            #expect(error?.message.contains(reason) == true, "\(String(describing: error))")
            #expect(error.map { !"\($0)".contains("TOKEN123") } == true)
        }
    }

    @Test func aSchemeWithoutItsSlashesIsNotTakenForAHost() throws {
        let error = expectCourierError(.invalidBaseURL) {
            try BaseURL(validating: "http:/localhost:8080/api")
        }
        #expect(error?.message.contains("two slashes") == true, "\(String(describing: error))")
        #expect(try BaseURL(validating: "localhost:8080/api").description == "https://localhost:8080/api")
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
