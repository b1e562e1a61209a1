import Courier
import Foundation
import TodoCatalog
import TodoServer
import Tracing

/// Starts the todo server in-process on a free loopback port and runs a scripted session
/// against it with a Courier `Client`: every step prints its redacted cURL line and its typed
/// result, and is checked.
///
///     swift run --package-path Examples todo-session [--server hummingbird|vapor]
///         [--transport urlsession|ahc] [--tls DIRECTORY]
///
/// `--server` picks the framework of both todo servers, Hummingbird (the default) or Vapor: they
/// serve the same catalog with the same `TodoService`, and the session checks the same steps.
///
/// With `--tls`, the server under test serves HTTPS with the certificate in `DIRECTORY`
/// (`trusted.pem` and `trusted-key.pem`, signed by the throwaway CA `ca.pem` that
/// `Scripts/run-example` makes at start), and the session's clients trust that CA through
/// `TLSOptions`, on every transport that can be given roots of its own (not URLSession on Linux,
/// which then speaks plain HTTP and says so).
///
/// A second todo server, of the same framework, plays the upstream the first one imports from: its import handler
/// calls the upstream through `AsyncHTTPClientTransport` on the server's one `HTTPClient`,
/// whichever transport the session itself sends with.
///
/// Exits 0 when every step went as expected, 1 otherwise (or when a server does not start or
/// stop cleanly), 2 for a command line it does not understand.
@main
struct TodoSession {
    /// The user of the todo server under test.
    static let user = LoginCredentials(username: "ada", password: "analytical-engine")
    /// The user of the upstream server, whose token the server under test imports with.
    static let upstreamUser = LoginCredentials(username: "grace", password: "compiler-a0")

    /// Parses the command line, runs the session over the chosen transport and exits with its verdict.
    static func main() async {
        let options: SessionOptions
        do {
            options = try SessionOptions(arguments: Array(CommandLine.arguments.dropFirst()))
        } catch {
            FileHandle.standardError.write(Data("todo-session: \(error)\n".utf8))
            exit(2)
        }
        let choice = options.transport
        print(
            "todo-session: transport \(choice.rawValue) (\(choice.summary)), \(options.server.name) servers")
        var tls: SessionTLS?
        if let directory = options.tlsDirectory {
            if choice.trustsOwnRoots {
                do {
                    tls = try SessionTLS(directory: directory)
                } catch {
                    FileHandle.standardError.write(Data("todo-session: the TLS material: \(error)\n".utf8))
                    exit(2)
                }
            } else {
                print(
                    "todo-session: URLSessionTransport on Linux cannot trust a CA of its own"
                        + " (FoundationNetworking takes no trust roots): this run speaks plain HTTP")
            }
        }
        // The servers trace their requests with the process's tracer; see Observability.
        InstrumentationSystem.bootstrap(Observability.tracer)
        let run: SessionRun
        do {
            run = try await choice.withTransport { transport in
                try await session(over: transport, tls: tls, server: options.server)
            }
        } catch {
            FileHandle.standardError.write(Data("todo-session: \(error)\n".utf8))
            exit(1)
        }
        let transport =
            "over \(choice.rawValue)" + (tls == nil ? "" : " and HTTPS")
            + (options.server == .hummingbird ? "" : " against \(options.server.name)")
        if run.unexpected == 0 {
            print("\ntodo-session: all \(run.steps) steps went as expected \(transport)")
        } else {
            print(
                "\ntodo-session: \(run.unexpected) of \(run.steps) steps did not go as expected \(transport)")
            exit(1)
        }
    }

    /// Starts the upstream server and the server under test (over HTTPS with `tls`), runs every
    /// step through `transport`, and stops both servers, the one under test first.
    ///
    /// - Throws: When a server does not start, or does not stop cleanly.
    static func session(over transport: any Transport, tls: SessionTLS?, server framework: SessionServer)
        async throws -> SessionRun
    {
        var run = SessionRun()
        let upstream = try await framework.start(credentials: upstreamUser)
        print("todo-session: upstream todo server in-process at \(upstream.baseURL)")
        try await withCleanup {
            let upstreamClient = Client(
                baseURL: upstream.baseURL, transport: transport, middleware: [CurlPrinter()])
            // The session plays the operator: it provisions the server under test with a token of
            // the upstream's, and a todo there to import.
            guard let upstreamToken = await seed(&run, upstream: upstreamClient) else {
                return run.skip(
                    "The rest of the session", because: "the upstream has no token for the server")
            }
            let server = try await framework.start(
                credentials: user, upstream: Upstream(baseURL: upstream.baseURL, token: upstreamToken),
                certificate: tls?.certificate)
            print(
                "todo-session: \(framework.name) server in-process at \(server.baseURL), routing by TodoCatalog"
            )
            try await withCleanup {
                let configuration = tls?.configuration ?? Client.Configuration()
                let client = Client(
                    baseURL: server.baseURL, transport: transport, middleware: [CurlPrinter()],
                    configuration: configuration)
                if tls != nil { await untrusted(&run, server: server.baseURL, transport: transport) }
                guard let token = await script(&run, client: client) else { return }
                await Observability.step(
                    &run, server: server.baseURL, transport: transport, configuration: configuration,
                    token: token, id: 1)
                await imports(&run, client: client, token: token, upstream: upstream)
                await changeFeed(&run, client: client, token: token)
            } cleanup: {
                try await server.stop()
            }
        } cleanup: {
            // A second stop, after the one the import steps make, waits for the same end.
            try await upstream.stop()
        }
        return run
    }

