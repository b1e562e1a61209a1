// App code as a new app project in Xcode 26 compiles it: every declaration isolated to the main
// actor unless it says otherwise, conformances of main-actor types isolated to it, and
// nonisolated async functions running on their caller's actor. It keeps what
// GettingStarted tells such an app to write compiling: models `nonisolated`, a shared
// `Components` a `nonisolated static let`, nothing for types declared conforming to Courier's
// protocols, and a `nonisolated` extension for a conformance added in one.
// A library: compiled, never linked or run.

import Courier
import Foundation

nonisolated struct Todo: Codable, Sendable, Equatable {
    var id: Int
    var title: String
}

nonisolated struct TodoNotFound: Codable, Sendable, Equatable {
    var id: Int
}

enum TodoError: DocumentedErrors, Equatable {
    case notFound(TodoNotFound)

    static let documentedStatuses: [DocumentedStatus<TodoError>] = [
        .status(404, TodoNotFound.self, TodoError.notFound)
    ]
}

enum TodoAPI {
    /// What every endpoint sends.
    nonisolated static let common = Components {
        Path("v1")
        Header.accept(.json)
    }

    static func todos(page: Int) -> Endpoint<[Todo], Never> {
        Endpoint {
            Method.get
            common
            Path("todos")
            Query("page", page)
        }
    }

    static var changes: Endpoint<EventStream<Todo>, Never> {
        Endpoint {
            Method.get
            common
            Path("todos", "changes")
        }
    }
}

struct GetTodo: CatalogEndpoint, Equatable {
    typealias Success = Todo
    typealias Failure = TodoError

    var id: Int

    var definition: some EndpointDefinition {
        Method.get
        TodoAPI.common
        Path("todos", id)
    }
}

struct ArchiveTodo: Equatable {
    typealias Success = Todo
    typealias Failure = TodoError

    var id: Int
}

// A conformance added in an extension: the extension is nonisolated.
nonisolated extension ArchiveTodo: CatalogEndpoint {
    var definition: some EndpointDefinition {
        Method.post
        TodoAPI.common
        Path("todos", id, "archive")
    }
}

/// Shows each log entry's line, in order: one task reads the entries the sink yields.
final class RequestConsole {
    private(set) var lines: [String] = []

    func show(_ entries: AsyncStream<LogEntry>) async {
        for await entry in entries { lines.append(entry.message) }
    }
}

/// A screen's state: a todo, a list, live changes, an upload's progress and the last error.
final class TodoScreen {
    private let client: Client
    let console = RequestConsole()
    /// Where the client's log entries go; finished when the screen goes away, so that the
    /// console's task ends.
    private let logEntries: AsyncStream<LogEntry>.Continuation
    private(set) var todo: Todo?
    private(set) var todos: [Todo] = []
    private(set) var uploaded: Double = 0
    private(set) var message: String?

    init() {
        let (entries, continuation) = AsyncStream.makeStream(
            of: LogEntry.self, bufferingPolicy: .bufferingNewest(1000))
        logEntries = continuation
        client = Client(
            baseURL: BaseURL("api.example.com"),
            middleware: [
                RetryMiddleware(),
                LoggingMiddleware(level: .info, sink: ClosureLogSink { continuation.yield($0) }),
            ])
        Task { [console] in await console.show(entries) }
    }

    deinit {
        logEntries.finish()
    }

    func load(id: Int) async {
        do throws(CourierError) {
            switch try await client.send(GetTodo(id: id)).result {
            case .success(let todo): self.todo = todo
            case .failure(.notFound(let missing)): message = "Todo \(missing.id) is gone."
            }
            todos = try await client.value(TodoAPI.todos(page: 1))
            _ = try await client.send(ArchiveTodo(id: id))
        } catch {
            message = error.message
        }
    }

    func follow() async {
        do {
            for try await change in try await client.value(TodoAPI.changes) {
                todos.removeAll { $0.id == change.data.id }
                todos.append(change.data)
            }
        } catch let error as CourierError {
            message = error.message
        } catch {
            message = "\(error)"
        }
    }

    func rename(_ todo: Todo) async {
        do throws(CourierError) {
            self.todo = try await client.value(
                Endpoint<Todo, Never> {
                    Method.put
                    TodoAPI.common
                    Path("todos", todo.id)
                    Body.json(todo)
                })
        } catch {
            message = error.message
        }
    }

    func upload(_ file: URL) async {
        let transfer = client.transfer(
            Endpoint<Empty, Never> {
                Method.put
                Path("attachments", file.lastPathComponent)
                Body.file(file, contentType: MediaType("application/octet-stream"))
            })
        for await progress in transfer.progress where progress.direction == .upload {
            uploaded = progress.fractionCompleted ?? 0
        }
        do {
            _ = try await transfer.value
        } catch {
            message = error.message
        }
    }
}
