import Courier
import Foundation
import TodoServer

/// What the session needs to speak HTTPS: the certificate the server under test serves, and a
/// client configuration that trusts only the throwaway CA that signed it.
struct SessionTLS {
    /// `trusted.pem` and `trusted-key.pem`: a certificate for `127.0.0.1`.
    let certificate: ServerCertificate
    /// Trusts `ca.pem` alone, through Courier's `TLSOptions`.
    let configuration: Client.Configuration

    /// Reads the material `Tests/Servers/make_tls_material.sh` wrote into `directory`.
    ///
    /// - Throws: When a file cannot be read, or `ca.pem` holds no certificate.
    init(directory: URL) throws {
        certificate = try ServerCertificate(directory: directory, name: "trusted")
        let ca = try String(contentsOf: directory.appendingPathComponent("ca.pem"), encoding: .utf8)
        var configuration = Client.Configuration()
        configuration.tls = TLSOptions(trustRoots: try .only([TLSCertificate(pem: ca)]))
        self.configuration = configuration
    }
}
