import Courier
import Foundation
import TodoCatalog

/// A response before it is written.
public struct TodoReply: Sendable, Equatable {
    /// Status, headers and body, from a typed result or a mismatch.
    public var answer: CatalogAnswer
    /// For a ``FollowChanges`` feed, where it starts and whether it follows: `answer` is then its
    /// head, and the server writes its body as the changes happen (``ChangeFeed``).
    package var feed: FeedStart?
}

/// Where a change feed starts, and whether it waits for changes to come.
package struct FeedStart: Sendable, Equatable {
    /// The number of the last change the client saw.
    package var after: Int
    /// Whether the feed goes on after the changes so far.
    package var follows: Bool
}

/// The todo API's behaviour, without any HTTP framework: a typed endpoint value (or the
/// mismatch of a request the catalog did not match) in, a ``TodoReply`` out. Routing is the
/// shared catalog's: the server's catalog middleware matches each request, and a `switch` over
/// the endpoint value does the work.
///
/// For a ``FollowChanges`` request with a valid token, the answer is only the head of the feed
/// (200, `text/event-stream`) with an empty body: the server writes the change events as they
/// happen (``TodoReply/feed``, ``ChangeFeed``).
public struct TodoService: Sendable {
    package let catalog: Catalog
    package let store = TodoStore()
    let credentials: LoginCredentials
    /// Where ``ImportTodo`` copies todos from.
    package var importer: TodoImporter?

    /// Creates a service that signs in the one user `credentials` describes.
    ///
    /// - Parameters:
    ///   - credentials: The one user that can sign in.
    ///   - importer: Where ``ImportTodo`` copies todos from; without one it answers 503.
    /// - Throws: `CourierError` when an endpoint of ``TodoAPI/endpoints`` cannot be parsed
    ///   from a request (found here, at start-up, not on the first request).
    public init(credentials: LoginCredentials, importer: TodoImporter? = nil) throws {
        catalog = try Catalog(TodoAPI.endpoints)
        self.credentials = credentials
        self.importer = importer
    }

    /// The reply to a request the catalog matched as `endpoint`.
    public func reply(to endpoint: any CatalogEndpoint) async -> TodoReply {
        if let feed = endpoint as? FollowChanges {
            return await reply(to: feed)
        }
        return TodoReply(answer: await answer(endpoint))
    }

    /// The reply to `request`, which the catalog did not match: `mismatch`'s problem document,
    /// except for values outside the limits TodoCatalog declares, which every endpoint that
    /// declares limits documents as a 422 of ``ValidationErrors``. A bearer token comes first:
    /// a caller it does not admit learns nothing about the limits.
    public func reply(to mismatch: EndpointMismatch, for request: IncomingRequest) async -> TodoReply {
        guard !mismatch.violations.isEmpty else {
            return TodoReply(answer: mismatch.answer(to: request))
        }
        if let token = Self.bearerToken(of: request), await !store.accepts(token) {
            return TodoReply(answer: Self.unauthorized)
        }
        return TodoReply(answer: Self.invalid(mismatch.violations))
    }

    /// A feed's head, and where it starts; a 401 for a wrong token.
    private func reply(to feed: FollowChanges) async -> TodoReply {
        guard await store.accepts(feed.token) else {
            let failure = TodoError.unauthorized(Unauthorized(message: "The bearer token is not valid."))
            do {
                return TodoReply(answer: try feed.answer(failure: failure))
            } catch {
                return TodoReply(answer: Self.serverError(error.message))
            }
        }
        let start = FeedStart(
            after: ChangeFeed.lastNumber(feed.lastEventID, run: store.run), follows: feed.follow ?? true)
        do {
            return TodoReply(answer: try ChangeFeed.head(of: feed), feed: start)
        } catch {
            return TodoReply(answer: Self.serverError(error.message))
        }
    }

    /// The answer to a request that matched `endpoint`: every case hands its handler to
    /// ``answer(_:_:)``, which checks the token and turns the typed result into bytes.
    private func answer(_ endpoint: any CatalogEndpoint) async -> CatalogAnswer {
        switch endpoint {
        case let signIn as SignIn: await answer(signIn, signIn(_:))
        case let create as CreateTodo: await answer(create, create(_:))
        case let list as ListTodos: await answer(list, list(_:))
        case let get as GetTodo: await answer(get, get(_:))
        case let update as UpdateTodo: await answer(update, update(_:))
        case let delete as DeleteTodo: await answer(delete, delete(_:))
        case let upload as UploadAttachment: await answer(upload, upload(_:))
        case let importing as ImportTodo: await answer(importing, importTodo(_:))
        default: Self.serverError("\(type(of: endpoint)) is in the catalog but has no handler.")
        }
    }

