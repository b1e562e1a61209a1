import Courier
import CourierTesting
import Foundation

/// `GET /todos/{id}`: a catalog endpoint, so requests carry its template; a bearer token and an
/// `api_key` query value are the secrets no log, metric or span may show.
///
/// The integrations' packages (Integrations/Logging, Metrics and Tracing) share it, with
/// ``Todo`` and ``TodoFixtures``, through this target's product.
public struct GetTodo: CatalogEndpoint {
    /// The todo, decoded from the answer's JSON.
    public typealias Success = Todo
    /// No documented error.
    public typealias Failure = Never

    /// The todo's id, the path's parameter.
    public var id: Int

    /// The endpoint for the todo `id`.
    public init(id: Int) { self.id = id }

    /// `GET /todos/{id}?api_key=…` with a bearer token.
    public var definition: some EndpointDefinition {
        Method.get
        Path("todos", id)
        Query("api_key", "query-secret-1")
        Header.bearer("bearer-secret-1")
    }
}

/// The body of ``GetTodo``'s answer.
public struct Todo: Codable, Sendable, Equatable {
    /// The todo's id.
    public let id: Int
    /// What is to be done.
    public let title: String

    /// A todo with `id` and `title`.
    public init(id: Int, title: String) {
        self.id = id
        self.title = title
    }
}

/// The base URL, secrets and answers the integrations' tests send ``GetTodo`` with.
public enum TodoFixtures {
    /// Where the tests' clients send.
    public static let baseURL = BaseURL("https://api.example.com")
    /// The secrets ``GetTodo`` sends, which nothing may show.
    public static let secrets = ["query-secret-1", "bearer-secret-1"]
    /// The answer's body: todo 7, "Write docs".
    public static let todoBody = Data(#"{"id":7,"title":"Write docs"}"#.utf8)

    /// Answers every request with `statuses` in turn (the last one repeating), body ``todoBody``.
    public static func transport(_ statuses: [HTTPStatus] = [.ok]) -> StubTransport {
        let statuses = ScriptedStatuses(statuses)
        return StubTransport { request in
            RawResponse(status: statuses.next(), body: todoBody, url: request.url)
        }
    }
}

/// Statuses handed out in order, the last one repeating; copies share their place.
public struct ScriptedStatuses: Sendable {
    private let remaining: LockedBox<[HTTPStatus]>

    /// Hands out `statuses`, which must not be empty.
    public init(_ statuses: [HTTPStatus]) { remaining = LockedBox(statuses) }

    /// The next status, or the last one again once the others are handed out.
    public func next() -> HTTPStatus {
        remaining.withLock { $0.count > 1 ? $0.removeFirst() : $0[0] }
    }
}
