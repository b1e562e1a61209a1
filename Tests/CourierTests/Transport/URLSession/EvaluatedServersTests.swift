import Foundation
import Testing

@testable import Courier

/// A response to a request with roots or pins gets through only when Courier's evaluation with
/// those options accepted its server.
@Suite struct EvaluatedServersTests {
    static let pins = TLSOptions(
        pinnedKeys: try! PublicKeyPins([
            Data(repeating: 1, count: 32).base64EncodedString(),
            Data(repeating: 2, count: 32).base64EncodedString(),
        ]))

    static func request(_ url: String, _ options: TLSOptions? = pins) -> TransportRequest {
        TransportRequest(method: .get, url: URL(string: url)!, headers: [], body: nil, tls: options)
    }

    @Test func aServerNeverEvaluatedFailsClosed() throws {
        let refusal = try #require(EvaluatedServers().refusal(of: Self.request("https://api.example.com/a")))
        #expect(refusal.kind == .tlsHandshakeFailed)
        #expect(
            refusal.message
                == "The TLS handshake with api.example.com failed: the server's certificate could not be checked "
                + "against TLSOptions.trustRoots and pinnedKeys, since no server-trust challenge came for its "
                + "connection (a resumed TLS session skips it).")
    }

    /// A request that reuses a connection another request with the same options opened passes.
    @Test func aServerEvaluatedUnderTheSameOptionsPasses() {
        let servers = EvaluatedServers()
        servers.record(Self.request("https://API.example.com/first"))
        #expect(servers.refusal(of: Self.request("https://api.example.com/second")) == nil)
        #expect(servers.refusal(of: Self.request("https://api.example.com:443/third")) == nil)
    }

    @Test func anotherPortHostOrOptionsValueIsNotEvaluated() throws {
        let servers = EvaluatedServers()
        servers.record(Self.request("https://api.example.com/"))
        let roots = TLSOptions(trustRoots: .system(adding: [try TLSCertificate(der: Data([0x30, 0x00]))]))
        #expect(servers.refusal(of: Self.request("https://api.example.com:8443/")) != nil)
        #expect(servers.refusal(of: Self.request("https://www.example.com/")) != nil)
        #expect(servers.refusal(of: Self.request("https://api.example.com/", roots)) != nil)
    }

    /// Plain HTTP has no TLS, and options without roots or pins leave the trust to the system.
    @Test func onlyHTTPSWithRootsOrPinsIsChecked() {
        let servers = EvaluatedServers()
        #expect(servers.refusal(of: Self.request("http://api.example.com/")) == nil)
        #expect(servers.refusal(of: Self.request("https://api.example.com/", nil)) == nil)
        #expect(
            servers.refusal(of: Self.request("https://api.example.com/", TLSOptions(minimumVersion: .tls13)))
                == nil)
    }
}
