import Foundation

extension CourierError {
    /// A transport-stage TLS failure in Courier's words: one sentence naming the host, whatever
    /// library the transport uses underneath (kept as ``underlying``).
    ///
    /// ```swift
    /// throw CourierError.tls(.certificateExpired, host: "api.example.com")
    /// // A certificate in the chain of api.example.com has expired or is not yet valid.
    /// ```
    ///
    /// - Parameters:
    ///   - kind: ``Kind/untrustedCertificate``, ``Kind/certificateExpired``,
    ///     ``Kind/hostnameMismatch``, ``Kind/publicKeyPinMismatch``,
    ///     ``Kind/clientCertificateRejected`` or ``Kind/tlsHandshakeFailed``.
    ///   - host: The host (and port) the connection went to.
    ///   - reason: For a handshake failure or an untrusted certificate, a few words on why, when
    ///     the transport can tell; never a library's dump.
    ///   - underlying: The transport's own error.
    public static func tls(
        _ kind: Kind, host: String, reason: String? = nil, underlying: (any Error)? = nil
    ) -> CourierError {
        let message: String
        switch kind {
        case .untrustedCertificate:
            message =
                "The certificate of \(host) is not trusted: "
                + (reason
                    ?? "its chain does not lead to a trusted root (trust a root of your own with "
                    + "TLSOptions.trustRoots; a server that leaves out its intermediate certificates "
                    + "fails this way too)") + "."
        case .certificateExpired:
            message = "A certificate in the chain of \(host) has expired or is not yet valid."
        case .hostnameMismatch:
            message = "The certificate presented by \(host) is not issued for that host name."
        case .publicKeyPinMismatch:
            message = "No public key in the certificate chain of \(host) matches TLSOptions.pinnedKeys."
        case .clientCertificateRejected:
            message =
                "\(host) requires a client certificate and refused the one sent, or none was sent "
                + "(TLSOptions.clientIdentity sends one; the server must trust its issuer)."
        default:
            message = "The TLS handshake with \(host) failed" + (reason.map { ": \($0)." } ?? ".")
        }
        return CourierError(stage: .transport, kind: kind, message: message, underlying: underlying)
    }

    /// The refusal of a request that carries a TLS option the transport cannot honour: nothing
    /// was sent.
    ///
    /// - Parameters:
    ///   - option: The option refused.
    ///   - transport: The transport's name, for example `URLSessionTransport`.
    ///   - reason: Why it cannot honour it, as a clause.
    ///   - alternative: What to use instead, as a sentence.
    public static func unsupportedTLSOption(
        _ option: TLSOptions.Option, transport: String, reason: String, alternative: String
    ) -> CourierError {
        CourierError(
            stage: .transport, kind: .unsupportedTLSOption,
            message: "\(transport) cannot honour TLSOptions.\(option.name): \(reason). \(alternative)")
    }

    /// The host and port of `url` as TLS errors name them: `api.example.com`,
    /// `127.0.0.1:8443`, or an IPv6 address in brackets, as a URL writes it (`[::1]:8443`), so
    /// that the port cannot be read as part of the address.
    public static func tlsHostName(of url: URL) -> String {
        guard let host = url.host else { return "the server" }
        let written = host.contains(":") && !host.hasPrefix("[") ? "[\(host)]" : host
        return url.port.map { "\(written):\($0)" } ?? written
    }
}
