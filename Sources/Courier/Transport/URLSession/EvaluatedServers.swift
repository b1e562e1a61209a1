import Foundation

/// The servers whose trust Courier evaluated and accepted, each with the ``TLSOptions`` it was
/// evaluated under: what lets a response to a request that sets roots or pins through.
///
/// A server-trust challenge comes once per connection, to the request that opened it, and a
/// connection whose TLS session was resumed may bring none at all. The rule, which fails closed:
/// a response to an `https` request whose options set roots or pins is accepted only when this
/// transport's evaluation with those very options accepted the request's host and port before.
/// The connections of the session kept for those options (and of a session made for one such
/// request) were all opened under them, so a request that reuses one passes; a response whose
/// connection nothing under those options ever checked fails with
/// ``CourierError/Kind/tlsHandshakeFailed``.
///
/// It grows with each distinct pair of options and server a transport reaches, and lives as long
/// as the transport.
struct EvaluatedServers: Sendable {
    private struct Server: Hashable, Sendable {
        var options: TLSOptions
        var host: String
        var port: Int
    }

    private let servers = LockedValue<Set<Server>>([])

    /// Records that Courier's evaluation with `request`'s options accepted its server.
    func record(_ request: TransportRequest) {
        guard let server = Self.server(of: request) else { return }
        servers.withLock { _ = $0.insert(server) }
    }

    /// The failure of a response to `request` whose server no evaluation with its roots or pins
    /// accepted; `nil` when the request sets neither, is not `https`, or its server was accepted.
    func refusal(of request: TransportRequest) -> CourierError? {
        guard request.url.scheme?.lowercased() == "https", ServerTrustEvaluation.applies(to: request.tls),
            let server = Self.server(of: request)
        else { return nil }
        guard !servers.withLock({ $0.contains(server) }) else { return nil }
        return CourierError.tls(
            .tlsHandshakeFailed, host: CourierError.tlsHostName(of: request.url),
            reason:
                "the server's certificate could not be checked against TLSOptions.trustRoots and pinnedKeys, "
                + "since no server-trust challenge came for its connection (a resumed TLS session skips it)")
    }

    private static func server(of request: TransportRequest) -> Server? {
        guard let options = request.tls, let host = request.url.host?.lowercased() else { return nil }
        return Server(options: options, host: host, port: request.url.port ?? 443)
    }
}