    /// A client that trusts only the system's roots cannot reach the server, whose certificate
    /// the session's own CA signed: the call fails with `untrustedCertificate`, nothing sent.
    static func untrusted(_ run: inout SessionRun, server: BaseURL, transport: any Transport) async {
        let client = Client(baseURL: server, transport: transport)
        await run.step(
            "Without the session's CA: the server's certificate is not trusted",
            SignIn(credentials: user), via: client,
            onError: { error in expect(error.kind == .untrustedCertificate, "thrown: \(error)") },
            onResponse: { result in expect(false, "answered: \(result)") })
    }

    /// Signs in to the upstream and creates the todo the import steps copy.
    ///
    /// - Returns: The upstream's token for the server under test, or `nil` after a failed step.
    static func seed(_ run: inout SessionRun, upstream client: Client) async -> BearerToken? {
        let session = await run.step("Upstream: sign in", SignIn(credentials: upstreamUser), via: client) {
            result in
            switch result {
            case .success(let session):
                expect(!session.token.isEmpty, "Session(token: <\(session.token.count) characters>)")
            case .failure(let error): expect(false, ".failure(\(error))")
            }
        }
        guard let session else { return nil }
        let token = BearerToken(session.token)
        let letter = CreateTodo(token: token, todo: NewTodo(title: "Post the letter"))
        await run.step("Upstream: create the todo to import", letter, via: client) { result in
            expectSuccess(result) { $0 == Todo(id: 1, title: "Post the letter") }
        }
        return token
    }

    /// The server under test imports from its upstream (its handler calling it through
    /// `AsyncHTTPClientTransport`): a todo, a todo the upstream lacks (its 404 becomes ours), and,
    /// with the upstream stopped, any todo (a documented 502).
    static func imports(
        _ run: inout SessionRun, client: Client, token: BearerToken, upstream: any RunningTodoServer
    )
        async
    {
        let letter = ImportTodo(token: token, source: TodoImport(upstreamID: 1))
        await run.step("Import the upstream's todo (the server calls its upstream)", letter, via: client) {
            result in
            expectSuccess(result) { $0 == Todo(id: 3, title: "Post the letter") }
        }
        let missing = ImportTodo(token: token, source: TodoImport(upstreamID: 99))
        await run.step("Import a todo the upstream does not have (documented 404)", missing, via: client) {
            result in
            expectFailure(result, .notFound(NotFound(message: "The upstream has no todo with the id 99.")))
        }
        do {
            try await upstream.stop()
        } catch {
            return run.skip(
                "Import while the upstream is down", because: "the upstream did not stop: \(error)")
        }
        await run.step("Import while the upstream is down (documented 502)", letter, via: client) { result in
            let failure = UpstreamFailure(message: "The upstream could not be reached (cannotConnect).")
            return expectFailure(result, .upstreamFailed(failure))
        }
    }

