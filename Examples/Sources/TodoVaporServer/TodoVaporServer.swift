import AsyncHTTPClient
import Courier
import CourierVapor
import Foundation
import NIOConcurrencyHelpers
import TodoCatalog
import TodoServer
import Vapor

/// The todo API served by Vapor 4, in-process, on a loopback port: the same catalog and the same
/// ``TodoServer/TodoService`` as ``TodoServer/TodoServer``, which Hummingbird serves.
///
/// ```swift
/// let server = try await TodoVaporServer.start(credentials: LoginCredentials(username: "ada", password: "…"))
/// let client = Client(baseURL: server.baseURL)
/// // …
/// try await server.stop()
/// ```
///
/// Vapor does no routing of its own here: CourierVapor's `CatalogMiddleware` matches every
/// request by the shared catalog and hands the typed endpoint to the service. Started with a
/// certificate it serves HTTPS (HTTP/1.1); started with an upstream, it answers ``ImportTodo``
/// through one `HTTPClient` of its own, shut down after the server has stopped.
public final class TodoVaporServer: Sendable {
    /// The port the server listens on, chosen by the system.
    public let port: Int
    /// `http://127.0.0.1:<port>`, or `https://` when the server was started with a certificate.
    public let baseURL: BaseURL
    private let app: Application
    private let store: TodoStore
    private let httpClient: HTTPClient?
    /// The one stop, which a second ``stop()`` waits for.
    private let stopping = NIOLockedValueBox<Task<Void, any Error>?>(nil)

    private init(port: Int, baseURL: BaseURL, app: Application, store: TodoStore, httpClient: HTTPClient?) {
        self.port = port
        self.baseURL = baseURL
        self.app = app
        self.store = store
        self.httpClient = httpClient
    }

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
    ) async throws -> TodoVaporServer {
        var service = try TodoService(credentials: credentials)
        let tlsConfiguration = try certificate?.tlsConfiguration()
        var logger = Logger(label: "todo-vapor-server")
        logger.logLevel = .warning
        // Vapor's environment names its settings; its arguments are not the session's.
        let app = try await Application.make(
            Environment(name: "production", arguments: ["todo-vapor-server"]), logger: logger)
        var httpClient: HTTPClient?
        do {
            if let upstream {
                let (importer, clientService) = TodoServer.importer(for: upstream, on: app.eventLoopGroup)
                service.importer = importer
                httpClient = clientService.httpClient
            }
            app.http.server.configuration.address = .hostname("127.0.0.1", port: 0)
            app.http.server.configuration.tlsConfiguration = tlsConfiguration
            app.http.server.configuration.supportVersions = [.one]
            // The largest request body the catalog middleware reads, as Hummingbird's default.
            app.routes.defaultMaxBodySize = ByteCount(value: 2 << 20)
            app.middleware = middleware(for: service, environment: app.environment)
            try await app.asyncBoot()
            try await app.server.start(address: nil)
            guard let port = app.http.server.shared.localAddress?.port else {
                throw StartError()
            }
            let scheme = certificate == nil ? "http" : "https"
            return TodoVaporServer(
                port: port, baseURL: try BaseURL(validating: "\(scheme)://127.0.0.1:\(port)"), app: app,
                store: service.store, httpClient: httpClient)
        } catch {
            await app.server.shutdown()
            try? await httpClient?.shutdown()
            try? await app.asyncShutdown()
            throw error
        }
    }

    /// The middleware that serves `service`: Vapor's tracing (which continues the trace context
    /// a request carries; the catalog's middleware names its span after the matched route) and
    /// error rendering, then the catalog's, which answers every request.
    static func middleware(for service: TodoService, environment: Environment) -> Middlewares {
        var middleware = Middlewares()
        middleware.use(Vapor.TracingMiddleware())
        middleware.use(ErrorMiddleware.default(environment: environment))
        middleware.use(
            CatalogMiddleware(
                service.catalog,
                mismatch: { mismatch, request, _ in await service.reply(to: mismatch, for: request).answer }
            ) { endpoint, request in
                let reply = await service.reply(to: endpoint)
                guard let feed = reply.feed else { return reply.answer }
                // The head's status and fields, with a streamed body in place of the empty one.
                let head = try await reply.answer.encodeResponse(for: request)
                // Managed: Vapor ends the body when the closure returns, and fails it (closing the
                // connection) when it throws, as it does once the client has gone.
                let body = Response.Body(managedAsyncStream: { writer in
                    try await ChangeFeed.events(
                        store: service.store, after: feed.after, follows: feed.follows
                    ) {
                        try await writer.write(.buffer(ByteBuffer(string: $0)))
                    }
                })
                return Response(status: head.status, headers: head.headers, body: body)
            })
        return middleware
    }

    /// Stops the server gracefully (change feeds end, and the requests in flight finish), then
    /// shuts down its `HTTPClient`, if it has one, and the application. Calling it again waits
    /// for the same end.
    ///
    /// - Throws: What the client's or the application's shutdown threw.
    public func stop() async throws {
        let task = stopping.withLockedValue { stopping in
            if let stopping { return stopping }
            let task = Task { [app, store, httpClient] in
                await store.stopFeeds()
                await app.server.shutdown()
                try await httpClient?.shutdown()
                try await app.asyncShutdown()
            }
            stopping = task
            return task
        }
        try await task.value
    }
}

/// The server listens, but Vapor does not say on which port.
private struct StartError: Error, CustomStringConvertible {
    var description: String { "the Vapor server does not say which port it listens on" }
}
