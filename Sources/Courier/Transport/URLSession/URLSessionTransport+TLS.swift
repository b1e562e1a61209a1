import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif
#if canImport(Security)
    import Security
#endif

extension URLSessionTransport {
    /// The refusal of an HTTPS request whose ``TLSOptions`` set options this transport cannot
    /// honour, naming each of them; `nil` when none is set, and for a plain `http` URL, which has
    /// no TLS for them to govern.
    ///
    /// On Linux, FoundationNetworking (libcurl) honours none: it hands libcurl the system's CA
    /// bundle and no other root, sets no client certificate, pinned key or TLS version on it, and
    /// delivers no server-trust or client-certificate challenge (only HTTP Basic ones). On Apple
    /// platforms the transport honours every option but ``TLSOptions/clientIdentity``: a
    /// `SecIdentity` from PEM needs the keychain, which Courier does not write to.
    static func refusal(of request: TransportRequest) -> CourierError? {
        guard let options = request.tls, request.url.scheme?.lowercased() == "https" else { return nil }
        #if canImport(FoundationNetworking)
            let refused = options.setOptions
            guard !refused.isEmpty else { return nil }
            let reasons = refused.map { "TLSOptions.\($0.name): \(unsupportedReason($0))" }
            return CourierError(
                stage: .transport, kind: .unsupportedTLSOption,
                message:
                    "URLSessionTransport cannot honour \(reasons.joined(separator: "; nor ")). Use "
                    + "AsyncHTTPClientTransport (CourierAsyncHTTPClient); nothing was sent.")
        #else
            guard options.clientIdentity != nil else { return nil }
            return CourierError.unsupportedTLSOption(
                .clientIdentity, transport: "URLSessionTransport",
                reason:
                    "making a SecIdentity from PEM text needs the keychain, which Courier does not write to",
                alternative:
                    "Answer the client-certificate challenge with URLCredential(identity:certificates:persistence:) "
                    + "from a URLSessionTransport challenge handler, or use AsyncHTTPClientTransport "
                    + "(CourierAsyncHTTPClient); nothing was sent.")
        #endif
    }

    #if canImport(FoundationNetworking)
        /// What FoundationNetworking lacks for each option, as swift-corelibs-foundation's
        /// `EasyHandle` and `URLSessionTask` show it.
        private static func unsupportedReason(_ option: TLSOptions.Option) -> String {
            switch option {
            case .trustRoots:
                "FoundationNetworking on Linux hands libcurl the system's CA bundle and no other root "
                    + "(it takes none through its API and ignores SSL_CERT_FILE and CURL_CA_BUNDLE)"
            case .clientIdentity:
                "FoundationNetworking on Linux sets no client certificate on libcurl and delivers no "
                    + "client-certificate challenge"
            case .pinnedKeys:
                "FoundationNetworking on Linux delivers no server-trust challenge (only HTTP Basic ones) "
                    + "and sets no pinned key on libcurl, so no key of the chain can be checked"
            default:
                "FoundationNetworking on Linux has no tlsMinimumSupportedProtocolVersion and sets no TLS "
                    + "version on libcurl"
            }
        }
    #endif

    /// The configuration of a session for requests with `options`: on Apple platforms, a copy of
    /// `base` whose `tlsMinimumSupportedProtocolVersion` is raised to ``TLSOptions/minimumVersion``
    /// when that is newer, never lowered; otherwise `base` itself.
    static func configuration(_ base: URLSessionConfiguration, for options: TLSOptions?)
        -> URLSessionConfiguration
    {
        #if canImport(FoundationNetworking)
            return base
        #else
            guard let minimum = options?.minimumVersion,
                let copy = base.copy() as? URLSessionConfiguration
            else { return base }
            let wanted: tls_protocol_version_t = minimum == .tls13 ? .TLSv13 : .TLSv12
            if copy.tlsMinimumSupportedProtocolVersion.rawValue < wanted.rawValue {
                copy.tlsMinimumSupportedProtocolVersion = wanted
            }
            return copy
        #endif
    }

