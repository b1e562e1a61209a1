import AsyncHTTPClient
import Courier
import NIOConcurrencyHelpers
import NIOCore

extension AsyncHTTPClientTransport {
    /// What a request needs of the `HTTPClient` it goes through and that AsyncHTTPClient sets per
    /// client, not per request: the proxy, the pins its connections are checked against, and how
    /// long its connections may stay idle.
    struct Route: Sendable, Hashable {
        /// The pins of an `https` request; `nil` otherwise (a plain connection has no key to pin).
        var pins: PublicKeyPins?
        /// The proxy server the request goes through; `nil` when it connects directly.
        var proxy: Proxy.Server?
        /// How long a connection may stay idle before the client closes it, for a request that may
        /// not be sent twice (``AsyncHTTPClientTransport/nonIdempotentIdleLimit``); `nil` for the
        /// client's own idle timeout.
        var idleLimit: Duration?

        /// No proxy, no pins, the client's idle timeout: ``AsyncHTTPClientTransport/httpClient``.
        static let direct = Route()
    }

    /// The owned `HTTPClient`s other than ``AsyncHTTPClientTransport/httpClient``, one per
    /// route, each made on the first request that needs it and kept until ``shutdown()``.
    struct RoutedClients: Sendable {
        var clients: [Route: HTTPClient] = [:]
        var isShutDown = false
    }

    /// The route of `request`: the proxy its URL goes through, its pins unless its scheme is one
    /// of plain HTTP's (a connection without TLS on a pinned client fails: it has no key), and the
    /// idle limit of its connections when it may not be sent twice.
    func route(for request: TransportRequest) -> Route {
        guard ownsClient else { return .direct }
        let isPlain = ["http", "http+unix", "unix"].contains(request.url.scheme?.lowercased() ?? "")
        return Route(
            pins: isPlain ? nil : request.tls?.pinnedKeys, proxy: proxy.server(for: request.url),
            idleLimit: request.isIdempotent ? nil : nonIdempotentIdleLimit)
    }

    /// The `HTTPClient` for `route`: ``httpClient`` for the direct one, otherwise one of its own,
    /// made with the same event loop group and configuration and the route's proxy, pin check and
    /// idle limit.
    ///
    /// - Throws: AsyncHTTPClient's `alreadyShutdown` once the transport is shutting down: a
    ///   request of a route is never sent through another client, which would skip its proxy or
    ///   its pin check.
    func client(for route: Route) throws -> HTTPClient {
        guard route != .direct else { return httpClient }
        return try routedClients.withLockedValue { routed in
            if routed.isShutDown { throw HTTPClientError.alreadyShutdown }
            if let client = routed.clients[route] { return client }
            var configuration = baseConfiguration
            configuration.proxy = route.proxy.map { server in
                switch server.kind {
                case .http:
                    .server(
                        host: server.host, port: server.port,
                        authorization: server.credentials.map {
                            .basic(username: $0.username, password: $0.password)
                        })
                case .socks5: .socksServer(host: server.host, port: server.port)
                }
            }
            if let pins = route.pins {
                let check = PublicKeyPinCheck(pins: pins)
                let previous = configuration.http1_1ConnectionDebugInitializer
                configuration.http1_1ConnectionDebugInitializer = { channel in
                    check.connectionInitializer(channel).flatMap {
                        previous?(channel) ?? channel.eventLoop.makeSucceededVoidFuture()
                    }
                }
                configuration.http2ConnectionDebugInitializer = check.connectionInitializer
            }
            if let idleLimit = route.idleLimit {
                configuration.connectionPool.idleTimeout = TimeAmount(idleLimit)
            }
            let client = HTTPClient(eventLoopGroup: httpClient.eventLoopGroup, configuration: configuration)
            routed.clients[route] = client
            return client
        }
    }

    /// Shuts down every routed client, and keeps new ones from being made.
    func shutDownRoutedClients() async throws {
        let clients = routedClients.withLockedValue { routed in
            routed.isShutDown = true
            return Array(routed.clients.values)
        }
        var firstError: (any Error)?
        for client in clients {
            do { try await client.shutdown() } catch { firstError = firstError ?? error }
        }
        if let firstError { throw firstError }
    }
}
