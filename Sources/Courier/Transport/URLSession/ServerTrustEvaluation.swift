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
    #if canImport(Security)
        /// Evaluates a server-trust challenge when the request sets roots or pins: the roots
        /// become the trust's anchors (alone for ``TLSTrustRoots/only(_:)``), the chain must pass
        /// the system's evaluation, and then one of its keys must be pinned.
        static func answer(
            to challenge: URLAuthenticationChallenge, options: TLSOptions?, host: String
        ) -> Result<URLSessionChallengeAnswer, CourierError> {
            guard let options, !options.trustRoots.isSystem || options.pinnedKeys != nil,
                challenge.protectionSpace.authenticationMethod == NSURLAuthenticationMethodServerTrust,
                let trust = challenge.protectionSpace.serverTrust
            else { return .success(.courierDecides) }
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
                SecTrustSetAnchorCertificates(trust, anchors as CFArray)
                SecTrustSetAnchorCertificatesOnly(trust, !options.trustRoots.includesSystemRoots)
            }
            var error: CFError?
            guard SecTrustEvaluateWithError(trust, &error) else {
                return .failure(CourierError.tls(kind(of: error), host: host, underlying: error))
            }
            if let pins = options.pinnedKeys {
                let chain = SecTrustCopyCertificateChain(trust) as? [SecCertificate] ?? []
                let pinned = chain.contains { certificate in
                    spki(of: certificate).map { pins.contains(subjectPublicKeyInfo: $0) } ?? false
                }
                guard pinned else {
                    return .failure(CourierError.tls(.publicKeyPinMismatch, host: host))
                }
            }
            return .success(.useCredential(URLCredential(trust: trust)))
        }

        /// The kind of a failed evaluation, from the Security framework's error code.
        static func kind(of error: CFError?) -> CourierError.Kind {
            guard let error else { return .untrustedCertificate }
            switch OSStatus(CFErrorGetCode(error)) {
            case errSecCertificateExpired, errSecCertificateNotValidYet: return .certificateExpired
            case errSecHostNameMismatch: return .hostnameMismatch
            default: return .untrustedCertificate
            }
        }

        /// The DER `SubjectPublicKeyInfo` of a certificate's key, for RSA and the NIST P curves.
        static func spki(of certificate: SecCertificate) -> [UInt8]? {
            guard let key = SecCertificateCopyKey(certificate),
                let attributes = SecKeyCopyAttributes(key) as? [String: Any],
                let type = attributes[kSecAttrKeyType as String] as? String,
                let bits = attributes[kSecAttrKeySizeInBits as String] as? Int,
                let raw = SecKeyCopyExternalRepresentation(key, nil) as Data?
            else { return nil }
            if type == kSecAttrKeyTypeRSA as String {
                return SubjectPublicKeyInfo.der(rsaPublicKey: [UInt8](raw))
            }
            if type == kSecAttrKeyTypeECSECPrimeRandom as String,
                let curve = SubjectPublicKeyInfo.Curve(rawValue: bits)
            {
                return SubjectPublicKeyInfo.der(ecPublicKey: [UInt8](raw), curve: curve)
            }
            return nil
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
