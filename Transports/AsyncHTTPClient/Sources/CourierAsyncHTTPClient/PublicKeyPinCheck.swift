import Courier
import NIOCore
import NIOSSL

/// The check of ``TLSOptions/pinnedKeys`` on each new HTTPS connection of a pinned client: the
/// key of the certificate the server presented (its leaf) must be one of the pins.
///
/// AsyncHTTPClient builds every connection's TLS handler itself, and NIOSSL shows the rest of a
/// validated chain only to a custom verification callback, which AsyncHTTPClient takes none of:
/// the leaf is the one certificate there is to check. The check runs as the `HTTPClient`'s
/// connection initializer, after the handshake (and so after the usual trust checks) and before
/// the connection takes any request; a failure closes the connection and fails the requests
/// waiting for it, so no byte of a request reaches a server whose key is not pinned.
struct PublicKeyPinCheck: Sendable {
    /// The pins the server's key must match one of.
    let pins: PublicKeyPins

    /// Why a connection was refused; the transport names the host when it reports it.
    enum Failure: Error, Sendable, Hashable, CustomStringConvertible {
        /// The leaf's key matches none of `pinCount` pins.
        case mismatch(pinCount: Int)
        /// The connection has no NIOSSL handler, or the handler no peer certificate: nothing to check.
        case noCertificate
        /// NIOSSL could not read the leaf's public key.
        case unreadableKey

        var description: String {
            switch self {
            case .mismatch(let count): "the server certificate's key matches none of \(count) pins"
            case .noCertificate: "the connection shows no server certificate to check"
            case .unreadableKey: "the server certificate's public key could not be read"
            }
        }

        /// The error a request sees, naming `host` (`127.0.0.1:8443`).
        func courierError(host: String) -> CourierError {
            let message: String
            switch self {
            case .mismatch(let count):
                message =
                    "The public key of the certificate of \(host) matches none of the \(count) "
                    + "TLSOptions.pinnedKeys; AsyncHTTPClientTransport checks the key of the server's own "
                    + "certificate (the leaf) only, not its CA's or intermediates'."
            case .noCertificate:
                message =
                    "The key of \(host) could not be checked against TLSOptions.pinnedKeys: the connection "
                    + "shows no server certificate, so it was closed."
            case .unreadableKey:
                message =
                    "The key of \(host) could not be checked against TLSOptions.pinnedKeys: NIOSSL could not "
                    + "read the public key of its certificate, so the connection was closed."
            }
            return CourierError(
                stage: .transport, kind: .publicKeyPinMismatch, message: message, underlying: self)
        }
    }

    /// The verdict on a certificate's DER `SubjectPublicKeyInfo`: `nil` when it is pinned.
    func verdict(subjectPublicKeyInfo: [UInt8]) -> Failure? {
        pins.contains(subjectPublicKeyInfo: subjectPublicKeyInfo)
            ? nil : .mismatch(pinCount: pins.sha256Digests.count)
    }

    /// The verdict on a connection's channel, read on its event loop.
    private func verdict(on channel: any Channel) -> Failure? {
        guard let handler = try? channel.pipeline.syncOperations.handler(type: NIOSSLHandler.self),
            let certificate = handler.peerCertificate
        else { return .noCertificate }
        guard let key = try? certificate.extractPublicKey().toSPKIBytes() else { return .unreadableKey }
        return verdict(subjectPublicKeyInfo: key)
    }

    /// The connection initializer for `HTTPClient.Configuration`'s
    /// `http1_1ConnectionDebugInitializer` and `http2ConnectionDebugInitializer`: succeeds for a
    /// pinned key; otherwise closes the channel and fails with a ``Failure``.
    var connectionInitializer: @Sendable (any Channel) -> EventLoopFuture<Void> {
        { [self] channel in
            channel.eventLoop.submit { verdict(on: channel) }.flatMapThrowing { failure in
                guard let failure else { return }
                channel.close(promise: nil)
                throw failure
            }
        }
    }
}
