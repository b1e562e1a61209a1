import Courier
import Foundation
import NIOSSL

extension CourierError {
    /// The TLS failure a NIOSSL error reports, in Courier's kinds, naming `host`; `nil` when
    /// `error` is not a TLS failure.
    ///
    /// BoringSSL reports every failed chain check as `CERTIFICATE_VERIFY_FAILED` without saying
    /// why: ``Kind/untrustedCertificate``, unless the caller finds out more (see
    /// ``AsyncHTTPClientTransport``'s diagnosis of a failed chain). A wrong host name is NIOSSL's
    /// own check after the handshake (`failedToValidateHostname`). A server that refuses the
    /// client's certificate, or wants one, answers with an alert.
    static func nioSSL(_ error: any Error, host: String) -> CourierError? {
        if let extra = error as? NIOSSLExtraError {
            switch extra {
            case .failedToValidateHostname, .serverHostnameImpossibleToMatch:
                return .tls(.hostnameMismatch, host: host, underlying: error)
            default:
                return .tls(.tlsHandshakeFailed, host: host, reason: "\(extra)", underlying: error)
            }
        }
        if let boringSSLError = error as? BoringSSLError {
            return alerted(boringSSLError, host: host, error: error)
        }
        guard let error = error as? NIOSSLError else { return nil }
        switch error {
        case .handshakeFailed(let boringSSLError):
            return alerted(boringSSLError, host: host, error: error)
        case .uncleanShutdown:
            return nil
        default:
            return .tls(.tlsHandshakeFailed, host: host, reason: caseName(error), underlying: error)
        }
    }

    /// The kind a BoringSSL error stack names: a failed chain check, a server's alert about the
    /// client's certificate (after the handshake, in TLS 1.3), or another handshake failure.
    private static func alerted(_ boringSSLError: BoringSSLError, host: String, error: any Error)
        -> CourierError
    {
        let reasons = Self.reasons(in: boringSSLError)
        if reasons.contains("CERTIFICATE_VERIFY_FAILED") {
            return .tls(.untrustedCertificate, host: host, underlying: error)
        }
        if reasons.contains(where: Self.isClientCertificateAlert) {
            return .tls(.clientCertificateRejected, host: host, underlying: error)
        }
        return .tls(
            .tlsHandshakeFailed, host: host,
            reason: reasons.isEmpty ? caseName(boringSSLError) : explained(reasons.joined(separator: ", ")),
            underlying: error)
    }

    /// BoringSSL's reason with a few words before it, when it is one of the common ones.
    ///
    /// A server's bare `handshake_failure` alert names the two causes it stands for: no cipher
    /// both sides accept, and a TLS 1.2 server that requires a client certificate none was sent
    /// for (OpenSSL sends that alert then; over TLS 1.3, `certificate_required`).
    static func explained(_ reason: String) -> String {
        if reason.contains("PROTOCOL_VERSION") || reason.contains("UNSUPPORTED_PROTOCOL") {
            return "no TLS version both sides accept (\(reason))"
        }
        if reason.contains("NO_SHARED_CIPHER") || reason.contains("NO_CIPHERS_AVAILABLE") {
            return "no cipher both sides accept (\(reason))"
        }
        if reason.contains("ALERT_HANDSHAKE_FAILURE") {
            return "the server refused it (\(reason)): it accepts no cipher the client offers, or it "
                + "requires a client certificate and got none it accepts (TLSOptions.clientIdentity sends one)"
        }
        if reason.contains("WRONG_VERSION_NUMBER") {
            return "the server did not answer in TLS (\(reason))"
        }
        return reason
    }

    /// The name of an error's case without its payload, which may hold BoringSSL's error stack
    /// with the paths of its build.
    private static func caseName(_ error: any Error) -> String {
        let text = "\(error)"
        return String(text.prefix { $0 != "(" })
    }

    /// The reason codes of a BoringSSL error stack, such as `CERTIFICATE_VERIFY_FAILED`:
    /// the last part of each entry (`error:1000007d:SSL routines:OPENSSL_internal:REASON`),
    /// without the build path or line BoringSSL adds.
    static func reasons(in error: BoringSSLError) -> [String] {
        let stack: NIOBoringSSLErrorStack
        switch error {
        case .sslError(let entries), .unknownError(let entries), .invalidSNIName(let entries),
            .failedToSetALPN(let entries):
            stack = entries
        default:
            return []
        }
        return stack.map { entry in
            let text = "\(entry)"
            let withoutPath = text.range(of: " at ").map { String(text[..<$0.lowerBound]) } ?? text
            let reason = withoutPath.split(separator: ":").last.map(String.init) ?? withoutPath
            return reason.trimmingCharacters(in: .whitespaces)
        }
    }

    /// Whether a BoringSSL reason is a server's alert about the client's certificate. A bare
    /// `handshake_failure` alert is not: a TLS 1.2 server sends it for a missing certificate and
    /// for no common cipher alike, so it stays a handshake failure with its reason.
    private static func isClientCertificateAlert(_ reason: String) -> Bool {
        [
            "TLSV13_ALERT_CERTIFICATE_REQUIRED", "TLSV1_ALERT_CERTIFICATE_REQUIRED",
            "SSLV3_ALERT_BAD_CERTIFICATE", "TLSV1_ALERT_UNKNOWN_CA", "SSLV3_ALERT_CERTIFICATE_UNKNOWN",
        ].contains(reason)
    }
}
