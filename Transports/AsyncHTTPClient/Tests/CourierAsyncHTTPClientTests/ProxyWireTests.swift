import Courier
import CourierAsyncHTTPClient
import CourierTransportConformance
import Foundation
import Testing

/// Whether `Scripts/test` started the proxy with the other servers.
private let proxyIsRunning =
    ConformanceCase.serversAreRunning && ProcessInfo.processInfo.environment["COURIER_PROXY_URL"] != nil

/// Requests through the CONNECT proxy `Scripts/test` starts (`Tests/Servers/proxy_server.py`),
/// which requires Basic credentials and records every `CONNECT`. Serialized: each case reads
/// the proxy's records before and after its requests.
@Suite(
    .serialized, .enabled(if: proxyIsRunning, "Start the servers with Scripts/test."), .timeLimit(.minutes(1))
)
struct ProxyWireTests {
    /// One `CONNECT` the proxy saw.
    struct Record: Decodable, Sendable, Equatable {
        let target: String
        let authorization: String?
        let status: Int
    }

    let proxyURL: BaseURL
    let user: String
    let password: String
    let servers: LoopbackServers

    init() throws {
        let environment = ProcessInfo.processInfo.environment
        proxyURL = try BaseURL(validating: try #require(environment["COURIER_PROXY_URL"]))
        user = try #require(environment["COURIER_PROXY_USER"])
        password = try #require(environment["COURIER_PROXY_PASSWORD"])
        servers = try LoopbackServers.current()
    }

    static let echo = Endpoint<LoopbackServers.Echo, Never> {
        Method.get
        Path("echo")
    }

    /// The proxy, with `password` (the right one by default) and `bypassing`.
    func proxy(password: String? = nil, bypassing: [String] = []) throws -> AsyncHTTPClientTransport.Proxy {
        try .http(
            host: proxyURL.host, port: proxyURL.effectivePort,
            credentials: .init(username: user, password: password ?? self.password), bypassing: bypassing)
    }

    /// Every `CONNECT` the proxy has seen, asked directly.
    func records() async throws -> [Record] {
        try await withClient(proxyURL, proxy: .none) { client in
            try await client.value(
                Endpoint<[Record], Never> {
                    Method.get
                    Path("records")
                })
        }
    }

    /// Runs `body` with a client on a transport of its own with `proxy`, shut down after.
    func withClient<T>(
        _ baseURL: BaseURL, proxy: AsyncHTTPClientTransport.Proxy, tls: TLSOptions? = nil,
        _ body: (Client) async throws -> T
    ) async throws -> T {
        let transport = AsyncHTTPClientTransport(proxy: proxy)
        var configuration = Client.Configuration(timeout: Timeout(.seconds(30)))
        configuration.tls = tls
        let client = Client(baseURL: baseURL, transport: transport, configuration: configuration)
        let result: Result<T, any Error>
        do { result = .success(try await body(client)) } catch { result = .failure(error) }
        try await transport.shutdown()
        return try result.get()
    }

    func failure(with client: Client) async -> CourierError? {
        do {
            _ = try await client.send(Self.echo)
            return nil
        } catch {
            return error
        }
    }

    var basic: String { "Basic " + Data("\(user):\(password)".utf8).base64EncodedString() }

    @Test func aPlainHTTPRequestGoesThroughATunnelAndTheServerNeverSeesTheProxyCredentials() async throws {
        let before = try await records().count
        let echo = try await withClient(servers.loopback, proxy: try proxy()) { client in
            try await client.value(Self.echo)
        }
        #expect(echo.header("Proxy-Authorization") == nil)
        let seen = echo.headers.flatMap { $0 }.joined(separator: " ")
        #expect(!seen.contains(password) && !seen.contains(basic))
        let new = try await records().dropFirst(before)
        #expect(
            Array(new) == [
                Record(
                    target: "\(servers.loopback.host):\(servers.loopback.effectivePort)",
                    authorization: basic,
                    status: 200)
            ])
    }

