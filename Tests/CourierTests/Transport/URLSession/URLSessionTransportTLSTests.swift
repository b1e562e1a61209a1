import Foundation
import Testing

@testable import Courier

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite struct URLSessionTransportTLSTests {
    static let der = Data([0x30, 0x03, 0x02, 0x01, 0x00])

    static func options() throws -> [(TLSOptions.Option, TLSOptions)] {
        let certificate = try TLSCertificate(der: der)
        let key = try TLSPrivateKey(
            pem: "-----BEGIN PRIVATE KEY-----\n\(der.base64EncodedString())\n-----END PRIVATE KEY-----\n")
        return [
            (.trustRoots, TLSOptions(trustRoots: .system(adding: [certificate]))),
            (
                .clientIdentity,
                TLSOptions(
                    clientIdentity: try TLSClientIdentity(certificateChain: [certificate], privateKey: key))
            ),
            (
                .pinnedKeys,
                TLSOptions(
                    pinnedKeys: try PublicKeyPins([
                        Data(repeating: 1, count: 32).base64EncodedString(),
                        Data(repeating: 2, count: 32).base64EncodedString(),
                    ]))
            ),
            (.minimumVersion, TLSOptions(minimumVersion: .tls13)),
        ]
    }

    /// Refused before anything is sent: the URL is on a port nothing listens on.
    @Test func everyOptionIsRefusedByNameBeforeAnythingIsSent() async throws {
        let transport = URLSessionTransport()
        for (option, options) in try Self.options() {
            let request = TransportRequest(
                method: .get, url: URL(string: "https://127.0.0.1:9/")!, headers: [], body: nil, tls: options)
            do {
                _ = try await transport.send(request)
                Issue.record("\(option) was not refused")
            } catch let error as CourierError {
                #expect(error.kind == .unsupportedTLSOption)
                #expect(
                    error.message.hasPrefix("URLSessionTransport cannot honour TLSOptions.\(option.name): "))
                #expect(
                    error.message.hasSuffix(
                        "Use AsyncHTTPClientTransport (CourierAsyncHTTPClient); nothing was sent."))
            }
        }
        #expect(URLSessionTransport.refusal(of: TLSOptions()) == nil)
        #expect(URLSessionTransport.refusal(of: nil) == nil)
    }

    #if canImport(FoundationNetworking)
        @Test func theLinuxRefusalSaysWhatFoundationNetworkingCannotDo() throws {
            let error = try #require(URLSessionTransport.refusal(of: Self.options()[0].1))
            #expect(
                error.message
                    == "URLSessionTransport cannot honour TLSOptions.trustRoots: FoundationNetworking on Linux "
                    + "trusts only the system's trust store and ignores SSL_CERT_FILE and CURL_CA_BUNDLE. Use "
                    + "AsyncHTTPClientTransport (CourierAsyncHTTPClient); nothing was sent.")
        }
    #endif

    /// libcurl's sentences as FoundationNetworking on Linux reports them (URL error -1).
    @Test(arguments: [
        (
            "SSL certificate problem: unable to get local issuer certificate",
            CourierError.Kind.untrustedCertificate
        ),
        ("SSL certificate problem: self-signed certificate", .untrustedCertificate),
        ("SSL certificate problem: self-signed certificate in certificate chain", .untrustedCertificate),
        ("SSL certificate problem: certificate has expired", .certificateExpired),
        ("SSL certificate problem: certificate is not yet valid", .certificateExpired),
        ("SSL: no alternative certificate subject name matches target host name 'x'", .hostnameMismatch),
        (
            "OpenSSL SSL_read: error:0A00045C:SSL routines::tlsv13 alert certificate required",
            .clientCertificateRejected
        ),
        ("OpenSSL SSL_connect: SSL_ERROR_SYSCALL in connection to 127.0.0.1:1", .tlsHandshakeFailed),
    ])
    func libcurlSentencesMapToTheirKinds(sentence: String, kind: CourierError.Kind) {
        #expect(URLSessionTransport.tlsKind(libcurlMessage: sentence) == kind)
    }

    @Test func aLibcurlFailureThatIsNotTLSIsNotMapped() {
        #expect(URLSessionTransport.tlsKind(libcurlMessage: "Empty reply from server") == nil)
    }

    @Test(arguments: [
        (URLError.Code.serverCertificateUntrusted, CourierError.Kind.untrustedCertificate),
        (.serverCertificateHasUnknownRoot, .untrustedCertificate),
        (.serverCertificateHasBadDate, .certificateExpired),
        (.serverCertificateNotYetValid, .certificateExpired),
        (.clientCertificateRequired, .clientCertificateRejected),
        (.clientCertificateRejected, .clientCertificateRejected),
        (.secureConnectionFailed, .tlsHandshakeFailed),
    ])
    func urlErrorCodesMapToTheirKindsNamingTheHost(code: URLError.Code, kind: CourierError.Kind) throws {
        let error = URLError(
            code, userInfo: [NSURLErrorFailingURLErrorKey: URL(string: "https://api.example.com:8443/x?t=1")!]
        )
        let failure = try #require(URLSessionTransport.tlsFailure(error))
        #expect(failure.kind == kind)
        #expect(failure.message.contains("api.example.com:8443"))
        #expect(!failure.message.contains("t=1"))
    }
}
