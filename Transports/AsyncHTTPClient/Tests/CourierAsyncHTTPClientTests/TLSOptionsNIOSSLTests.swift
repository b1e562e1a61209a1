import AsyncHTTPClient
import Courier
import Foundation
import NIOSSL
import Testing

@testable import CourierAsyncHTTPClient

/// Courier's TLS options as NIOSSL configuration, refusals, and NIOSSL's failures as Courier's
/// kinds, without a network. (Real certificates, made at test time, are in the conformance
/// suite's TLS cases.)
struct TLSOptionsNIOSSLTests {
    static let pins = try! PublicKeyPins([
        Data(repeating: 1, count: 32).base64EncodedString(),
        Data(repeating: 2, count: 32).base64EncodedString(),
    ])

    @Test func noOptionLeavesTheHTTPClientsOwnConfiguration() throws {
        #expect(try TLSOptions().nioSSLConfiguration() == nil)
    }

    @Test func theMinimumVersionIsNIOSSLs() throws {
        let configuration = try #require(try TLSOptions(minimumVersion: .tls13).nioSSLConfiguration())
        #expect(configuration.minimumTLSVersion == .tlsv13)
        #expect(configuration.certificateVerification == .fullVerification)
    }

    /// Pins are checked on each connection of a client of their own, not by NIOSSL's configuration.
    @Test func pinsAreNoPartOfTheNIOSSLConfiguration() throws {
        #expect(try TLSOptions(pinnedKeys: Self.pins).nioSSLConfiguration() == nil)
        let configuration = try #require(
            try TLSOptions(pinnedKeys: Self.pins, minimumVersion: .tls12).nioSSLConfiguration())
        #expect(configuration.minimumTLSVersion == .tlsv12)
    }

    @Test func aKeyIsPinnedWhenItsDigestIsOneOfThePins() throws {
        let key: [UInt8] = Array("a SubjectPublicKeyInfo".utf8)
        let pinned = try PublicKeyPins([
            "wN3Il2wEpJI78tQSt5f3Syu3besTp1XfOpbtVWgsSbY=",
            Data(repeating: 2, count: 32).base64EncodedString(),
        ])
        #expect(PublicKeyPinCheck(pins: pinned).verdict(subjectPublicKeyInfo: key) == nil)
        #expect(
            PublicKeyPinCheck(pins: Self.pins).verdict(subjectPublicKeyInfo: key) == .mismatch(pinCount: 2))
        let error = PublicKeyPinCheck.Failure.mismatch(pinCount: 2).courierError(host: "api.example.com")
        #expect(error.kind == .publicKeyPinMismatch && error.stage == .transport)
        #expect(error.underlying != nil)
    }

    @Test func aCertificateNIOSSLCannotReadIsATypedError() throws {
        // The outer shape of DER, but not a certificate.
        let fake = try TLSCertificate(der: Data([0x30, 0x03, 0x02, 0x01, 0x00]))
        do {
            _ = try TLSOptions(trustRoots: .system(adding: [fake])).nioSSLConfiguration()
            Issue.record("not refused")
        } catch {
            #expect(error.kind == .invalidTLSOptions)
            #expect(
                error.message
                    == "Certificate 1 of TLSOptions.trustRoots could not be read by NIOSSL: it is not an X.509 "
                    + "certificate.")
        }
    }

    /// On Network.framework (Apple's default group) AsyncHTTPClient presents no client certificate,
    /// cannot add roots to the system's and shows no certificate to check a pin against: each
    /// refused by name; replacing the roots is allowed.
    @Test func whatNetworkFrameworkCannotDoIsRefusedByName() throws {
        let root = try TLSCertificate(der: Data([0x30, 0x03, 0x02, 0x01, 0x00]))
        do {
            try AsyncHTTPClientTransport.refuseOnNetworkFramework(
                TLSOptions(trustRoots: .system(adding: [root])))
            Issue.record("not refused")
        } catch {
            #expect(error.kind == .unsupportedTLSOption)
            #expect(error.message.hasPrefix("AsyncHTTPClientTransport cannot honour TLSOptions.trustRoots"))
            #expect(error.message.contains("MultiThreadedEventLoopGroup"))
        }
        let identity = try TLSClientIdentity(
            certificateChain: [root],
            privateKey: TLSPrivateKey(
                pem: "-----BEGIN PRIVATE KEY-----\nMAMCAQA=\n-----END PRIVATE KEY-----\n"))
        do {
            try AsyncHTTPClientTransport.refuseOnNetworkFramework(TLSOptions(clientIdentity: identity))
            Issue.record("not refused")
        } catch {
            #expect(error.kind == .unsupportedTLSOption)
            #expect(
                error.message.hasPrefix("AsyncHTTPClientTransport cannot honour TLSOptions.clientIdentity"))
        }
        do {
            try AsyncHTTPClientTransport.refuseOnNetworkFramework(TLSOptions(pinnedKeys: Self.pins))
            Issue.record("not refused")
        } catch {
            #expect(error.kind == .unsupportedTLSOption)
            #expect(error.message.hasPrefix("AsyncHTTPClientTransport cannot honour TLSOptions.pinnedKeys"))
        }
        try AsyncHTTPClientTransport.refuseOnNetworkFramework(TLSOptions(trustRoots: .only([root])))
        try AsyncHTTPClientTransport.refuseOnNetworkFramework(TLSOptions(minimumVersion: .tls13))
    }

    @Test func anHTTPClientPassedInRefusesTLSOptionsInsteadOfIgnoringThem() async throws {
        let httpClient = HTTPClient(configuration: AsyncHTTPClientTransport.configuration())
        let transport = AsyncHTTPClientTransport(httpClient: httpClient)
        let request = TransportRequest(
            method: .get, url: URL(string: "https://127.0.0.1:9/")!, headers: [], body: nil,
            tls: TLSOptions(minimumVersion: .tls13))
        do {
            _ = try await transport.send(request)
            Issue.record("not refused")
        } catch let error as CourierError {
            #expect(error.kind == .unsupportedTLSOption)
            #expect(
                error.message
                    == "AsyncHTTPClientTransport cannot honour TLSOptions.minimumVersion: it sends through an "
                    + "HTTPClient you passed in, which keeps its own TLS configuration. Set TLS in that "
                    + "HTTPClient's configuration (tlsConfiguration), or let the transport create its HTTPClient "
                    + "(AsyncHTTPClientTransport(connectTimeout:…)); nothing was sent.")
        }
        // Without options it sends as before (here: nothing listens, so it cannot connect).
        try await httpClient.shutdown()
    }

    /// An `https` request that sets options goes through a client of its own; a plain one goes
    /// direct, its options still checked; options that set nothing change nothing.
    @Test func aRouteCarriesTheOptionsOfAnHTTPSRequestOnly() async throws {
        let transport = AsyncHTTPClientTransport()
        func request(_ url: String, _ tls: TLSOptions?) -> TransportRequest {
            TransportRequest(method: .get, url: URL(string: url)!, headers: [], body: nil, tls: tls)
        }
        let newer = TLSOptions(minimumVersion: .tls13)
        #expect(try transport.route(for: request("https://127.0.0.1:9/", newer)).tls == newer)
        #expect(try transport.route(for: request("http://127.0.0.1:9/", newer)) == .direct)
        #expect(try transport.route(for: request("https://127.0.0.1:9/", TLSOptions())) == .direct)
        let fake = try TLSCertificate(der: Data([0x30, 0x03, 0x02, 0x01, 0x00]))
        let unreadable = TLSOptions(trustRoots: try .only([fake]))
        for url in ["http://127.0.0.1:9/", "https://127.0.0.1:9/"] {
            do {
                _ = try await transport.send(request(url, unreadable))
                Issue.record("not refused: \(url)")
            } catch let error as CourierError {
                #expect(error.kind == .invalidTLSOptions, "\(url): \(error)")
            }
        }
        // Refused before a client was made for them.
        #expect(transport.routedClients.withLockedValue { $0.clients.isEmpty })
        try await transport.shutdown()
    }

    @Test func aHostnameFailureAndOtherHandshakeFailuresHaveTheirKinds() throws {
        let hostname = try #require(
            CourierError.nioSSL(NIOSSLExtraError.failedToValidateHostname, host: "127.0.0.1:8443"))
        #expect(hostname.kind == .hostnameMismatch)
        #expect(
            hostname.message
                == "The certificate presented by 127.0.0.1:8443 is not issued for that host name.")
        let eof = try #require(
            CourierError.nioSSL(
                NIOSSLError.handshakeFailed(.sslError([.eofDuringHandshake])), host: "api.example.com"))
        #expect(eof.kind == .tlsHandshakeFailed)
        #expect(eof.message == "The TLS handshake with api.example.com failed: EOF during handshake.")
        #expect(CourierError.nioSSL(NIOSSLError.uncleanShutdown, host: "x") == nil)
        #expect(CourierError.nioSSL(CancellationError(), host: "x") == nil)
    }

    /// A bare `handshake_failure` alert, which a TLS 1.2 server that requires a client
    /// certificate sends when none was sent, names that cause next to a cipher mismatch.
    @Test func aHandshakeFailureAlertNamesAMissingClientCertificate() {
        let reason = CourierError.explained("SSLV3_ALERT_HANDSHAKE_FAILURE")
        let error = CourierError.tls(.tlsHandshakeFailed, host: "127.0.0.1:8443", reason: reason)
        #expect(
            error.message
                == "The TLS handshake with 127.0.0.1:8443 failed: the server refused it "
                + "(SSLV3_ALERT_HANDSHAKE_FAILURE): it accepts no cipher the client offers, or it requires "
                + "a client certificate and got none it accepts (TLSOptions.clientIdentity sends one).")
        #expect(
            CourierError.explained("TLSV1_ALERT_PROTOCOL_VERSION")
                == "no TLS version both sides accept (TLSV1_ALERT_PROTOCOL_VERSION)")
    }

    /// The chain read again decides the words of an untrusted chain's failure: expired for a date,
    /// not fit for a TLS server when its path to a trusted root is whole and within its dates, and
    /// the failure as it was otherwise.
    @Test func theChainReadAgainChoosesTheFailure() {
        let failure = CourierError.tls(.untrustedCertificate, host: "127.0.0.1:8443")
        let expired = ChainDateCheck.refined(failure, verdict: .outOfDate, host: "127.0.0.1:8443")
        #expect(expired.kind == .certificateExpired)
        let unfit = ChainDateCheck.refined(failure, verdict: .leadsToATrustedRoot, host: "127.0.0.1:8443")
        #expect(unfit.kind == .untrustedCertificate)
        #expect(
            unfit.message
                == "The certificate of 127.0.0.1:8443 is not trusted: its chain leads to a trusted root within "
                + "its dates, but a certificate of it is not fit for a TLS server (its extended key usage is "
                + "for other purposes, or its key usage or signature is one BoringSSL refuses).")
        #expect(!unfit.message.contains("TLSOptions.trustRoots"))
        let intermediate = ChainDateCheck.refined(
            failure, verdict: .endsAtATrustedIntermediate, host: "127.0.0.1:8443")
        #expect(intermediate.kind == .untrustedCertificate)
        #expect(intermediate.message.hasSuffix("trust the root of your CA."))
        #expect(
            ChainDateCheck.refined(failure, verdict: .unknown, host: "127.0.0.1:8443").message
                == failure.message)
    }

    @Test func aCertificateOutsideItsPeriodIsOutOfDate() {
        let period = (notBefore: 1_000, notAfter: 2_000)
        #expect(!ChainDateCheck.hasCertificateOutOfDate([period], now: 1_500))
        #expect(!ChainDateCheck.hasCertificateOutOfDate([period], now: 2_000))
        #expect(ChainDateCheck.hasCertificateOutOfDate([period], now: 2_001))
        #expect(ChainDateCheck.hasCertificateOutOfDate([period], now: 999))
        #expect(ChainDateCheck.hasCertificateOutOfDate([(0, 5_000), period], now: 3_000))
        #expect(!ChainDateCheck.hasCertificateOutOfDate([], now: 3_000))
    }
}
