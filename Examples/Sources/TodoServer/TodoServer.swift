import AsyncHTTPClient
import Courier
import CourierAsyncHTTPClient
import CourierHummingbird
import Foundation
import Hummingbird
import HummingbirdCore
import HummingbirdTLS
import Logging
import NIOCore
import ServiceLifecycle
import TodoCatalog

/// The todo API served by Hummingbird 2, in-process, on a loopback port.
///
/// ```swift
/// let server = try await TodoServer.start(credentials: LoginCredentials(username: "ada", password: "…"))
/// let client = Client(baseURL: server.baseURL)
/// // …
/// try await server.stop()
/// ```
///
/// Hummingbird does no routing of its own here: CourierHummingbird's `CatalogMiddleware` matches
/// every request by the shared catalog and hands the typed endpoint to ``TodoService``
/// (``router(for:)``).
///
/// **HTTPS.** Started with a ``ServerCertificate``, it serves HTTPS (HTTP/1.1) with it, and
/// ``baseURL`` is `https://127.0.0.1:<port>`.
///
/// **Calling an upstream.** Started with an ``Upstream``, the server answers ``ImportTodo`` by
/// calling that server with Courier over `AsyncHTTPClientTransport`. It creates one `HTTPClient`
/// at start-up for every request it will handle (its connection pool is what makes a second
/// call cheap), and the application's service group shuts it down after the server has stopped
/// (`HTTPClientService`), so no handler ever sends through a client that is shut down.
public final class TodoServer: Sendable {
    /// The port the server listens on, chosen by the system.
    public let port: Int
    /// `http://127.0.0.1:<port>`, or `https://` when the server was started with a certificate.
    public let baseURL: BaseURL
    private let group: ServiceGroup
    private let running: Task<Void, any Error>
    /// The service's store, whose change feeds ``stop()`` ends.
    private let store: TodoStore

    private init(
        port: Int, baseURL: BaseURL, group: ServiceGroup, running: Task<Void, any Error>, store: TodoStore
    ) {
        self.port = port
        self.baseURL = baseURL
        self.group = group
        self.running = running
        self.store = store
    }

    /// The largest upstream response the server reads, 1 MiB: a todo is a few hundred bytes.
    static let upstreamResponseLimit = 1 << 20

    /// Starts a server on 127.0.0.1 and a free port, and returns once it listens.
    ///
    /// - Parameters:
    ///   - credentials: The one user that can sign in.
    ///   - upstream: The server ``ImportTodo`` copies from; without one, it answers 503.
    ///   - certificate: The certificate to serve HTTPS with; plain HTTP without one.
    /// - Throws: When the catalog cannot be built, the certificate cannot be read or the server
    ///   cannot listen.
    public static func start(
        credentials: LoginCredentials, upstream: Upstream? = nil, certificate: ServerCertificate? = nil
    ) async throws -> TodoServer {
        // Everything that can fail comes before the HTTPClient: once it exists, only the service
        // group shuts it down.
        var service = try TodoService(credentials: credentials)
        let server: HTTPServerBuilder =
            if let certificate {
                try .tls(.http1(), tlsConfiguration: certificate.tlsConfiguration())
            } else {
                .http1()
            }
        // Hummingbird's event loops; the HTTPClient's connections run on them too.
        let eventLoopGroup = EventLoopGroupProvider.singleton.eventLoopGroup
        var services: [any Service] = []
        if let upstream {
            let (importer, clientService) = importer(for: upstream, on: eventLoopGroup)
            service.importer = importer
            services.append(clientService)
        }
        let (ports, listening) = AsyncStream<Int>.makeStream()
        var logger = Logger(label: "todo-server")
        logger.logLevel = .warning
        let app = Application(
            router: router(for: service),
            server: server,
            configuration: ApplicationConfiguration(address: .hostname("127.0.0.1", port: 0)),
            // Started before the HTTP server and, in reverse order, shut down after it.
            services: services,
            onServerRunning: { channel in
                listening.yield(channel.localAddress?.port ?? 0)
                listening.finish()
            },
            eventLoopGroupProvider: .shared(eventLoopGroup),
            logger: logger
        )
        // No signal handlers: the session stops the server itself, gracefully.
        let group = ServiceGroup(configuration: .init(services: [app], logger: logger))
        let running = Task {
            defer { listening.finish() }
            try await group.run()
        }
        var iterator = ports.makeAsyncIterator()
        guard let port = await iterator.next(), port > 0 else {
            await group.triggerGracefulShutdown()
            try await running.value
            throw ServerError(message: "the server stopped before it listened")
        }
        let scheme = certificate == nil ? "http" : "https"
        return TodoServer(
            port: port, baseURL: try BaseURL(validating: "\(scheme)://127.0.0.1:\(port)"), group: group,
            running: running, store: service.store)
    }

