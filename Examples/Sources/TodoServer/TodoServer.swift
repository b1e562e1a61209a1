import Courier
import Foundation
import Hummingbird
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
/// await server.stop()
/// ```
///
/// Hummingbird does no routing here: one responder takes every request, whatever its method
/// and path, and hands it to ``TodoService``, whose routing is the shared catalog's.
public final class TodoServer: Sendable {
    /// The port the server listens on, chosen by the system.
    public let port: Int
    /// `http://127.0.0.1:<port>`.
    public let baseURL: BaseURL
    private let group: ServiceGroup
    private let running: Task<Void, any Error>

    private init(port: Int, baseURL: BaseURL, group: ServiceGroup, running: Task<Void, any Error>) {
        self.port = port
        self.baseURL = baseURL
        self.group = group
        self.running = running
    }

    /// Starts a server on 127.0.0.1 and a free port, and returns once it listens.
    ///
    /// - Parameter credentials: The one user that can sign in.
    /// - Throws: When the catalog cannot be built or the server cannot listen.
    public static func start(credentials: LoginCredentials) async throws -> TodoServer {
        let service = try TodoService(credentials: credentials)
        let (ports, listening) = AsyncStream<Int>.makeStream()
        var logger = Logger(label: "todo-server")
        logger.logLevel = .warning
        let app = Application(
            responder: CatalogResponder(service: service),
            configuration: ApplicationConfiguration(address: .hostname("127.0.0.1", port: 0)),
            onServerRunning: { channel in
                listening.yield(channel.localAddress?.port ?? 0)
                listening.finish()
            },
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
        return TodoServer(
            port: port, baseURL: try BaseURL(validating: "http://127.0.0.1:\(port)"), group: group,
            running: running)
    }

    /// Stops the server and waits until it has.
    public func stop() async {
        await group.triggerGracefulShutdown()
        _ = try? await running.value
    }
}

/// Why the server did not start.
struct ServerError: Error, CustomStringConvertible {
    let message: String
    var description: String { message }
}

/// The catch-all responder: every request becomes an `IncomingRequest` for ``TodoService``.
struct CatalogResponder: HTTPResponder {
    typealias Context = BasicRequestContext

    let service: TodoService

    func respond(to request: Request, context: Context) async throws -> Response {
        var request = request
        let bytes = try await request.collectBody(upTo: 1 << 20)
        let headers = request.headers.compactMap { field in
            HeaderName(validating: field.name.rawName).map { HeaderField(name: $0, value: field.value) }
        }
        guard let method = HTTPMethod(validating: request.method.rawValue) else {
            return Response(status: .methodNotAllowed)
        }
        let incoming = IncomingRequest(
            method: method, target: request.head.path ?? "/", headers: HeaderFields(headers),
            body: Data(bytes.readableBytesView))
        let reply = await service.reply(to: incoming)
        var fields = HTTPFields()
        if let contentType = reply.contentType { fields[.contentType] = contentType }
        if let allow = reply.allow { fields[.allow] = allow }
        return Response(
            status: HTTPResponse.Status(code: reply.status), headers: fields,
            body: ResponseBody(byteBuffer: ByteBuffer(bytes: reply.body)))
    }
}
