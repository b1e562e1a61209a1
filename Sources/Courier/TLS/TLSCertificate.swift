import Foundation

/// An X.509 certificate, as DER bytes, checked for its outer shape when it is made.
///
/// Courier has no cryptography of its own: it checks the PEM armor, the base64 and that the bytes
/// are one DER `SEQUENCE`; the transport parses the rest, and refuses a certificate it cannot read
/// when the first request goes out.
///
/// ```swift
/// let root = try TLSCertificate(pem: String(contentsOf: caFile, encoding: .utf8))
/// let chain = try TLSCertificate.all(pem: bundleText)
/// ```
public struct TLSCertificate: Sendable, Hashable, CustomStringConvertible {
    /// The certificate's DER bytes.
    public let derBytes: Data

    /// A certificate from its DER bytes.
    ///
    /// - Throws: ``CourierError/Kind/invalidTLSOptions`` when the bytes are not one DER `SEQUENCE`.
    public init(der: Data) throws(CourierError) {
        try DERSequence.check(der, what: "certificate")
        derBytes = der
    }

    /// The certificate in PEM text that holds exactly one `CERTIFICATE` block.
    ///
    /// - Throws: ``CourierError/Kind/invalidTLSOptions`` when the text holds no block, more than
    ///   one (use ``all(pem:)``), a block of another kind, or a block that does not decode.
    public init(pem: String) throws(CourierError) {
        let certificates = try Self.all(pem: pem)
        guard certificates.count == 1 else {
            throw PEMDocument.invalid(
                "certificate",
                "the PEM text holds \(certificates.count) certificates; read a bundle with TLSCertificate.all(pem:)"
            )
        }
        self = certificates[0]
    }

    /// Every certificate in PEM text, in order: a bundle of roots, or a chain with its leaf first.
    ///
    /// - Throws: ``CourierError/Kind/invalidTLSOptions`` when the text holds no block, a block
    ///   that is not a `CERTIFICATE` (a key, say), or one that does not decode.
    public static func all(pem: String) throws(CourierError) -> [TLSCertificate] {
        try PEMDocument.blocks(in: pem, what: "certificate").map { document throws(CourierError) in
            guard document.label == "CERTIFICATE" else {
                throw PEMDocument.invalid(
                    "certificate",
                    "the PEM text holds a \(document.label) block where a CERTIFICATE is expected")
            }
            return try TLSCertificate(der: document.der)
        }
    }

    /// The certificate as PEM text.
    public var pem: String { PEMDocument.text(label: "CERTIFICATE", der: derBytes) }

    /// `TLSCertificate(<n> bytes)`.
    public var description: String { "TLSCertificate(\(derBytes.count) bytes)" }
}
