import Courier
import CourierAsyncHTTPClient
import CourierTransportConformance
import Foundation
import Testing

/// What the AsyncHTTPClient transport does with pinned keys beyond the conformance suite's TLS
/// cases: it checks the leaf's key only, before any byte of a request, over HTTP/1.1 and HTTP/2,
/// and pins nothing on a plain HTTP request.
@Suite(
    .enabled(if: ConformanceCase.serversAreRunning, ConformanceCase.skipReason), .timeLimit(.minutes(1)))
struct PublicKeyPinCheckTests {
    /// The HTTPS test servers and their material, from the environment `Scripts/test` exports.
    struct Material {
        let trusted: BaseURL
        let http2: BaseURL
        let directory: URL

        init() throws {
            let environment = ProcessInfo.processInfo.environment
            trusted = try BaseURL(validating: try #require(environment["COURIER_TLS_TRUSTED_URL"]))
            http2 = try BaseURL(validating: try #require(environment["COURIER_TLS_H2_URL"]))
            directory = URL(fileURLWithPath: try #require(environment["COURIER_TLS_DIR"]))
        }

        func text(_ name: String) throws -> String {
            try String(contentsOf: directory.appendingPathComponent(name), encoding: .utf8)
        }

        /// A pin made by `make_tls_material.sh`: `trusted` (the leaf), `ca`, or `spare` (no server's).
        func pin(_ name: String) throws -> String {
            try text("\(name).pin").trimmingCharacters(in: .whitespacesAndNewlines)
        }

        /// Options trusting the test CA alone, with `pins` when given.
        func options(pinning pins: [String]) throws -> TLSOptions {
            let root = try TLSCertificate(pem: text("ca.pem"))
            return TLSOptions(trustRoots: try .only([root]), pinnedKeys: try PublicKeyPins(pins))
        }
    }

    struct Answer: Decodable, Sendable {
        let connection: Int
    }

    struct Seen: Decodable, Sendable {
        let seen: Bool
    }

    struct Version: Decodable, Sendable {
        let version: String
    }

    let material: Material

    init() throws {
        material = try Material()
    }

    /// Runs `body` with a client on a transport of its own, shut down after.
    private func withClient<T>(
        _ baseURL: BaseURL, tls: TLSOptions?, _ body: (Client) async throws -> T
    ) async throws -> T {
        let transport = AsyncHTTPClientTransport()
        var configuration = Client.Configuration(timeout: Timeout(.seconds(30)))
        configuration.tls = tls
        let client = Client(baseURL: baseURL, transport: transport, configuration: configuration)
        let result: Result<T, any Error>
        do { result = .success(try await body(client)) } catch { result = .failure(error) }
        try await transport.shutdown()
        return try result.get()
    }

    private func failure<T>(_ endpoint: Endpoint<T, Never>, with client: Client) async -> CourierError? {
        do {
            _ = try await client.send(endpoint)
            return nil
        } catch {
            return error
        }
    }

    @Test func aPinOfTheCAKeyIsAMismatchThatSaysOnlyTheLeafIsChecked() async throws {
        let pinned = try material.options(pinning: [material.pin("ca"), material.pin("spare")])
        try await withClient(material.trusted, tls: pinned) { client in
            let hello = Endpoint<Answer, Never> {
                Method.get
                Path("hello")
            }
            let error = try #require(await failure(hello, with: client))
            #expect(error.kind == .publicKeyPinMismatch)
            #expect(error.kind.isTLSTrustFailure)
            let host = "\(material.trusted.host):\(material.trusted.effectivePort)"
            #expect(
                error.message
                    == "The public key of the certificate of \(host) matches none of the 2 "
                    + "TLSOptions.pinnedKeys; AsyncHTTPClientTransport checks the key of the server's own "
                    + "certificate (the leaf) only, not its CA's or intermediates'.")
        }
    }

    @Test func noByteOfARequestReachesAServerWhoseKeyIsNotPinned() async throws {
        let marker = UUID().uuidString
        let marked = Endpoint<Answer, Never> {
            Method.post
            Path("pinned", marker)
            Body.json(["secret": "s3cr3t"])
        }
        let seen = Endpoint<Seen, Never> {
            Method.get
            Path("seen")
            Query("path", "/pinned/\(marker)")
        }
        let mismatch = try material.options(pinning: [material.pin("spare"), material.pin("ca")])
        try await withClient(material.trusted, tls: mismatch) { client in
            let error = try #require(await failure(marked, with: client))
            #expect(error.kind == .publicKeyPinMismatch)
        }
        let match = try material.options(pinning: [material.pin("trusted"), material.pin("spare")])
        try await withClient(material.trusted, tls: match) { client in
            let before = try await client.value(seen).seen
            #expect(before == false, "the server received a request its key was not pinned for")
            // The server does record the path once a request for it arrives.
            _ = try await client.value(marked)
            let after = try await client.value(seen).seen
            #expect(after == true)
        }
    }

    @Test func aPinIsCheckedOnHTTP2ConnectionsToo() async throws {
        let version = Endpoint<Version, Never> {
            Method.get
            Path("version")
        }
        let match = try material.options(pinning: [material.pin("trusted"), material.pin("spare")])
        try await withClient(material.http2, tls: match) { client in
            let response = try await client.send(version)
            #expect(response.httpVersion == .http2)
        }
        let mismatch = try material.options(pinning: [material.pin("spare"), material.pin("ca")])
        try await withClient(material.http2, tls: mismatch) { client in
            let error = try #require(await failure(version, with: client))
            #expect(error.kind == .publicKeyPinMismatch, "\(error)")
        }
    }

    @Test func aPinnedClientKeepsItsConnectionForTheNextRequest() async throws {
        let hello = Endpoint<Answer, Never> {
            Method.get
            Path("hello")
        }
        let match = try material.options(pinning: [material.pin("trusted"), material.pin("spare")])
        try await withClient(material.trusted, tls: match) { client in
            let first = try await client.value(hello).connection
            let second = try await client.value(hello).connection
            #expect(first == second)
        }
    }

    /// Like the other options, pins govern HTTPS connections: a plain HTTP request has no key to
    /// check, and is sent as without them.
    @Test func pinsChangeNothingForAPlainHTTPRequest() async throws {
        let servers = try LoopbackServers.current()
        let options = try material.options(pinning: [material.pin("spare"), material.pin("ca")])
        try await withClient(servers.loopback, tls: options) { client in
            let echo = Endpoint<LoopbackServers.Echo, Never> {
                Method.get
                Path("echo")
            }
            let echoed = try await client.value(echo)
            #expect(echoed.method == "GET")
        }
    }
}
