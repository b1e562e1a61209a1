import Courier
import Foundation
import TodoCatalog
import TodoServer

/// Starts the todo server in-process on a free loopback port and runs a scripted session
/// against it with a Courier `Client`: every step prints its redacted cURL line and its typed
/// result, and is checked.
///
///     swift run --package-path Examples todo-session
///
/// Exits 0 when every step went as expected, 1 otherwise.
@main
struct TodoSession {
    static let user = LoginCredentials(username: "ada", password: "analytical-engine")

    static func main() async {
        let server: TodoServer
        do {
            server = try await TodoServer.start(credentials: user)
        } catch {
            FileHandle.standardError.write(Data("todo-session: the server did not start: \(error)\n".utf8))
            exit(1)
        }
        print("todo-session: Hummingbird server in-process at \(server.baseURL), routing by TodoCatalog")
        var run = SessionRun(client: Client(baseURL: server.baseURL, middleware: [CurlPrinter()]))
        await script(&run)
        await server.stop()
        if run.unexpected == 0 {
            print("\ntodo-session: all \(run.steps) steps went as expected")
        } else {
            print("\ntodo-session: \(run.unexpected) of \(run.steps) steps did not go as expected")
            exit(1)
        }
    }

    static func script(_ run: inout SessionRun) async {
        let session = await run.step("Sign in", SignIn(credentials: user)) { result in
            switch result {
            case .success(let session):
                expect(!session.token.isEmpty, "Session(token: <\(session.token.count) characters>)")
            case .failure(let error): expect(false, ".failure(\(error))")
            }
        }
        guard let session else {
            return run.skip("The rest of the session", because: "there is no token")
        }
        let token = BearerToken(session.token)

        let milk = CreateTodo(token: token, todo: NewTodo(title: "Buy milk"))
        let created = await run.step("Create a todo", milk) { result in
            expectSuccess(result) { $0 == Todo(id: 1, title: "Buy milk") }
        }
        let readme = CreateTodo(token: token, todo: NewTodo(title: "Write the README"))
        await run.step("Create another todo", readme) { result in
            expectSuccess(result) { $0 == Todo(id: 2, title: "Write the README") }
        }
        let secondPage = ListTodos(token: token, page: 2, perPage: 1)
        await run.step("List page 2, one todo per page", secondPage) { result in
            expectSuccess(result) {
                $0 == TodoPage(items: [Todo(id: 2, title: "Write the README")], page: 2, perPage: 1, total: 2)
            }
        }
        let id = created?.id ?? 1
        let done = UpdateTodo(token: token, id: id, patch: TodoPatch(done: true))
        await run.step("Mark the first one done", done) { result in
            expectSuccess(result) { $0 == Todo(id: id, title: "Buy milk", done: true) }
        }
        await run.step("Get a todo that does not exist (documented 404)", GetTodo(token: token, id: 99)) {
            result in
            expectFailure(result, .notFound(NotFound(message: "No todo has the id 99.")))
        }
        let untitled = CreateTodo(token: token, todo: NewTodo(title: ""))
        await run.step("Create a todo with an empty title (documented 422)", untitled) { result in
            let titleError = ValidationErrors.FieldError(field: "title", message: "must not be empty")
            return expectFailure(result, .invalid(ValidationErrors(errors: [titleError])))
        }
        let receipt = Data("1 l milk, 1.19 EUR\n".utf8)
        let upload = UploadAttachment(
            token: token, todoID: id, filename: "receipt.txt", contents: receipt, contentType: .plainText)
        await run.step("Upload an attachment (multipart)", upload) { result in
            expectSuccess(result) {
                $0
                    == Attachment(
                        todoID: id, filename: "receipt.txt", contentType: "text/plain; charset=utf-8",
                        size: receipt.count)
            }
        }
        await run.step("Get the first todo with its attachment", GetTodo(token: token, id: id)) { result in
            expectSuccess(result) {
                $0 == Todo(id: id, title: "Buy milk", done: true, attachments: ["receipt.txt"])
            }
        }
        await run.step("Delete the second todo", DeleteTodo(token: token, id: 2)) { result in
            expectSuccess(result) { _ in true }
        }
        let stranger = ListTodos(token: BearerToken("not-a-token"))
        await run.step("List with a wrong token (documented 401)", stranger) { result in
            expectFailure(result, .unauthorized(Unauthorized(message: "The bearer token is not valid.")))
        }
        // Without the Authorization header the request matches no endpoint; the server sees from
        // the closest one's EndpointMismatch that only the token is missing, and answers 401.
        let anonymous = Endpoint<TodoPage, TodoError> {
            Method.get
            TodoAPI.v1
            Path("todos")
        }
        await run.step("List without a token (documented 401)", anonymous) { result in
            expectFailure(result, .unauthorized(Unauthorized(message: "A bearer token is required.")))
        }
        // No catalog endpoint has a path segment that is not a number after /v1/todos: the
        // closest endpoint's EndpointMismatch says the path is another, so the server answers
        // 404 with it, an undocumented body for this endpoint (Failure == Never): the client throws.
        let unknown = Endpoint<Todo, Never> {
            Method.get
            TodoAPI.authorized(token)
            Path("todos", "first")
        }
        await run.step(
            "A request no catalog endpoint matches", unknown,
            onError: { error in
                let body = error.response.map { String(decoding: $0.body, as: UTF8.self) } ?? ""
                return expect(
                    error.kind == .undocumentedStatus && error.response?.status.code == 404
                        && body.hasPrefix("The request does not match GET /v1/todos/{id}"),
                    "thrown \(error.kind), 404 body: \(body.trimmingCharacters(in: .newlines))")
            },
            onResponse: { result in expect(false, "\(result)") })
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
