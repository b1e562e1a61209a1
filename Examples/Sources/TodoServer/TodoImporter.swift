import Courier
import TodoCatalog

/// Copies todos from the upstream server: sends ``GetTodo`` there with a Courier `Client` and
/// turns its typed response into this server's reply to ``ImportTodo``.
///
/// It knows nothing of the transport: ``TodoServer`` gives it a client on the server's one
/// `HTTPClient` (through `AsyncHTTPClientTransport`); a test could give it one on a mock.
///
/// ```swift
/// let importer = TodoImporter(client: Client(baseURL: upstream.baseURL), token: upstream.token)
/// let service = try TodoService(credentials: user, importer: importer)
/// ```
public struct TodoImporter: Sendable {
    /// Sends requests to the upstream server.
    public let client: Client
    /// The token the upstream server accepts.
    public let token: BearerToken

    /// Creates an importer that sends through `client` (whose base URL is the upstream's).
    public init(client: Client, token: BearerToken) {
        self.client = client
        self.token = token
    }

    /// Fetches the upstream todo `id` and stores a copy of it (its title) in `store`.
    ///
    /// - Returns: The new todo; ``TodoError/notFound(_:)`` when the upstream has no such todo;
    ///   ``TodoError/upstreamFailed(_:)`` when the upstream answered anything else or could not
    ///   be reached.
    func importTodo(_ id: Int, into store: TodoStore) async -> Result<Todo, TodoError> {
        let response: EndpointResponse<Todo, TodoError>
        do {
            response = try await client.send(GetTodo(token: token, id: id))
        } catch {
            // The kind only: the error's description names the upstream's URL, which is not the
            // caller's business.
            return .failure(
                .upstreamFailed(
                    UpstreamFailure(message: "The upstream could not be reached (\(error.kind)).")))
        }
        switch response.result {
        case .success(let todo):
            return .success(await store.create(title: todo.title))
        case .failure(.notFound):
            return .failure(.notFound(NotFound(message: "The upstream has no todo with the id \(id).")))
        case .failure:
            let status = response.status.code
            return .failure(
                .upstreamFailed(
                    UpstreamFailure(message: "The upstream answered \(status) when asked for todo \(id).")))
        }
    }
}
