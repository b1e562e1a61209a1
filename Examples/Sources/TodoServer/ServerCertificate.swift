import Foundation
import NIOSSL

/// The certificate chain and private key the todo server serves HTTPS with, in PEM.
///
/// `Scripts/run-example` makes them at start with `Tests/Servers/make_tls_material.sh`: a
/// throwaway CA and a leaf for `127.0.0.1` it signed, which the session trusts through Courier's
/// `TLSOptions`. Nothing of it is committed.
///
/// ```swift
/// let certificate = try ServerCertificate(directory: URL(fileURLWithPath: "tls"), name: "trusted")
/// let server = try await TodoServer.start(credentials: user, certificate: certificate)
/// ```
public struct ServerCertificate: Sendable {
    /// The leaf first, then any intermediates.
    public let chainPEM: String
    /// The leaf's private key; never printed.
    let privateKeyPEM: String

    /// A certificate and key given as PEM text.
    ///
    /// - Parameters:
    ///   - chainPEM: The leaf certificate, then any intermediates.
    ///   - privateKeyPEM: The leaf's private key.
    public init(chainPEM: String, privateKeyPEM: String) {
        self.chainPEM = chainPEM
        self.privateKeyPEM = privateKeyPEM
    }

    /// Reads `NAME.pem` and `NAME-key.pem` in `directory`.
    ///
    /// - Throws: When either file cannot be read as UTF-8 text.
    public init(directory: URL, name: String) throws {
        self.init(
            chainPEM: try String(
                contentsOf: directory.appendingPathComponent("\(name).pem"), encoding: .utf8),
            privateKeyPEM: try String(
                contentsOf: directory.appendingPathComponent("\(name)-key.pem"), encoding: .utf8))
    }

    /// The NIOSSL server configuration these make.
    ///
    /// - Throws: NIOSSL's error when the PEM holds no certificate or no readable key.
    package func tlsConfiguration() throws -> TLSConfiguration {
        let chain = try NIOSSLCertificate.fromPEMBytes(Array(chainPEM.utf8))
        let key = try NIOSSLPrivateKey(bytes: Array(privateKeyPEM.utf8), format: .pem)
        return TLSConfiguration.makeServerConfiguration(
            certificateChain: chain.map { .certificate($0) }, privateKey: .privateKey(key))
    }
}