    /// The TLS failure a `URLError` reports, in Courier's kinds; `nil` when it is not one.
    ///
    /// Apple platforms give a code per cause, but `serverCertificateUntrusted` covers an expired
    /// or misnamed certificate too: the peer's trust in the error, evaluated again, tells them
    /// apart. FoundationNetworking on Linux gives the unknown code and libcurl's sentence ("SSL
    /// certificate problem: certificate has expired"), so the cause is read from that sentence;
    /// an untrusted chain hides any later fault (an expired or misnamed certificate from an
    /// unknown CA reads as untrusted).
    static func tlsFailure(_ error: URLError) -> CourierError? {
        let host = error.failingURL.map(CourierError.tlsHostName(of:)) ?? "the server"
        let kind: CourierError.Kind
        var reason: String?
        switch error.code {
        case .serverCertificateUntrusted:
            kind = peerTrustKind(error) ?? .untrustedCertificate
        case .serverCertificateHasUnknownRoot:
            kind = .untrustedCertificate
        case .serverCertificateHasBadDate, .serverCertificateNotYetValid:
            kind = .certificateExpired
        case .clientCertificateRequired, .clientCertificateRejected:
            kind = .clientCertificateRejected
        case .secureConnectionFailed:
            kind = .tlsHandshakeFailed
        default:
            #if canImport(FoundationNetworking)
                guard error.code == .unknown,
                    let libcurlKind = tlsKind(libcurlMessage: error.localizedDescription)
                else { return nil }
                kind = libcurlKind
                if kind == .untrustedCertificate {
                    reason = untrustedReason(libcurlMessage: error.localizedDescription)
                } else if kind == .tlsHandshakeFailed {
                    reason = handshakeReason(libcurlMessage: error.localizedDescription)
                }
            #else
                return nil
            #endif
        }
        return CourierError.tls(kind, host: host, reason: reason, underlying: error)
    }

    /// The kind the peer's trust in `error` fails with, evaluated again (Apple platforms); `nil`
    /// without one.
    static func peerTrustKind(_ error: URLError) -> CourierError.Kind? {
        #if canImport(Security)
            // The value is checked to be a trust before it is used as one: a URLError made
            // elsewhere (a URLProtocol, a test) may hold anything under the key, and
            // `URLError.failureURLPeerTrust` casts it without a check.
            guard let value = error.userInfo[NSURLErrorFailingURLPeerTrustErrorKey].map({ $0 as AnyObject }),
                CFGetTypeID(value) == SecTrustGetTypeID()
            else { return nil }
            var evaluationError: CFError?
            guard !SecTrustEvaluateWithError(unsafeDowncast(value, to: SecTrust.self), &evaluationError)
            else { return nil }
            return ServerTrustEvaluation.kind(of: evaluationError)
        #else
            return nil
        #endif
    }

    #if canImport(FoundationNetworking)
        /// The kind of a TLS failure from libcurl's sentence, or `nil` when it names none.
        static func tlsKind(libcurlMessage message: String) -> CourierError.Kind? {
            let text = message.lowercased()
            if text.contains("ssl certificate problem") {
                if text.contains("expired") || text.contains("not yet valid") { return .certificateExpired }
                return .untrustedCertificate
            }
            if text.contains("subject name") || text.contains("does not match target host") {
                return .hostnameMismatch
            }
            if text.contains("certificate required") || text.contains("alert bad certificate")
                || text.contains("unable to set client certificate")
            {
                return .clientCertificateRejected
            }
            if text.contains("ssl") || text.contains("tls") { return .tlsHandshakeFailed }
            return nil
        }

        /// Why a handshake failed, in the words `AsyncHTTPClientTransport` uses, when libcurl's
        /// sentence names a common cause: no TLS version both sides accept, a server that does not
        /// answer in TLS, or a server's bare `handshake_failure` alert, which stands for no common
        /// cipher and for a TLS 1.2 server that requires a client certificate none was sent for.
        /// OpenSSL's own reason follows in parentheses, without its codes.
        static func handshakeReason(libcurlMessage message: String) -> String? {
            let text = message.lowercased()
            let withoutErrno =
                message.range(of: ", errno").map { String(message[..<$0.lowerBound]) } ?? message
            let said =
                withoutErrno.split(separator: ":").last.map { $0.trimmingCharacters(in: .whitespaces) }
                ?? withoutErrno
            if text.contains("alert protocol version") || text.contains("unsupported protocol") {
                return "no TLS version both sides accept (\(said))"
            }
            if text.contains("wrong version number") {
                return "the server did not answer in TLS (\(said))"
            }
            if text.contains("alert handshake failure") {
                return "the server refused it (\(said)): it accepts no cipher the client offers, or it "
                    + "requires a client certificate, which URLSessionTransport on Linux cannot send "
                    + "(AsyncHTTPClientTransport sends TLSOptions.clientIdentity)"
            }
            return nil
        }

        /// Why libcurl's sentence says a chain is untrusted, when it names a cause other than a
        /// chain that leads to no trusted root.
        static func untrustedReason(libcurlMessage message: String) -> String? {
            let text = message.lowercased()
            if text.contains("unsuitable certificate purpose") {
                return "it is not a certificate for a TLS server (its extended key usage says otherwise)"
            }
            if text.contains("invalid ca certificate") {
                return "a certificate in its chain signed another without being a CA certificate"
            }
            return nil
        }
    #endif
}
