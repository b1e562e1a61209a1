import Courier
import TodoCatalog
import TodoServer
import TodoVaporServer

/// The framework that serves the todo API in a session, chosen by `--server hummingbird|vapor`:
/// both serve the same catalog with the same `TodoService`, so the session's steps are the same.
enum SessionServer: String, CaseIterable {
    /// `TodoServer`: Hummingbird 2 and CourierHummingbird's `CatalogMiddleware`.
    case hummingbird
    /// `TodoVaporServer`: Vapor 4 and CourierVapor's `CatalogMiddleware`.
    case vapor

    /// The framework's name, for the session's lines.
    var name: String {
        switch self {
        case .hummingbird: "Hummingbird"
        case .vapor: "Vapor"
        }
    }

    /// Starts a todo server of this framework on a free loopback port.
    ///
    /// - Throws: What the server's `start` threw.
    func start(
        credentials: LoginCredentials, upstream: Upstream? = nil, certificate: ServerCertificate? = nil
    ) async throws -> any RunningTodoServer {
        switch self {
        case .hummingbird:
            try await TodoServer.start(credentials: credentials, upstream: upstream, certificate: certificate)
        case .vapor:
            try await TodoVaporServer.start(
                credentials: credentials, upstream: upstream, certificate: certificate)
        }
    }
}

/// A todo server the session started: where it listens, and how it stops.
protocol RunningTodoServer: Sendable {
    /// `http://127.0.0.1:<port>`, or `https://` when it serves HTTPS.
    var baseURL: BaseURL { get }
    /// Stops the server gracefully; calling it again waits for the same end.
    func stop() async throws
}

extension TodoServer: RunningTodoServer {}
extension TodoVaporServer: RunningTodoServer {}
