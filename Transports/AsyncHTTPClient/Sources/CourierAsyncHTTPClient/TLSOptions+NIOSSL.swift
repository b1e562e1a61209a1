import Courier
import NIOSSL

extension TLSOptions {
    /// The NIOSSL client configuration these options make, for the `HTTPClient` the transport
    /// makes for them; `nil` when no option it holds is set, so the base configuration's applies.
    /// ``pinnedKeys`` are no part of it: the transport checks them on each connection of a client
    /// of their own (``PublicKeyPinCheck``).
    ///
    /// - Throws: ``CourierError/Kind/invalidTLSOptions`` for a certificate or key NIOSSL cannot read.
    func nioSSLConfiguration() throws(CourierError) -> TLSConfiguration? {
        guard setOptions.contains(where: { $0 != .pinnedKeys }) else { return nil }
        var configuration = TLSConfiguration.makeClientConfiguration()
        if !trustRoots.certificates.isEmpty {
            let roots = try Self.load(trustRoots.certificates, option: .trustRoots)
            if trustRoots.includesSystemRoots {
                configuration.additionalTrustRoots = [.certificates(roots)]
            } else {
                configuration.trustRoots = .certificates(roots)
            }
        }
        if let identity = clientIdentity {
            configuration.certificateChain = try Self.load(identity.certificateChain, option: .clientIdentity)
                .map { .certificate($0) }
            do {
                configuration.privateKey = .privateKey(
                    try NIOSSLPrivateKey(
                        bytes: Array(identity.privateKey.pemRepresentation.utf8), format: .pem))
            } catch {
                // NIOSSL's error names no byte of the key, but is not shown either: a sentence is.
                throw CourierError(
                    stage: .transport, kind: .invalidTLSOptions,
                    message:
                        "The private key of TLSOptions.clientIdentity could not be read by NIOSSL; it must "
                        + "be an unencrypted RSA or EC key in PEM.")
            }
        }
        switch minimumVersion {
        case .tls13?: configuration.minimumTLSVersion = .tlsv13
        case .tls12?: configuration.minimumTLSVersion = .tlsv12
        case nil: break
        }
        return configuration
    }

    /// `certificates` as NIOSSL reads them.
    private static func load(_ certificates: [TLSCertificate], option: Option) throws(CourierError)
        -> [NIOSSLCertificate]
    {
        var loaded: [NIOSSLCertificate] = []
        for (index, certificate) in certificates.enumerated() {
            do {
                loaded.append(try NIOSSLCertificate(bytes: Array(certificate.derBytes), format: .der))
            } catch {
                throw CourierError(
                    stage: .transport, kind: .invalidTLSOptions,
                    message:
                        "Certificate \(index + 1) of TLSOptions.\(option.name) could not be read by NIOSSL: "
                        + "it is not an X.509 certificate.",
                    underlying: error)
            }
        }
        return loaded
    }

    /// Refuses a `configuration` whose client key is not the key of its first certificate.
    ///
    /// NIOSSL finds it when it makes a context, which AsyncHTTPClient does for each connection, and
    /// the handshake then fails: found here, once per route, it is named as the options' fault
    /// before anything is sent. Any other failure of the context shows on the connection, as it
    /// would without this check.
    ///
    /// - Throws: ``CourierError/Kind/invalidTLSOptions``.
    static func checkClientKey(of configuration: TLSConfiguration) throws(CourierError) {
        guard configuration.privateKey != nil else { return }
        do {
            _ = try NIOSSLContext(configuration: configuration)
        } catch NIOSSLError.failedToLoadPrivateKey {
            throw CourierError(
                stage: .transport, kind: .invalidTLSOptions,
                message:
                    "The private key of TLSOptions.clientIdentity is not the key of the first certificate "
                    + "of its chain, so NIOSSL cannot use it; nothing was sent.")
        } catch {}
    }
}
