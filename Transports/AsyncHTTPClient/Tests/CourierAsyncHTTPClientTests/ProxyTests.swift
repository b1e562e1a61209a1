import AsyncHTTPClient
import Courier
import Foundation
import Testing

@testable import CourierAsyncHTTPClient

typealias Proxy = AsyncHTTPClientTransport.Proxy

/// Proxy settings as values: the environment read as curl reads it, the bypass list, the
/// validation and the redaction of the password. No network.
struct ProxyTests {
    static func url(_ text: String) -> URL { URL(string: text)! }

    @Test func theEnvironmentNamesAProxyPerSchemeAndTheHostsThatBypassIt() throws {
        let proxy = try Proxy.fromEnvironment([
            "https_proxy": "http://alice:p%40ss@proxy.example:3128",
            "http_proxy": "plain.example",
            "NO_PROXY": "localhost, .internal.example,10.0.0.0/8,[::1]:8080",
        ])
        let https = try #require(proxy.httpsServer)
        #expect(https.kind == .http && https.host == "proxy.example" && https.port == 3128)
        #expect(https.credentials?.username == "alice")
        #expect(https.credentials?.password == "p@ss")
        let http = try #require(proxy.httpServer)
        // curl's default port for a proxy without one.
        #expect(http.host == "plain.example" && http.port == 1080 && http.credentials == nil)
        #expect(proxy.server(for: Self.url("https://api.example.com/x")) == https)
        #expect(proxy.server(for: Self.url("http://api.example.com/x")) == http)
        #expect(proxy.server(for: Self.url("https://billing.internal.example/")) == nil)
        #expect(proxy.server(for: Self.url("http://LOCALHOST:9000/")) == nil)
        #expect(proxy.server(for: Self.url("http://10.1.2.3/")) == nil)
        #expect(proxy.server(for: Self.url("http://11.1.2.3/")) == http)
        #expect(proxy.server(for: Self.url("http://[::1]:8080/")) == nil)
        #expect(proxy.server(for: Self.url("http://[::1]:8081/")) == http)
    }