    @Test func anHTTPSRequestGoesThroughATunnelWithTLSToTheServerAndItsPinsChecked() async throws {
        let environment = ProcessInfo.processInfo.environment
        let trusted = try BaseURL(validating: try #require(environment["COURIER_TLS_TRUSTED_URL"]))
        let directory = URL(fileURLWithPath: try #require(environment["COURIER_TLS_DIR"]))
        func text(_ name: String) throws -> String {
            try String(contentsOf: directory.appendingPathComponent(name), encoding: .utf8)
                .trimmingCharacters(in: .whitespacesAndNewlines)
        }
        let before = try await records().count
        let root = try TLSCertificate(pem: text("ca.pem"))
        let (leafPin, caPin, sparePin) = (try text("trusted.pin"), try text("ca.pin"), try text("spare.pin"))
        let pins = try PublicKeyPins([leafPin, sparePin])
        let tls = TLSOptions(trustRoots: try .only([root]), pinnedKeys: pins)
        let hello = Endpoint<Data, Never> {
            Method.get
            Path("hello")
        }
        try await withClient(trusted, proxy: try proxy(), tls: tls) { client in
            _ = try await client.value(hello)
        }
        var mismatch = tls
        let caPins = try PublicKeyPins([caPin, sparePin])
        mismatch.pinnedKeys = caPins
        try await withClient(trusted, proxy: try proxy(), tls: mismatch) { client in
            do {
                _ = try await client.value(hello)
                Issue.record("a key not pinned was accepted through the proxy")
            } catch let error as CourierError {
                #expect(error.kind == .publicKeyPinMismatch)
            }
        }
        let target = "\(trusted.host):\(trusted.effectivePort)"
        let targets = try await records().dropFirst(before).map(\.target)
        #expect(targets == [target, target])
    }

    @Test func anExpiredCertificateBehindAProxyIsTypedAsExpired() async throws {
        let environment = ProcessInfo.processInfo.environment
        let expired = try BaseURL(validating: try #require(environment["COURIER_TLS_EXPIRED_URL"]))
        let directory = URL(fileURLWithPath: try #require(environment["COURIER_TLS_DIR"]))
        let root = try TLSCertificate(
            pem: try String(contentsOf: directory.appendingPathComponent("ca.pem"), encoding: .utf8))
        let tls = TLSOptions(trustRoots: try .only([root]))
        let socks = try AsyncHTTPClientTransport.Proxy.socks(
            host: proxyURL.host, port: proxyURL.effectivePort)
        let before = try await records().count
        for proxy in [try proxy(), socks] {
            try await withClient(expired, proxy: proxy, tls: tls) { client in
                let error = try #require(await failure(with: client))
                #expect(error.kind == .certificateExpired, "\(proxy): \(error)")
            }
        }
        // The request and the date check, each through a tunnel of its own, with the credentials.
        let target = "\(expired.host):\(expired.effectivePort)"
        #expect(
            Array(try await records().dropFirst(before)) == [
                Record(target: target, authorization: basic, status: 200),
                Record(target: target, authorization: basic, status: 200),
                Record(target: target, authorization: "socks5", status: 0),
                Record(target: target, authorization: "socks5", status: 0),
            ])
    }

    @Test func wrongCredentialsAreTypedAndNeverShown() async throws {
        let wrong = "wr0ng-pa55word"
        try await withClient(servers.loopback, proxy: try proxy(password: wrong)) { client in
            let error = try #require(await failure(with: client))
            #expect(error.kind == .proxyAuthenticationFailed)
            #expect(
                error.message
                    == "The proxy \(proxyURL.host):\(proxyURL.effectivePort) answered 407 to the tunnel request: "
                    + "the credentials for it are missing or wrong (set them in AsyncHTTPClientTransport.Proxy); "
                    + "nothing reached the server.")
            var dumped = ""
            dump(error, to: &dumped)
            for text in ["\(error)", String(reflecting: error), dumped] {
                #expect(!text.contains(wrong), "\(text)")
            }
        }
    }

    @Test func aBypassedHostConnectsDirectlyAndOthersStillGoThroughTheProxy() async throws {
        let before = try await records().count
        let alternate = servers.alternate
        try await withClient(alternate, proxy: try proxy(bypassing: [alternate.host])) { client in
            _ = try await client.value(Self.echo)
            // The same transport, another host: through the proxy.
            let direct = Client(baseURL: servers.loopback, transport: client.transport)
            _ = try await direct.value(Self.echo)
        }
        let targets = try await records().dropFirst(before).map(\.target)
        #expect(targets == ["\(servers.loopback.host):\(servers.loopback.effectivePort)"])
    }

    @Test func aServerTheProxyCannotReachIsAProxyFailure() async throws {
        // Port 1 on loopback: nothing listens there.
        let closed = try BaseURL(validating: "http://127.0.0.1:1")
        try await withClient(closed, proxy: try proxy()) { client in
            let error = try #require(await failure(with: client))
            #expect(error.kind == .proxyFailed)
            #expect(
                error.message
                    == "The proxy \(proxyURL.host):\(proxyURL.effectivePort) refused to open a tunnel to the "
                    + "server (it answered CONNECT with an error); nothing reached the server.")
        }
    }

    @Test func aSOCKS5ProxyTunnelsToTheServerAndNamesItsRefusal() async throws {
        let before = try await records().count
        let socks = try AsyncHTTPClientTransport.Proxy.socks(
            host: proxyURL.host, port: proxyURL.effectivePort)
        let echo = try await withClient(servers.loopback, proxy: socks) { client in
            try await client.value(Self.echo)
        }
        #expect(echo.method == "GET")
        let closed = try BaseURL(validating: "http://127.0.0.1:1")
        try await withClient(closed, proxy: socks) { client in
            let error = try #require(await failure(with: client))
            #expect(error.kind == .proxyFailed)
            #expect(
                error.message
                    == "The SOCKS proxy \(proxyURL.host):\(proxyURL.effectivePort) could not connect to the "
                    + "server (SOCKS reply 5); nothing reached the server.")
        }
        let new = try await records().dropFirst(before)
        #expect(
            Array(new) == [
                Record(
                    target: "\(servers.loopback.host):\(servers.loopback.effectivePort)",
                    authorization: "socks5",
                    status: 0),
                Record(target: "127.0.0.1:1", authorization: "socks5", status: 5),
            ])
    }

    @Test func aProxyThatDoesNotAcceptConnectionsIsNamed() async throws {
        let unreachable = try AsyncHTTPClientTransport.Proxy.http(host: "127.0.0.1", port: 1)
        try await withClient(servers.loopback, proxy: unreachable) { client in
            let error = try #require(await failure(with: client))
            #expect(error.kind == .cannotConnect)
            #expect(
                error.message.hasPrefix("Could not connect to the proxy 127.0.0.1:1: "), "\(error.message)")
        }
    }
}