    /// An importer that calls `upstream` through a new `HTTPClient`, and the service that shuts
    /// that client down.
    ///
    /// The client belongs to the server, not to the transport (`init(httpClient:)`): every
    /// request the server handles sends through its one connection pool, and its shutdown is the
    /// service group's business.
    package static func importer(for upstream: Upstream, on eventLoopGroup: any EventLoopGroup)
        -> (TodoImporter, HTTPClientService)
    {
        let httpClient = HTTPClient(
            eventLoopGroup: eventLoopGroup,
            configuration: AsyncHTTPClientTransport.configuration(
                connectTimeout: .seconds(2), decompressionLimit: upstreamResponseLimit))
        let transport = AsyncHTTPClientTransport(httpClient: httpClient, responseLimit: upstreamResponseLimit)
        // A deadline for every upstream call, so that a stalled upstream cannot hold a handler.
        let client = Client(
            baseURL: upstream.baseURL, transport: transport,
            configuration: Client.Configuration(timeout: Timeout(.seconds(5))))
        return (
            TodoImporter(client: client, token: upstream.token), HTTPClientService(httpClient: httpClient)
        )
    }

    /// Stops the server gracefully (the requests in flight finish, and change feeds end), then
    /// shuts down its `HTTPClient`, if it has one, and waits until both are done. Calling it
    /// again waits for the same end.
    ///
    /// - Throws: What stopped the server or the client's shutdown with an error.
    public func stop() async throws {
        await store.stopFeeds()
        await group.triggerGracefulShutdown()
        try await running.value
    }
}

/// Why the server did not start.
struct ServerError: Error, CustomStringConvertible {
    let message: String
    var description: String { message }
}

extension TodoServer {
    /// The router that serves `service`: each request is matched by the todo catalog
    /// (CourierHummingbird's `CatalogMiddleware`, which also answers paths and methods the
    /// catalog does not have), and the typed endpoint or mismatch goes to `service`.
    ///
    /// Each request is traced by Hummingbird's `TracingMiddleware`: it continues the trace context
    /// the request carries (a Courier client's `TracingMiddleware` sends it) and names the
    /// server's span after the route the catalog matched.
    static func router(for service: TodoService) -> Router<BasicRequestContext> {
        let router = Router()
        router.add(middleware: Hummingbird.TracingMiddleware())
        router.add(
            middleware: CatalogMiddleware(
                service.catalog,
                mismatch: { mismatch, request, _ in await service.reply(to: mismatch, for: request).answer }
            ) { endpoint, request, context in
                let reply = await service.reply(to: endpoint)
                guard let feed = reply.feed else { return reply.answer }
                var response = try reply.answer.response(from: request, context: context)
                response.body = ResponseBody { writer in
                    do {
                        try await ChangeFeed.events(
                            store: service.store, after: feed.after, follows: feed.follows
                        ) {
                            try await writer.write(ByteBuffer(string: $0))
                        }
                        try await writer.finish(nil)
                    } catch {
                        // The client went away: the connection is gone, with nothing left to finish.
                    }
                }
                return response
            })
        return router
    }
}
