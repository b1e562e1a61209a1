import Foundation

/// Public keys a server's certificate chain must contain one of: SHA-256 digests of their DER
/// `SubjectPublicKeyInfo`, in base64, as HPKP wrote them.
///
/// At least two distinct pins are required: the key in use and a backup key kept offline, so
/// that a lost or rotated key does not lock every installed client out. A chain matching no pin
/// fails with ``CourierError/Kind/publicKeyPinMismatch``, after the usual trust checks.
///
/// Which keys of the chain a transport can see differs: `AsyncHTTPClientTransport` checks the
/// key of the server's own certificate (the leaf) only, so a pin of a CA or intermediate key
/// never matches there; pin leaf keys for it. See <doc:ConnectingSecurely>.
///
/// ```swift
/// let pins = try PublicKeyPins([
///     "d6qzRu9zOECb90Uez27xWltNsj0e1Md7GkYYkVoZWmM=",  // in use
///     "E9CZ9INDbd+2eRQozYqqbQ2yXLVKB9+xcprMF+44U1g=",  // backup, not yet deployed
/// ])
/// ```
///
/// Compute one with `openssl x509 -in cert.pem -pubkey -noout | openssl pkey -pubin -outform der
/// | openssl dgst -sha256 -binary | base64`.
public struct PublicKeyPins: Sendable, Hashable, CustomStringConvertible {
    /// The pinned digests, 32 bytes each, in the order given.
    public let sha256Digests: [Data]

    /// Pins from base64 SHA-256 digests of `SubjectPublicKeyInfo`s, each with or without the
    /// `sha256/` prefix OkHttp's pins carry.
    ///
    /// - Throws: ``CourierError/Kind/invalidTLSOptions`` when a pin is not base64 of exactly 32
    ///   bytes, or fewer than two distinct pins are given (keep a backup pin).
    public init(_ base64SHA256: [String]) throws(CourierError) {
        var digests: [Data] = []
        for (index, pin) in base64SHA256.enumerated() {
            var trimmed = Substring(pin.trimmingCharacters(in: .whitespaces))
            if trimmed.lowercased().hasPrefix("sha256/") { trimmed = trimmed.dropFirst("sha256/".count) }
            guard let digest = Data(base64Encoded: String(trimmed)) else {
                throw PEMDocument.invalid("public key pin", "pin \(index + 1) is not base64")
            }
            guard digest.count == 32 else {
                let isHex = trimmed.count == 64 && trimmed.allSatisfy(\.isHexDigit)
                throw PEMDocument.invalid(
                    "public key pin",
                    isHex
                        ? "pin \(index + 1) is a SHA-256 digest in hexadecimal; give its base64 "
                            + "(`xxd -r -p | base64`)"
                        : "pin \(index + 1) decodes to \(digest.count) bytes; a SHA-256 digest has 32")
            }
            if !digests.contains(digest) { digests.append(digest) }
        }
        guard digests.count >= 2 else {
            throw PEMDocument.invalid(
                "set of public key pins",
                "it has \(digests.count) distinct pin\(digests.count == 1 ? "" : "s"); give the key in use and "
                    + "at least one backup key, so that rotating or losing a key does not lock clients out")
        }
        sha256Digests = digests
    }

    /// Whether `digest`, the SHA-256 of a DER `SubjectPublicKeyInfo`, is pinned.
    public func contains(digest: Data) -> Bool { sha256Digests.contains(digest) }

    /// Whether the key `subjectPublicKeyInfo` (its DER bytes, as a certificate holds them) is
    /// pinned: its SHA-256 digest is one of ``sha256Digests``.
    ///
    /// A transport checks each key of a server's validated chain it can see with it.
    ///
    /// ```swift
    /// let pinned = pins.contains(subjectPublicKeyInfo: spkiDER)
    /// ```
    public func contains(subjectPublicKeyInfo: some Collection<UInt8>) -> Bool {
        contains(digest: Data(SHA256.digest(subjectPublicKeyInfo)))
    }

    /// Whether the key of a certificate, given as its DER bytes, is pinned: the SHA-256 digest
    /// of the `SubjectPublicKeyInfo` the certificate holds is one of ``sha256Digests``.
    ///
    /// A transport checks each certificate of a server's validated chain with it. Bytes that are
    /// not a certificate, or whose elements before the key are malformed, are not pinned.
    ///
    /// ```swift
    /// let pinned = chain.contains { pins.contains(certificateDER: $0.derBytes) }
    /// ```
    public func contains(certificateDER: some Collection<UInt8>) -> Bool {
        guard let key = CertificateDER.subjectPublicKeyInfo(in: certificateDER) else { return false }
        return contains(subjectPublicKeyInfo: key)
    }

    /// The pins in base64, which are public.
    public var description: String {
        "PublicKeyPins(\(sha256Digests.map { $0.base64EncodedString() }.joined(separator: ", ")))"
    }
}