    /// The typed answer of `handler` for `endpoint`, after the bearer token of an
    /// ``AuthorizedEndpoint`` is checked.
    private func answer<Endpoint: CatalogEndpoint>(
        _ endpoint: Endpoint, _ handler: (Endpoint) async -> Result<Endpoint.Success, TodoError>
    ) async -> CatalogAnswer where Endpoint.Success: Encodable, Endpoint.Failure == TodoError {
        let result: Result<Endpoint.Success, TodoError>
        if let authorized = endpoint as? any AuthorizedEndpoint, await !store.accepts(authorized.token) {
            result = .failure(.unauthorized(Unauthorized(message: "The bearer token is not valid.")))
        } else {
            result = await handler(endpoint)
        }
        do {
            return try endpoint.answer(result)
        } catch {
            // A handler answered a status its endpoint does not document: a bug of this server.
            return Self.serverError(error.message)
        }
    }

    /// The bearer token `request` carries, if any.
    private static func bearerToken(of request: IncomingRequest) -> BearerToken? {
        guard let value = request.headers[.authorization], value.lowercased().hasPrefix("bearer ") else {
            return nil
        }
        return BearerToken(String(value.dropFirst("bearer ".count)).trimmingCharacters(in: .whitespaces))
    }

    /// The documented 401 for a bearer token the server does not accept.
    private static let unauthorized = CatalogAnswer(
        status: .unauthorized,
        headers: [
            HeaderField(name: .contentType, value: MediaType.json.rawValue),
            HeaderField(name: HeaderName("WWW-Authenticate"), value: "Bearer"),
        ],
        body: (try? JSONEncoder.courierDefault().encode(
            Unauthorized(message: "The bearer token is not valid.")))
            ?? Data())

    /// The documented 422 for values outside the catalog's limits: each one's name and rule.
    private static func invalid(_ violations: [ConstraintViolation]) -> CatalogAnswer {
        let body = ValidationErrors(errors: violations.map { .init(field: $0.name, message: $0.reason) })
        return CatalogAnswer(
            status: .unprocessableContent,
            headers: [HeaderField(name: .contentType, value: MediaType.json.rawValue)],
            body: (try? JSONEncoder.courierDefault().encode(body)) ?? Data())
    }

    private static func serverError(_ detail: String) -> CatalogAnswer {
        CatalogAnswer(
            status: .internalServerError,
            problem: ProblemDetails(title: "Internal Server Error", detail: detail))
    }

    private func signIn(_ signIn: SignIn) async -> Result<Session, TodoError> {
        guard signIn.credentials == credentials else {
            return .failure(.unauthorized(Unauthorized(message: "The user name or password is wrong.")))
        }
        return .success(Session(token: await store.issueToken()))
    }

    /// The title is not empty: the catalog refused an empty one (NewTodo's constraints).
    private func create(_ create: CreateTodo) async -> Result<Todo, TodoError> {
        .success(await store.create(title: create.todo.title))
    }

    /// The page is 1 or more and holds 1 to 100 todos: the catalog refused other values
    /// (ListTodos's constraints).
    private func list(_ list: ListTodos) async -> Result<TodoPage, TodoError> {
        .success(await store.page(list.page ?? 1, perPage: list.perPage ?? 20))
    }

    private func get(_ get: GetTodo) async -> Result<Todo, TodoError> {
        guard let todo = await store.todo(get.id) else { return .failure(Self.notFound(get.id)) }
        return .success(todo)
    }

    private func update(_ update: UpdateTodo) async -> Result<Todo, TodoError> {
        guard let todo = await store.update(update.id, with: update.patch) else {
            return .failure(Self.notFound(update.id))
        }
        return .success(todo)
    }

    private func delete(_ delete: DeleteTodo) async -> Result<Empty, TodoError> {
        guard await store.delete(delete.id) else { return .failure(Self.notFound(delete.id)) }
        return .success(Empty())
    }

    private func upload(_ upload: UploadAttachment) async -> Result<Attachment, TodoError> {
        guard await store.attach(upload.filename, to: upload.todoID) != nil else {
            return .failure(Self.notFound(upload.todoID))
        }
        return .success(
            Attachment(
                todoID: upload.todoID, filename: upload.filename, contentType: upload.contentType.rawValue,
                size: upload.contents.count))
    }

    private func importTodo(_ importing: ImportTodo) async -> Result<Todo, TodoError> {
        guard let importer else {
            return .failure(
                .upstreamFailed(UpstreamFailure(message: "This server was started without an upstream.")))
        }
        return await importer.importTodo(importing.source.upstreamID, into: store)
    }

    private static func notFound(_ id: Int) -> TodoError {
        .notFound(NotFound(message: "No todo has the id \(id)."))
    }
}
