import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension URLSessionTransport {
    /// The refusal of a request whose ``TLSOptions`` set an option this transport cannot honour,
    /// naming the first such option; `nil` when none is set.
    ///
    /// On Linux, FoundationNetworking (libcurl) trusts only the system's trust store (it ignores
    /// `SSL_CERT_FILE` and `CURL_CA_BUNDLE`), presents no client certificate, sends no
    /// server-trust challenge to a delegate (so no pin can be checked) and offers no minimum TLS
    /// version. On Apple platforms the transport does not answer authentication challenges yet.
    static func refusal(of options: TLSOptions?) -> CourierError? {
        guard let option = options?.setOptions.first else { return nil }
        return CourierError.unsupportedTLSOption(
            option, transport: "URLSessionTransport", reason: unsupportedReason(option),
            alternative: "Use AsyncHTTPClientTransport (CourierAsyncHTTPClient); nothing was sent.")
    }

    private static func unsupportedReason(_ option: TLSOptions.Option) -> String {
        #if canImport(FoundationNetworking)
            switch option {
            case .trustRoots:
                "FoundationNetworking on Linux trusts only the system's trust store and ignores "
                    + "SSL_CERT_FILE and CURL_CA_BUNDLE"
            case .clientIdentity:
                "FoundationNetworking on Linux cannot present a client certificate"
            case .pinnedKeys:
                "FoundationNetworking on Linux sends no server-trust challenge, so no key can be checked"
            default:
                "FoundationNetworking on Linux offers no setting for the minimum TLS version"
            }
        #else
            "URLSessionTransport does not answer authentication challenges or set TLS versions yet"
        #endif
    }

    /// The TLS failure a `URLError` reports, in Courier's kinds; `nil` when it is not one.
    ///
    /// Apple platforms give a code per cause. FoundationNetworking on Linux gives the unknown
    /// code and libcurl's sentence ("SSL certificate problem: certificate has expired"), so the
    /// cause is read from that sentence; an untrusted chain hides any later fault (an expired or
    /// misnamed certificate from an unknown CA reads as untrusted).
    static func tlsFailure(_ error: URLError) -> CourierError? {
        let host = error.failingURL.map(CourierError.tlsHostName(of:)) ?? "the server"
        let kind: CourierError.Kind
        switch error.code {
        case .serverCertificateUntrusted, .serverCertificateHasUnknownRoot:
            kind = .untrustedCertificate
        case .serverCertificateHasBadDate, .serverCertificateNotYetValid:
            kind = .certificateExpired
        case .clientCertificateRequired, .clientCertificateRejected:
            kind = .clientCertificateRejected
        case .secureConnectionFailed:
            kind = .tlsHandshakeFailed
        case .unknown:
            guard let libcurlKind = tlsKind(libcurlMessage: error.localizedDescription) else { return nil }
            kind = libcurlKind
        default:
            return nil
        }
        return CourierError.tls(kind, host: host, underlying: error)
    }

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
}
