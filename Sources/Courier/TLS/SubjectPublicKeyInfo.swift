/// The DER `SubjectPublicKeyInfo` of a public key given in the raw form Apple's Security
/// framework exports (`SecKeyCopyExternalRepresentation`): PKCS #1 `RSAPublicKey` bytes for RSA,
/// an uncompressed X9.63 point for elliptic curves.
///
/// ``PublicKeyPins`` hash the whole `SubjectPublicKeyInfo`, algorithm identifier included, so the
/// raw key is wrapped exactly as a certificate holds it (RFC 5280 §4.1.2.7, RFC 3279 §2.3, RFC 5480
/// §2). Plain DER, no cryptography: the same bytes `openssl pkey -pubout -outform der` writes.
enum SubjectPublicKeyInfo {
    /// The curves a pinned EC key may use, by their key size in bits.
    enum Curve: Int, Sendable, CaseIterable {
        case p256 = 256
        case p384 = 384
        case p521 = 521

        /// The curve's object identifier, as DER content bytes: prime256v1, secp384r1, secp521r1.
        var objectIdentifier: [UInt8] {
            switch self {
            case .p256: [0x2A, 0x86, 0x48, 0xCE, 0x3D, 0x03, 0x01, 0x07]
            case .p384: [0x2B, 0x81, 0x04, 0x00, 0x22]
            case .p521: [0x2B, 0x81, 0x04, 0x00, 0x23]
            }
        }

        /// The length of an uncompressed point on the curve: `04`, then X and Y.
        var pointLength: Int { 1 + 2 * ((rawValue + 7) / 8) }
    }

    /// rsaEncryption, 1.2.840.113549.1.1.1.
    private static let rsaEncryption: [UInt8] = [0x2A, 0x86, 0x48, 0x86, 0xF7, 0x0D, 0x01, 0x01, 0x01]
    /// id-ecPublicKey, 1.2.840.10045.2.1.
    private static let ecPublicKey: [UInt8] = [0x2A, 0x86, 0x48, 0xCE, 0x3D, 0x02, 0x01]

    /// The `SubjectPublicKeyInfo` of an RSA key from its PKCS #1 `RSAPublicKey` DER, of any size;
    /// `nil` when the bytes are not one DER `SEQUENCE`.
    static func der(rsaPublicKey pkcs1: [UInt8]) -> [UInt8]? {
        guard pkcs1.first == 0x30 else { return nil }
        // The algorithm's parameters are an explicit NULL for RSA (RFC 3279 §2.3.1).
        let algorithm = element(0x30, element(0x06, rsaEncryption) + [0x05, 0x00])
        return element(0x30, algorithm + element(0x03, [0x00] + pkcs1))
    }

    /// The `SubjectPublicKeyInfo` of an EC key from its uncompressed X9.63 point on `curve`;
    /// `nil` when the point is not uncompressed or not of the curve's length.
    static func der(ecPublicKey point: [UInt8], curve: Curve) -> [UInt8]? {
        guard point.count == curve.pointLength, point.first == 0x04 else { return nil }
        let algorithm = element(0x30, element(0x06, ecPublicKey) + element(0x06, curve.objectIdentifier))
        return element(0x30, algorithm + element(0x03, [0x00] + point))
    }

    /// One DER element: `tag`, the definite length of `content`, then `content`.
    static func element(_ tag: UInt8, _ content: [UInt8]) -> [UInt8] {
        [tag] + length(content.count) + content
    }

    /// A DER definite length: one byte below 128, else `0x80 | n` and the length in n bytes.
    static func length(_ count: Int) -> [UInt8] {
        guard count >= 0x80 else { return [UInt8(count)] }
        var bytes: [UInt8] = []
        var rest = count
        while rest > 0 {
            bytes.insert(UInt8(rest & 0xFF), at: 0)
            rest >>= 8
        }
        return [0x80 | UInt8(bytes.count)] + bytes
    }
}
