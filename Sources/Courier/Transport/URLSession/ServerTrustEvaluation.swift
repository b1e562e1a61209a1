import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif
#if canImport(Security)
    import Security
#endif

/// Courier's own answer to a challenge: on Apple platforms, a server-trust challenge checked
/// against the request's roots and pins; anything else, and every challenge on Linux (which
/// delivers no server-trust challenge), is left to the default handling.
enum ServerTrustEvaluation {
    /// Whether `options` make Courier evaluate the server's trust itself: they set roots other
    /// than the system's alone, or pins.
    static func applies(to options: TLSOptions?) -> Bool {
        guard let options else { return false }
        return !options.trustRoots.isSystem || options.pinnedKeys != nil
    }

    #if canImport(Security)
        /// Evaluates a server-trust challenge of the origin when the request sets roots or pins:
        /// the roots become the trust's anchors (alone for ``TLSTrustRoots/only(_:)``), the chain
        /// must pass the system's evaluation, and then one of its certificates' keys must be
        /// pinned. It fails closed: a challenge without a trust to evaluate fails the request.
        ///
        /// A proxy's challenge is left to the default handling: the options name the origin's
        /// roots and keys, not the proxy's.
        static func answer(
            to challenge: URLAuthenticationChallenge, options: TLSOptions?, host: String
        ) -> Result<URLSessionChallengeAnswer, CourierError> {
            let space = challenge.protectionSpace
            guard let options, applies(to: options),
                space.authenticationMethod == NSURLAuthenticationMethodServerTrust, !space.isProxy()
            else { return .success(.courierDecides) }
            guard let trust = space.serverTrust else {
                return .failure(
                    CourierError.tls(.tlsHandshakeFailed, host: host, reason: "no server trust to evaluate"))
            }
            if !options.trustRoots.isSystem {
                let anchors = options.trustRoots.certificates.compactMap {
                    SecCertificateCreateWithData(nil, $0.derBytes as CFData)
                }
                guard anchors.count == options.trustRoots.certificates.count else {
                    return .failure(
                        CourierError.tls(
                            .tlsHandshakeFailed, host: host,
                            reason:
                                "a certificate of TLSOptions.trustRoots is not one the Security framework reads"
                        ))
                }
                guard SecTrustSetAnchorCertificates(trust, anchors as CFArray) == errSecSuccess,
                    SecTrustSetAnchorCertificatesOnly(trust, !options.trustRoots.includesSystemRoots)
                        == errSecSuccess
                else {
                    return .failure(
                        CourierError.tls(
                            .tlsHandshakeFailed, host: host,
                            reason:
                                "the Security framework did not take TLSOptions.trustRoots as the trust's anchors"
                        ))
                }
            }
            var error: CFError?
            guard SecTrustEvaluateWithError(trust, &error) else {
                return .failure(CourierError.tls(kind(of: error), host: host, underlying: error))
            }
            if let pins = options.pinnedKeys {
                let chain = SecTrustCopyCertificateChain(trust) as? [SecCertificate] ?? []
                guard
                    chain.contains(where: {
                        pins.contains(certificateDER: SecCertificateCopyData($0) as Data)
                    })
                else {
                    return .failure(CourierError.tls(.publicKeyPinMismatch, host: host))
                }
            }
            return .success(.useCredential(URLCredential(trust: trust)))
        }

        /// The kind of a failed evaluation, from the Security framework's error code.
        static func kind(of error: CFError?) -> CourierError.Kind {
            guard let error else { return .untrustedCertificate }
            switch OSStatus(truncatingIfNeeded: CFErrorGetCode(error)) {
            case errSecCertificateExpired, errSecCertificateNotValidYet: return .certificateExpired
            case errSecHostNameMismatch: return .hostnameMismatch
            default: return .untrustedCertificate
            }
        }
    #else
        /// FoundationNetworking delivers no server-trust challenge: Courier always leaves the
        /// challenge to its handling of HTTP challenges.
        static func answer(
            to challenge: URLAuthenticationChallenge, options: TLSOptions?, host: String
        ) -> Result<URLSessionChallengeAnswer, CourierError> {
            .success(.courierDecides)
        }
    #endif
}
