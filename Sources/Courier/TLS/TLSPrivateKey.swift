import Foundation

/// The private key of a client identity, from unencrypted PEM text; no rendering of it shows a
/// byte of the key.
///
/// Accepted: PKCS #8 (`-----BEGIN PRIVATE KEY-----`, what `openssl genpkey` writes), and the
/// traditional RSA (`RSA PRIVATE KEY`) and EC (`EC PRIVATE KEY`, after an `EC PARAMETERS` block
/// or not) forms. An encrypted key
/// (`ENCRYPTED PRIVATE KEY`, or a legacy block with `Proc-Type` headers) is refused: decrypt it
/// where it is stored (`openssl pkey -in key.pem -out plain.pem`) and keep the result secret.
///
/// ```swift
/// let key = try TLSPrivateKey(pem: String(contentsOf: keyFile, encoding: .utf8))
/// ```
public struct TLSPrivateKey: Sendable, Hashable, CustomStringConvertible, CustomDebugStringConvertible,
    CustomReflectable
{
    /// The encodings of a private key in PEM text that Courier accepts.
    public enum Format: String, Sendable, Hashable {
        /// PKCS #8, `-----BEGIN PRIVATE KEY-----`.
        case pkcs8
        /// PKCS #1 RSA, `-----BEGIN RSA PRIVATE KEY-----`.
        case rsa
        /// SEC 1 EC, `-----BEGIN EC PRIVATE KEY-----`.
        case ec
    }

    /// How the key is encoded.
    public let format: Format
    /// The key's DER bytes: secret. Only a transport reads them.
    private let der: Data

    /// A key from PEM text holding exactly one unencrypted private key block.
    ///
    /// - Throws: ``CourierError/Kind/invalidTLSOptions`` when the text holds no key block, more
    ///   than one block, an encrypted key, or a block that does not decode; the message never
    ///   quotes the text.
    public init(pem: String) throws(CourierError) {
        // `openssl ecparam -genkey` writes the curve's parameters before the key, which names its
        // curve itself.
        let documents = try PEMDocument.blocks(in: pem, what: "private key", skipping: ["EC PARAMETERS"])
        guard documents.count == 1 else {
            throw PEMDocument.invalid(
                "private key", "the PEM text holds \(documents.count) blocks where one key is expected")
        }
        switch documents[0].label {
        case "PRIVATE KEY": format = .pkcs8
        case "RSA PRIVATE KEY": format = .rsa
        case "EC PRIVATE KEY": format = .ec
        case "ENCRYPTED PRIVATE KEY":
            throw PEMDocument.invalid(
                "private key", "it is encrypted; decrypt it first (openssl pkey -in key.pem -out plain.pem)")
        case let label:
            throw PEMDocument.invalid(
                "private key",
                "the PEM text holds a \(label) block; expected PRIVATE KEY, RSA PRIVATE KEY or EC PRIVATE KEY"
            )
        }
        der = documents[0].der
    }

    /// The key as PEM text, for a transport to load: secret, never for a log.
    public var pemRepresentation: String {
        switch format {
        case .pkcs8: PEMDocument.text(label: "PRIVATE KEY", der: der)
        case .rsa: PEMDocument.text(label: "RSA PRIVATE KEY", der: der)
        case .ec: PEMDocument.text(label: "EC PRIVATE KEY", der: der)
        }
    }

    /// `TLSPrivateKey(pkcs8, <redacted>)`: the format, never the key.
    public var description: String { "TLSPrivateKey(\(format.rawValue), <redacted>)" }

    /// The same as ``description``.
    public var debugDescription: String { description }

    /// The format and `<redacted>`, so that `dump` shows no byte of the key.
    public var customMirror: Mirror {
        Mirror(self, children: ["format": format, "key": "<redacted>"], displayStyle: .struct)
    }
}