    /// curl sends a password given without a user name; so does Courier, never dropping it.
    @Test func aPasswordWithoutAUserNameIsSent() throws {
        let proxy = try Proxy.fromEnvironment(["http_proxy": "http://:s3cret@proxy.example:3128"])
        let server = try #require(proxy.httpServer)
        #expect(server.credentials?.username == "")
        #expect(server.credentials?.password == "s3cret")
        #expect(
            try Proxy.fromEnvironment(["http_proxy": "http://@proxy.example:3128"]).httpServer?.credentials
                == nil)
    }

    @Test func theLowerCaseVariableWinsAndAnEmptyOneMeansNone() throws {
        let proxy = try Proxy.fromEnvironment([
            "https_proxy": "lower.example:1", "HTTPS_PROXY": "upper.example:2", "http_proxy": " ",
        ])
        #expect(proxy.httpsServer?.host == "lower.example")
        #expect(proxy.httpServer == nil)
        #expect(try Proxy.fromEnvironment([:]) == .none)
        // As curl: a CGI server sets HTTP_PROXY from a request's Proxy header ("httpoxy").
        #expect(try Proxy.fromEnvironment(["HTTP_PROXY": "attacker.example:8080"]) == .none)
        #expect(try Proxy.fromEnvironment([:]).server(for: Self.url("https://a.example/")) == nil)
    }

    @Test func socksFromTheEnvironmentIsSOCKS5WithoutCredentials() throws {
        let proxy = try Proxy.fromEnvironment(["https_proxy": "socks5h://socks.example"])
        #expect(proxy.httpsServer?.kind == .socks5)
        #expect(proxy.httpsServer?.port == 1080)
    }

    @Test(arguments: [
        (
            "https://proxy.example:3128",
            "AsyncHTTPClient speaks to a proxy in plain text only; use an http:// proxy URL"
        ),
        ("socks5://bob:hunter2@socks.example", "it gives SOCKS credentials, and AsyncHTTPClient sends none"),
        ("socks4://socks.example", "its scheme is not http, socks5 or socks5h"),
        ("http://bob:hunter2@proxy.example:99999", "its port is outside 1...65535"),
        ("http://:hunter2@", "it is not a proxy URL ([scheme://][user:password@]host[:port])"),
    ])
    func aProxyURLThatCannotBeUsedIsRefusedNamingTheVariableNotTheValue(value: String, reason: String) {
        do {
            _ = try Proxy.fromEnvironment(["HTTPS_PROXY": value])
            Issue.record("accepted \(value)")
        } catch {
            #expect(error.kind == .invalidProxy)
            #expect(error.stage == .building)
            #expect(error.message == "The proxy in HTTPS_PROXY cannot be used: \(reason).")
            #expect(!"\(error)".contains("hunter2"))
        }
    }

    @Test(arguments: [
        ("*", "anything.example", 443, true),
        ("example.com", "example.com", 443, true),
        ("example.com", "api.EXAMPLE.com.", 443, true),
        (".example.com", "example.com", 80, true),
        ("example.com", "myexample.com", 443, false),
        ("example.com:8443", "api.example.com", 8443, true),
        ("example.com:8443", "api.example.com", 443, false),
        ("127.0.0.1", "127.0.0.1", 80, true),
        ("127.0.0.1", "127.0.0.2", 80, false),
        ("127.0.0.0/8", "127.9.9.9", 80, true),
        ("192.168.0.0/16", "192.169.0.1", 80, false),
        ("::1", "[::1]", 80, true),
        ("fe80::/10", "fe80::1", 80, true),
        ("fe80::/10", "127.0.0.1", 80, false),
        ("10.0.0.0/8", "ten.example", 80, false),
        // A name rule never matches an address, whatever its suffix.
        ("0.0.1", "127.0.0.1", 80, false),
        ("*.example.com", "api.example.com", 443, true),
        ("*.example.com", "example.com", 443, true),
        // An IPv6 literal with a zone is no name, whatever follows its `%`.
        ("example.com", "1000::%.example.com", 123, false),
        ("xn--fsq092h.com", "www.xn--fsq092h.com", 80, true),
    ])
    func aBypassEntryMatchesAsCurlHasIt(entry: String, host: String, port: Int, matches: Bool) throws {
        #expect(try ProxyBypass([entry]).matches(host: host, port: port) == matches)
    }

    /// curl separates `NO_PROXY` entries by commas or whitespace, and reads `*` as every host only
    /// when it is the whole value.
    @Test(arguments: [
        ("localhost .example.com .example.de", "www.example.com", true),
        ("foo\t127.0.0.1", "127.0.0.1", true),
        (" * ", "anything.example", true),
        ("foo, bar", "bar", true),
        ("foo, bar", "baz", false),
    ])
    func aNoProxyValueSplitsAsCurlSplitsIt(value: String, host: String, matches: Bool) throws {
        #expect(try ProxyBypass(noProxy: value).matches(host: host, port: 80) == matches)
    }

    @Test(arguments: [
        (
            "10.0.0.0/33",
            "The proxy bypass entry \"10.0.0.0/33\" cannot be used: it is not an address and a prefix length in CIDR notation."
        ),
        (
            "example.com:http",
            "The proxy bypass entry \"example.com:http\" cannot be used: its port is not a number in 1...65535."
        ),
        ("...", "The proxy bypass entry \"...\" cannot be used: it names no host."),
        (
            "*",
            "The proxy bypass entry \"*\" cannot be used: `*` means every host only as the whole list; "
                + "give it alone."
        ),
        (
            ".示例.com",
            "The proxy bypass entry \".示例.com\" cannot be used: a host name is matched in ASCII; write an "
                + "internationalized name in its xn-- form."
        ),
        (
            "[fd00::]/8",
            "The proxy bypass entry \"[fd00::]/8\" cannot be used: only :PORT may follow a bracketed IPv6 "
                + "address (a range is fd00::/8, unbracketed)."
        ),
    ])
    func aBypassEntryThatDoesNotParseIsRefusedByName(entry: String, message: String) {
        do {
            _ = try ProxyBypass(noProxy: "localhost,\(entry)")
            Issue.record("accepted \(entry)")
        } catch {
            #expect(error.kind == .invalidProxy)
            #expect(error.message == message)
        }
    }

    @Test func aServerOrCredentialsThatCannotBeUsedAreRefused() {
        #expect(kind { _ = try Proxy.http(host: " ", port: 3128) } == .invalidProxy)
        #expect(kind { _ = try Proxy.socks(host: "socks.example", port: 0) } == .invalidProxy)
        #expect(kind { _ = try Proxy.Credentials(username: "a:b", password: "x") } == .invalidProxy)
    }

    /// The kind of the error `body` throws, or `nil`.
    private func kind(_ body: () throws -> Void) -> CourierError.Kind? {
        do {
            try body()
            return nil
        } catch {
            return (error as? CourierError)?.kind
        }
    }

    @Test func noRenderingShowsThePassword() throws {
        let proxy = try Proxy.http(
            host: "proxy.example", port: 3128,
            credentials: .init(username: "alice", password: "hunter2"), bypassing: ["localhost"])
        #expect(
            proxy.description
                == "Proxy(http: proxy.example:3128 as alice:<redacted>, https: proxy.example:3128 as "
                + "alice:<redacted>, bypassing: localhost)")
        var dumped = ""
        dump(proxy, to: &dumped)
        let credentials = try #require(proxy.httpServer?.credentials)
        for text in [
            proxy.description, String(reflecting: proxy), dumped, "\(credentials)",
            String(reflecting: credentials),
        ] {
            #expect(!text.contains("hunter2"), "\(text)")
        }
        #expect(Proxy.none.description == "Proxy(none)")
        #expect(
            try Proxy.socks(host: "::1").description
                == "Proxy(http: socks5 [::1]:1080, https: socks5 [::1]:1080)")
    }
}

/// The transport keeps the proxy's password in the `HTTPClient` it makes for the proxy; no
/// rendering of the transport reaches it.
@Test func noRenderingOfATransportShowsItsProxyPassword() async throws {
    let proxy = try Proxy.http(
        host: "127.0.0.1", port: 9, credentials: .init(username: "alice", password: "hunter2"))
    let transport = AsyncHTTPClientTransport(proxy: proxy)
    let route = AsyncHTTPClientTransport.Route(tls: nil, proxy: proxy.httpsServer)
    _ = try transport.client(for: route)
    var dumped = ""
    dump(transport, to: &dumped)
    try await transport.shutdown()
    let basic = Data("alice:hunter2".utf8).base64EncodedString()
    for text in [dumped, "\(transport)", String(reflecting: transport)] {
        #expect(!text.contains("hunter2") && !text.contains(basic), "\(text)")
    }
}

/// Once shutdown has begun, a request of a pinned or proxied route fails as shut down: it never
/// goes out through the direct client, without its pin check or proxy.
@Test func aRoutedRequestAfterShutdownFailsInsteadOfGoingDirect() async throws {
    let proxy = try Proxy.http(host: "127.0.0.1", port: 9)
    let transport = AsyncHTTPClientTransport(proxy: proxy)
    let route = AsyncHTTPClientTransport.Route(tls: nil, proxy: proxy.httpsServer)
    _ = try transport.client(for: route)
    try await transport.shutdown()
    #expect(throws: HTTPClientError.alreadyShutdown) { try transport.client(for: route) }
}
