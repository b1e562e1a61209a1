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
    @Test func everyOptionRefusedIsRefusedByNameBeforeAnythingIsSent() async throws {
        let transport = URLSessionTransport()
        for (option, options) in try Self.options() {
            #if !canImport(FoundationNetworking)
                guard option == .clientIdentity else { continue }
            #endif
            let request = TransportRequest(
                method: .get, url: URL(string: "https://127.0.0.1:9/")!, headers: [], body: nil, tls: options)
            do {
                _ = try await transport.send(request)
                Issue.record("\(option) was not refused")
            } catch let error as CourierError {
                #expect(error.kind == .unsupportedTLSOption)
                #expect(
                    error.message.hasPrefix("URLSessionTransport cannot honour TLSOptions.\(option.name): "))
                #expect(error.message.hasSuffix("(CourierAsyncHTTPClient); nothing was sent."))
            }
        }
        #expect(URLSessionTransport.refusal(of: Self.request(TLSOptions())) == nil)
        #expect(URLSessionTransport.refusal(of: Self.request(nil)) == nil)
    }

    /// A GET to `https://127.0.0.1:9/` (or `url`) with `options`.
    static func request(_ options: TLSOptions?, url: String = "https://127.0.0.1:9/") -> TransportRequest {
        TransportRequest(method: .get, url: URL(string: url)!, headers: [], body: nil, tls: options)
    }

    /// A plain `http` URL has no TLS: the options govern none of its connections and are not
    /// refused there, as on every transport.
    @Test func aPlainHTTPRequestIsNotRefusedForItsOptions() throws {
        for (_, options) in try Self.options() {
            #expect(URLSessionTransport.refusal(of: Self.request(options, url: "http://127.0.0.1:9/")) == nil)
            #expect(URLSessionTransport.refusal(of: Self.request(options, url: "HTTP://127.0.0.1:9/")) == nil)
        }
    }

    #if canImport(FoundationNetworking)
        /// Each refusal says what FoundationNetworking lacks, as its source shows it.
        @Test func theLinuxRefusalsSayWhatFoundationNetworkingCannotDo() throws {
            let reasons = try Self.options().map {
                try #require(URLSessionTransport.refusal(of: Self.request($0.1))).message
            }
            let alternative = " Use AsyncHTTPClientTransport (CourierAsyncHTTPClient); nothing was sent."
            #expect(
                reasons == [
                    "URLSessionTransport cannot honour TLSOptions.trustRoots: FoundationNetworking on Linux hands "
                        + "libcurl the system's CA bundle and no other root (it takes none through its API and "
                        + "ignores SSL_CERT_FILE and CURL_CA_BUNDLE)." + alternative,
                    "URLSessionTransport cannot honour TLSOptions.clientIdentity: FoundationNetworking on Linux sets "
                        + "no client certificate on libcurl and delivers no client-certificate challenge."
                        + alternative,
                    "URLSessionTransport cannot honour TLSOptions.pinnedKeys: FoundationNetworking on Linux delivers "
                        + "no server-trust challenge (only HTTP Basic ones) and sets no pinned key on libcurl, so no "
                        + "key of the chain can be checked." + alternative,
                    "URLSessionTransport cannot honour TLSOptions.minimumVersion: FoundationNetworking on Linux has "
                        + "no tlsMinimumSupportedProtocolVersion and sets no TLS version on libcurl."
                        + alternative,
                ])
        }

        /// Options set together are refused together, each named with its reason, so that one
        /// run says everything to change.
        @Test func everyRefusedOptionIsNamedAtOnce() throws {
            let all = try Self.options().map(\.1)
            var options = TLSOptions(trustRoots: all[0].trustRoots, minimumVersion: .tls13)
            options.pinnedKeys = all[2].pinnedKeys
            let message = try #require(URLSessionTransport.refusal(of: Self.request(options))).message
            #expect(message.hasPrefix("URLSessionTransport cannot honour TLSOptions.trustRoots: "))
            #expect(message.contains("; nor TLSOptions.pinnedKeys: "))
            #expect(message.contains("; nor TLSOptions.minimumVersion: "))
            #expect(message.hasSuffix("(CourierAsyncHTTPClient); nothing was sent."))
        }
    #else
        @Test func onApplePlatformsOnlyAClientIdentityIsRefused() throws {
            let refused = try Self.options().filter {
                URLSessionTransport.refusal(of: Self.request($0.1)) != nil
            }
            .map(\.0)
            #expect(refused == [.clientIdentity])
        }
    #endif

    /// Requests that may go twice and set the same options share the session kept for them;
    /// another value gets another session, and a request that must not go twice one of its own.
    @Test func requestsWithTheSameOptionsShareTheSessionKeptForThem() throws {
        let transport = URLSessionTransport()
        let url = try #require(URL(string: "https://127.0.0.1:9/"))
        let all = try Self.options().map(\.1)
        func session(_ method: HTTPMethod, _ options: TLSOptions?) -> (URLSession, isOwn: Bool) {
            let request = TransportRequest(method: method, url: url, headers: [], body: nil, tls: options)
            return transport.session(
                for: request, reusesConnections: URLSessionTransport.reusesConnections(for: request))
        }
        let main = session(.get, nil)
        let pinned = session(.get, all[2])
        #expect(!main.isOwn && !pinned.isOwn)
        #expect(pinned.0 !== main.0)
        #expect(session(.get, all[2]).0 === pinned.0)
        #expect(session(.head, all[2]).0 === pinned.0)
        #expect(session(.get, TLSOptions()).0 === main.0)
        #expect(session(.get, all[3]).0 !== pinned.0)
        let own = session(.post, all[2])
        #expect(own.isOwn && own.0 !== pinned.0)
        own.0.finishTasksAndInvalidate()
    }

    #if !canImport(FoundationNetworking)
        /// A session for options raises the minimum TLS version to theirs, never lowers it, and
        /// leaves the base configuration as it was.
        @Test func aSessionForOptionsRaisesTheMinimumVersionOnly() {
            let base = URLSessionConfiguration.ephemeral
            base.tlsMinimumSupportedProtocolVersion = .TLSv12
            let raised = URLSessionTransport.configuration(base, for: TLSOptions(minimumVersion: .tls13))
            #expect(raised.tlsMinimumSupportedProtocolVersion == .TLSv13)
            #expect(base.tlsMinimumSupportedProtocolVersion == .TLSv12)
            base.tlsMinimumSupportedProtocolVersion = .TLSv13
            let kept = URLSessionTransport.configuration(base, for: TLSOptions(minimumVersion: .tls12))
            #expect(kept.tlsMinimumSupportedProtocolVersion == .TLSv13)
            #expect(URLSessionTransport.configuration(base, for: nil) === base)
        }
    #endif

    /// A response head means the handshake succeeded: a TLS error after it is a lost connection,
    /// which the receiver reports as a truncated response.
    @Test func aTLSFailureAfterTheHeadIsALostConnection() {
        let error = URLError(
            .secureConnectionFailed,
            userInfo: [NSURLErrorFailingURLErrorKey: URL(string: "https://a.example")!])
        #expect(SessionDelegate.failure(error, afterResponse: false).kind == .tlsHandshakeFailed)
        #expect(SessionDelegate.failure(error, afterResponse: true).kind == .connectionLost)
    }

    #if canImport(FoundationNetworking)
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

        @Test func anUntrustedChainSaysWhyWhenLibcurlTellsACauseOtherThanTheRoot() {
            let purpose = URLSessionTransport.untrustedReason(
                libcurlMessage: "SSL certificate problem: unsuitable certificate purpose")
            #expect(purpose?.contains("not a certificate for a TLS server") == true)
            let issuer = URLSessionTransport.untrustedReason(
                libcurlMessage: "SSL certificate problem: invalid CA certificate")
            #expect(issuer?.contains("without being a CA certificate") == true)
            #expect(
                URLSessionTransport.untrustedReason(
                    libcurlMessage: "SSL certificate problem: unable to get local issuer certificate") == nil)
            let error = CourierError.tls(.untrustedCertificate, host: "h:1", reason: purpose)
            #expect(error.message.hasPrefix("The certificate of h:1 is not trusted: it is not a certificate"))
            #expect(!error.message.contains("TLSOptions.trustRoots"))
        }

        /// libcurl's sentences for a refused handshake (OpenSSL 3) say why, as
        /// `AsyncHTTPClientTransport` does; a `handshake_failure` alert names a missing client
        /// certificate, which a TLS 1.2 server that requires one answers with.
        @Test func aRefusedHandshakeSaysWhyWhenLibcurlNamesACommonCause() {
            let server = URL(string: "https://127.0.0.1:8443/p")!
            func message(_ sentence: String) -> String? {
                URLSessionTransport.tlsFailure(
                    URLError(
                        .unknown,
                        userInfo: [NSLocalizedDescriptionKey: sentence, NSURLErrorFailingURLErrorKey: server])
                )?.message
            }
            #expect(
                message("OpenSSL/3.0.19: error:0A000410:SSL routines::sslv3 alert handshake failure")
                    == "The TLS handshake with 127.0.0.1:8443 failed: the server refused it (sslv3 alert "
                    + "handshake failure): it accepts no cipher the client offers, or it requires a client "
                    + "certificate, which URLSessionTransport on Linux cannot send (AsyncHTTPClientTransport "
                    + "sends TLSOptions.clientIdentity).")
            #expect(
                message("OpenSSL/3.0.19: error:0A00042E:SSL routines::tlsv1 alert protocol version")
                    == "The TLS handshake with 127.0.0.1:8443 failed: no TLS version both sides accept "
                    + "(tlsv1 alert protocol version).")
            #expect(
                message("OpenSSL/3.0.19: error:0A00010B:SSL routines::wrong version number")
                    == "The TLS handshake with 127.0.0.1:8443 failed: the server did not answer in TLS "
                    + "(wrong version number).")
            #expect(
                message("OpenSSL SSL_connect: SSL_ERROR_SYSCALL in connection to 127.0.0.1:8443")
                    == "The TLS handshake with 127.0.0.1:8443 failed.")
        }

        @Test func aLibcurlFailureThatIsNotTLSIsNotMapped() {
            #expect(URLSessionTransport.tlsKind(libcurlMessage: "Empty reply from server") == nil)
        }
    #endif

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
