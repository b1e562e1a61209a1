import AsyncHTTPClient
import Courier
import NIOConcurrencyHelpers
import NIOCore

extension AsyncHTTPClientTransport {
    /// What a request needs of the `HTTPClient` it goes through, set per client: its TLS options
    /// (trust roots, client identity, minimum version and the pins its connections are checked
    /// against), the proxy, and how long its connections may stay idle.
    struct Route: Sendable, Hashable {
        /// The TLS options of an `https` request that sets any; `nil` otherwise (a plain
        /// connection has no TLS, and a request without options uses the system's defaults).
        var tls: TLSOptions?
        /// The proxy server the request goes through; `nil` when it connects directly.
        var proxy: Proxy.Server?
        /// How long a connection may stay idle before the client closes it, for a request that may
        /// not be sent twice (``AsyncHTTPClientTransport/nonIdempotentIdleLimit``); `nil` for the
        /// client's own idle timeout.
        var idleLimit: Duration?

        /// No TLS options, no proxy, the client's idle timeout:
        /// ``AsyncHTTPClientTransport/httpClient``.
        static let direct = Route()
    }

    /// The owned `HTTPClient`s other than ``AsyncHTTPClientTransport/httpClient``, one per
    /// route, each made on the first request that needs it and kept until ``shutdown()``.
    struct RoutedClients: Sendable {
        var clients: [Route: HTTPClient] = [:]
        var isShutDown = false
    }

    /// The route of `request`: its TLS options when it sets any, unless its scheme is one of plain
    /// HTTP's (a connection without TLS on a pinned client fails: it has no key), the proxy its URL
    /// goes through, and the idle limit of its connections when it may not be sent twice.
    ///
    /// - Throws: For a plain request, what ``tlsConfiguration(for:)`` throws for its options: they
    ///   are checked whatever the scheme, so that a mistake shows on the first request.
    func route(for request: TransportRequest) throws(CourierError) -> Route {
        guard ownsClient else { return .direct }
        let isPlain = ["http", "http+unix", "unix"].contains(request.url.scheme?.lowercased() ?? "")
        var tls = request.tls.flatMap { $0.setOptions.isEmpty ? nil : $0 }
        if isPlain, let options = tls {
            _ = try tlsConfiguration(for: options)
            tls = nil
        }
        return Route(
            tls: tls, proxy: proxy.server(for: request.url),
            idleLimit: request.isIdempotent ? nil : nonIdempotentIdleLimit)
    }

    /// The `HTTPClient` for `route`: ``httpClient`` for the direct one, otherwise one of its own,
    /// made with the same event loop group and configuration and the route's TLS configuration,
    /// pin check, proxy and idle limit. AsyncHTTPClient pools connections per client, so each
    /// route's connections are its own.
    ///
    /// - Throws: AsyncHTTPClient's `alreadyShutdown` once the transport is shutting down: a
    ///   request of a route is never sent through another client, which would skip its proxy or
    ///   its TLS options. ``CourierError/Kind/unsupportedTLSOption`` for what Network.framework
    ///   cannot do, and ``CourierError/Kind/invalidTLSOptions`` for material NIOSSL cannot read or
    ///   a client key that is not its certificate's; no client is made then, and nothing is sent.
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
            if let tls = route.tls, let tlsConfiguration = try tlsConfiguration(for: tls) {
                try TLSOptions.checkClientKey(of: tlsConfiguration)
                configuration.tlsConfiguration = tlsConfiguration
            }
            if let pins = route.tls?.pinnedKeys {
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

    /// Keeps new routed clients from being made, and returns those made so far, to shut down.
    func closeRoutes() -> [HTTPClient] {
        routedClients.withLockedValue { routed in
            routed.isShutDown = true
            return Array(routed.clients.values)
        }
    }

    /// Shuts down every routed client, and keeps new ones from being made.
    func shutDownRoutedClients() async throws {
        let clients = closeRoutes()
        var firstError: (any Error)?
        for client in clients {
            do { try await client.shutdown() } catch { firstError = firstError ?? error }
        }
        if let firstError { throw firstError }
    }
}
