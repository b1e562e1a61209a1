import Courier
import CourierOpenAPI
import Foundation
import OpenAPIRuntime
import TodoCatalog
import TodoServer

/// Starts the todo server in-process on a free loopback port and calls it with the client that
/// swift-openapi-generator made from the server's own OpenAPI export (TodoAPI/Generated, made by
/// `Scripts/generate-openapi-client`), sending through a Courier `Client` with
/// `CourierClientTransport`: its `RetryMiddleware` and `LoggingMiddleware` act on every call, and
/// the log lines, redacted, are printed as they come.
///
///     swift run --package-path Examples todo-openapi
///
/// Signs in, creates a todo, lists (its first attempt answered 503 by a simulated flaky
/// network, then retried), gets the todo, gets a todo that does not exist (a documented 404), and
/// reads the change feed, whose Server-Sent Events stream through Courier;
/// then checks that the token, which Courier adds as a secret default header, is in no log line
/// (the debug lines, not printed, show the request headers). Exits 0 when every result is the expected one, 1 otherwise.
@main
struct TodoOpenAPI {
    static let user = LoginCredentials(username: "ada", password: "analytical-engine")

    static func main() async {
        do {
            let server = try await TodoServer.start(credentials: user)
            let failures: Int
            do {
                failures = try await session(baseURL: server.baseURL)
            } catch {
                try await server.stop()
                throw error
            }
            try await server.stop()
            guard failures == 0 else {
                print("todo-openapi: \(failures) results were not the expected ones")
                exit(1)
            }
            print("todo-openapi: every result was the expected one")
        } catch {
            FileHandle.standardError.write(Data("todo-openapi: \(error)\n".utf8))
            exit(1)
        }
    }

    /// The calls, each result checked and printed.
    ///
    /// - Returns: How many results were not the expected ones.
    static func session(baseURL: BaseURL) async throws -> Int {
        print("todo-openapi: todo server at \(baseURL); the generated client sends through Courier")
        let flaky = FlakyNetworkSimulation(pathSuffix: "/v1/todos")
        let log = LogLines()
        let courier = Courier.Client(
            baseURL: baseURL,
            middleware: [
                RetryMiddleware(backoff: RetryBackoff(base: .milliseconds(10))),
                // Every entry is kept; the first line of those at info and above (the response
                // line, without the headers that follow it) is printed as it comes.
                LoggingMiddleware(
                    level: .debug,
                    sink: ClosureLogSink { entry in
                        log.append(entry.description)
                        if entry.level >= .info, let line = entry.description.split(separator: "\n").first {
                            print("   log \(line)")
                        }
                    }),
                flaky,
            ])
        guard let serverURL = URL(string: baseURL.description) else {
            throw CourierError(stage: .building, kind: .invalidBaseURL, message: "\(baseURL) is not a URL.")
        }
        let api = Client(serverURL: serverURL, transport: CourierClientTransport(client: courier))
        var failures = 0
        func check(_ title: String, _ isExpected: Bool, _ shown: String) {
            if !isExpected { failures += 1 }
            print("\(isExpected ? "ok  " : "FAIL") \(title): \(shown)")
        }

        let signIn = try await api.signIn(
            body: .json(.init(password: user.password, username: user.username)))
        guard case .ok(let ok) = signIn, case .json(let session) = ok.body else {
            check("sign in", false, "\(signIn)")
            return failures
        }
        check("sign in", !session.token.isEmpty, "200, a token of \(session.token.count) characters")
        // The token goes into Courier as a secret default header: logs and errors redact it, and
        // the generated client's requests (which its errors print) never hold it.
        try await courier.defaults.setHeader(.authorization, "Bearer \(session.token)", isSecret: true)

        let created = try await api.createTodo(body: .json(.init(title: "Buy milk")))
        let todo = try? created.created.body.json
        check(
            "create", todo?.title == "Buy milk",
            todo.map { "201, todo \($0.id) \"\($0.title)\"" } ?? "\(created)")
        guard let todo else { return failures }

        let listed = try await api.listTodos(query: .init(page: 1, perPage: 10))
        let page = try? listed.ok.body.json
        let retried = await flaky.failures.paths.count == 1
        check(
            "list (first attempt 503, retried)", page?.items.contains(todo) == true && retried,
            page.map { "200, \($0.items.count) of \($0.total) todos" } ?? "\(listed)")

        let fetched = try await api.getTodo(path: .init(id: todo.id))
        let same = try? fetched.ok.body.json
        check("get", same == todo, same.map { "200, todo \($0.id) \"\($0.title)\"" } ?? "\(fetched)")

        let missing = try await api.getTodo(path: .init(id: 9999))
        let notFound = try? missing.notFound.body.json
        check(
            "get a missing todo (documented 404)", notFound != nil,
            notFound.map { "404, \"\($0.message)\"" } ?? "\(missing)")

        // The change feed streams: the generated client reads its Server-Sent Events from the body
        // Courier hands over at the response head (follow=false: the server ends it).
        let feed = try await api.followChanges(query: .init(follow: false))
        var changes: [ServerSentEventWithJSONData<Components.Schemas.TodoChange>] = []
        for try await change in try feed.ok.body.textEventStream.asDecodedServerSentEventsWithJSONData(
            of: Components.Schemas.TodoChange.self)
        {
            // swift-openapi-runtime yields the feed's opening block (a comment and `retry:`, no
            // data) as an event too; only events with data are changes.
            if change.data != nil { changes.append(change) }
        }
        check(
            "the change feed (streamed events)",
            changes.map(\.event) == ["created"] && changes.first?.data?.todoID == todo.id,
            "\(changes.count) change: "
                + changes.map { "\($0.event ?? "?") todo \($0.data?.todoID ?? 0)" }.joined(separator: ", "))

        let lines = log.all
        let redacted = lines.filter { $0.contains("Authorization: <redacted>") }.count
        check(
            "the token in no log line", !lines.contains { $0.contains(session.token) } && redacted == 6,
            "\(lines.count) lines, \(redacted) with Authorization: <redacted>")
        return failures
    }
}

/// The log lines of the session, kept in order.
final class LogLines: Sendable {
    private let storage = Storage()

    /// `@unchecked Sendable` is safe: `lines` is only read or changed while `lock` is held.
    private final class Storage: @unchecked Sendable {
        let lock = NSLock()
        var lines: [String] = []
    }

    func append(_ line: String) {
        storage.lock.withLock { storage.lines.append(line) }
    }

    var all: [String] {
        storage.lock.withLock { storage.lines }
    }
}
