import Courier
import CourierTesting
import Foundation

/// `GET /todos/{id}`: a catalog endpoint, so requests carry its template; a bearer token and an
/// `api_key` query value are the secrets no log may show.
struct GetTodo: CatalogEndpoint {
    typealias Success = Todo
    typealias Failure = Never

    var id: Int

    var definition: some EndpointDefinition {
        Method.get
        Path("todos", id)
        Query("api_key", "query-secret-1")
        Header.bearer("bearer-secret-1")
    }
}

struct Todo: Codable, Sendable, Equatable {
    let id: Int
    let title: String
}

enum Fixtures {
    static let baseURL = BaseURL("https://api.example.com")
    static let secrets = ["query-secret-1", "bearer-secret-1"]
    static let todoBody = Data(#"{"id":7,"title":"Write docs"}"#.utf8)

    /// Answers every request with `statuses` in turn (the last one repeating), body ``todoBody``.
    static func transport(_ statuses: [HTTPStatus] = [.ok]) -> StubTransport {
        let remaining = Remaining(statuses)
        return StubTransport { request in
            RawResponse(status: remaining.next(), body: todoBody, url: request.url)
        }
    }
}

/// Statuses handed out in order, the last one repeating.
///
/// `@unchecked Sendable` is safe: `statuses` is only read or changed while `lock` is held.
final class Remaining: @unchecked Sendable {
    private let lock = NSLock()
    private var statuses: [HTTPStatus]

    init(_ statuses: [HTTPStatus]) { self.statuses = statuses }

    func next() -> HTTPStatus {
        lock.lock()
        defer { lock.unlock() }
        return statuses.count > 1 ? statuses.removeFirst() : statuses[0]
    }
}