    /// The session against the server under test: sign in, create, list, update, documented
    /// errors, an upload, and requests no endpoint matches.
    ///
    /// - Returns: The session's token, or `nil` when signing in failed.
    static func script(_ run: inout SessionRun, client: Client) async -> BearerToken? {
        let session = await run.step("Sign in", SignIn(credentials: user), via: client) { result in
            switch result {
            case .success(let session):
                expect(!session.token.isEmpty, "Session(token: <\(session.token.count) characters>)")
            case .failure(let error): expect(false, ".failure(\(error))")
            }
        }
        guard let session else {
            run.skip("The rest of the session", because: "there is no token")
            return nil
        }
        let token = BearerToken(session.token)

        let milk = CreateTodo(token: token, todo: NewTodo(title: "Buy milk"))
        let created = await run.step("Create a todo", milk, via: client) { result in
            expectSuccess(result) { $0 == Todo(id: 1, title: "Buy milk") }
        }
        let readme = CreateTodo(token: token, todo: NewTodo(title: "Write the README"))
        await run.step("Create another todo", readme, via: client) { result in
            expectSuccess(result) { $0 == Todo(id: 2, title: "Write the README") }
        }
        let secondPage = ListTodos(token: token, page: 2, perPage: 1)
        await run.step("List page 2, one todo per page", secondPage, via: client) { result in
            expectSuccess(result) {
                $0 == TodoPage(items: [Todo(id: 2, title: "Write the README")], page: 2, perPage: 1, total: 2)
            }
        }
        // Page and size come from the request: a page however far past the last todo is an empty
        // page (here page × size does not even fit an Int), never a crash.
        let farPage = ListTodos(token: token, page: .max, perPage: 9)
        await run.step("List page \(Int.max), nine per page (past the end: empty)", farPage, via: client) {
            result in
            expectSuccess(result) { $0 == TodoPage(items: [], page: .max, perPage: 9, total: 2) }
        }
        let id = created?.id ?? 1
        let done = UpdateTodo(token: token, id: id, patch: TodoPatch(done: true))
        await run.step("Mark the first one done", done, via: client) { result in
            expectSuccess(result) { $0 == Todo(id: id, title: "Buy milk", done: true) }
        }
        await run.step(
            "Get a todo that does not exist (documented 404)", GetTodo(token: token, id: 99), via: client
        ) {
            result in
            expectFailure(result, .notFound(NotFound(message: "No todo has the id 99.")))
        }
        // NewTodo and ListTodos declare their limits: the catalog refuses values outside them,
        // and the server answers each refusal as the 422 those endpoints document.
        let untitled = CreateTodo(token: token, todo: NewTodo(title: ""))
        await run.step("Create a todo with an empty title (documented 422)", untitled, via: client) {
            result in
            let titleError = ValidationErrors.FieldError(
                field: "title", message: "must be at least 1 character long")
            return expectFailure(result, .invalid(ValidationErrors(errors: [titleError])))
        }
        let oversized = ListTodos(token: token, page: 0, perPage: 101)
        await run.step(
            "List page 0, 101 per page (outside the declared limits: documented 422)", oversized, via: client
        ) {
            result in
            let errors = [
                ValidationErrors.FieldError(field: "page", message: "must be at least 1"),
                ValidationErrors.FieldError(field: "per_page", message: "must be at most 100"),
            ]
            return expectFailure(result, .invalid(ValidationErrors(errors: errors)))
        }
        let strangerOversized = ListTodos(token: BearerToken("not-a-token"), page: 0, perPage: 101)
        await run.step(
            "List page 0 with a token the server does not accept (documented 401, not the limits)",
            strangerOversized, via: client
        ) {
            result in
            expectFailure(result, .unauthorized(Unauthorized(message: "The bearer token is not valid.")))
        }
        let receipt = Data("1 l milk, 1.19 EUR\n".utf8)
        let upload = UploadAttachment(
            token: token, todoID: id, filename: "receipt.txt", contents: receipt, contentType: .plainText)
        await run.step("Upload an attachment (multipart)", upload, via: client) { result in
            expectSuccess(result) {
                $0
                    == Attachment(
                        todoID: id, filename: "receipt.txt", contentType: "text/plain; charset=utf-8",
                        size: receipt.count)
            }
        }
        await run.step("Get the first todo with its attachment", GetTodo(token: token, id: id), via: client) {
            result in
            expectSuccess(result) {
                $0 == Todo(id: id, title: "Buy milk", done: true, attachments: ["receipt.txt"])
            }
        }
        await run.step("Delete the second todo", DeleteTodo(token: token, id: 2), via: client) { result in
            expectSuccess(result) { _ in true }
        }
        let stranger = ListTodos(token: BearerToken("not-a-token"))
        await run.step("List with a wrong token (documented 401)", stranger, via: client) { result in
            expectFailure(result, .unauthorized(Unauthorized(message: "The bearer token is not valid.")))
        }
        // Without the Authorization header the request matches no endpoint; the server sees from
        // the closest one's EndpointMismatch that only the token is missing, and answers 401 with
        // a problem document (EndpointMismatch.answer(to:)), which this declaration reads.
        let anonymous = Endpoint<TodoPage, ProblemDetails> {
            Method.get
            TodoAPI.v1
            Path("todos")
        }
        await run.step("List without a token (documented 401 problem)", anonymous, via: client) { result in
            guard case .failure(let problem) = result else { return expect(false, "\(result)") }
            return expect(
                problem.status == 401 && problem.title == "Unauthorized",
                ".failure(\(problem.status ?? 0) \(problem.title ?? ""))")
        }
        // No catalog endpoint has a path segment that is not a number after /v1/todos: the
        // closest endpoint's EndpointMismatch says the path is another, so the server answers
        // 404 with a problem document that names that endpoint.
        let unknown = Endpoint<Todo, ProblemDetails> {
            Method.get
            TodoAPI.authorized(token)
            Path("todos", "first")
        }
        await run.step("A request no catalog endpoint matches (documented 404 problem)", unknown, via: client)
        {
            result in
            guard case .failure(let problem) = result else { return expect(false, "\(result)") }
            let detail = problem.detail ?? ""
            return expect(
                problem.status == 404 && detail.hasPrefix("The request does not match GET /v1/todos/{id}"),
                ".failure(404 \(detail))")
        }
        return token
    }

    static func expectSuccess<Success>(_ result: Result<Success, TodoError>, _ check: (Success) -> Bool)
        -> Outcome
    {
        switch result {
        case .success(let value): expect(check(value), ".success(\(value))")
        case .failure(let error): expect(false, ".failure(\(error))")
        }
    }

    static func expectFailure<Success>(_ result: Result<Success, TodoError>, _ expected: TodoError) -> Outcome
    {
        switch result {
        case .success(let value): expect(false, ".success(\(value))")
        case .failure(let error): expect(error == expected, ".failure(\(error))")
        }
    }
}
