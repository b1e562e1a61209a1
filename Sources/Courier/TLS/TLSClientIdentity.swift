import Foundation

/// The certificate chain and private key a client presents for mutual TLS.
///
/// The chain starts with the client's own certificate, followed by any intermediates the server
/// needs to reach its root. Renderings show the chain's size and never the key.
///
/// ```swift
/// let identity = try TLSClientIdentity(
///     certificateChainPEM: String(contentsOf: certFile, encoding: .utf8),
///     privateKeyPEM: String(contentsOf: keyFile, encoding: .utf8))
/// ```
public struct TLSClientIdentity: Sendable, Hashable, CustomStringConvertible, CustomReflectable {
    /// The client's certificate first, then its intermediates.
    public let certificateChain: [TLSCertificate]
    /// The private key of the first certificate.
    public let privateKey: TLSPrivateKey

    /// An identity from a chain and its key.
    ///
    /// - Throws: ``CourierError/Kind/invalidTLSOptions`` when the chain is empty.
    public init(certificateChain: [TLSCertificate], privateKey: TLSPrivateKey) throws(CourierError) {
        guard !certificateChain.isEmpty else {
            throw PEMDocument.invalid("client identity", "its certificate chain is empty")
        }
        self.certificateChain = certificateChain
        self.privateKey = privateKey
    }

    /// An identity from PEM text: the chain's certificates (the client's first) and the key, as
    /// ``TLSPrivateKey/init(pem:)`` accepts it.
    ///
    /// - Throws: ``CourierError/Kind/invalidTLSOptions`` when either text is not usable.
    public init(certificateChainPEM: String, privateKeyPEM: String) throws(CourierError) {
        try self.init(
            certificateChain: TLSCertificate.all(pem: certificateChainPEM),
            privateKey: TLSPrivateKey(pem: privateKeyPEM))
    }

    /// `TLSClientIdentity(1 certificate, TLSPrivateKey(pkcs8, <redacted>))`.
    public var description: String {
        let count = certificateChain.count
        return "TLSClientIdentity(\(count) certificate\(count == 1 ? "" : "s"), \(privateKey))"
    }

    /// The chain and the redacted key, so that `dump` shows no byte of the key.
    public var customMirror: Mirror {
        Mirror(
            self, children: ["certificateChain": certificateChain, "privateKey": privateKey.description],
            displayStyle: .struct)
    }
}
