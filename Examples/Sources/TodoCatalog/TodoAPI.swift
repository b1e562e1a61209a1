import Courier
import Foundation

/// The parts every endpoint of the todo API shares, declared once, and the catalog the server
/// routes by.
///
/// ```swift
/// let client = Client(baseURL: try BaseURL(validating: "http://127.0.0.1:8080"))
/// let session = try await client.value(SignIn(credentials: .init(username: "ada", password: "…")))
/// let todo = try await client.value(CreateTodo(token: BearerToken(session.token), todo: .init(title: "Milk")))
/// ```
public enum TodoAPI {
    /// What every request that wants JSON back carries: the `v1` base path and `Accept:
    /// application/json`. That is every endpoint but ``FollowChanges``, which wants Server-Sent
    /// Events and declares the `v1` path and its bearer token itself.
    public static let v1 = Components {
        Path("v1")
        Header.accept(.json)
    }

    /// ``v1`` with `Authorization: Bearer <token>`, for every endpoint but ``SignIn`` (which has
    /// no token yet) and ``FollowChanges`` (which does not want JSON back).
    public static func authorized(_ token: BearerToken) -> Components<
        EndpointState.NoMethod, EndpointState.NoBody
    > {
        Components {
            v1
            Header.bearer(token.value)
        }
    }

    /// Every endpoint of the API, in routing order: what a server parses requests back into.
    public static let endpoints: [any CatalogEndpoint.Type] = [
        SignIn.self, CreateTodo.self, ListTodos.self, FollowChanges.self, GetTodo.self, UpdateTodo.self,
        DeleteTodo.self, UploadAttachment.self, ImportTodo.self,
    ]
}

/// An access token, sent as `Authorization: Bearer <token>` and never printed.
///
/// A server gets it back without the scheme: Courier's catalog keeps the fixed `Bearer ` of
/// `Header.bearer(_:)` out of the parameter.
public struct BearerToken: Decodable, Sendable, Hashable, CustomStringConvertible {
    /// The token itself, without the scheme.
    public let value: String

    /// Wraps a token.
    public init(_ value: String) {
        self.value = value
    }

    /// Decodes a token from its text.
    public init(from decoder: any Decoder) throws {
        self.init(try decoder.singleValueContainer().decode(String.self))
    }

    /// `<redacted>`: a token does not belong in logs.
    public var description: String { "<redacted>" }
}

/// An endpoint that sends a bearer token; the server checks it before anything else.
public protocol AuthorizedEndpoint: RequestModel {
    /// The caller's access token.
    var token: BearerToken { get }
}

/// `POST /v1/session` with JSON credentials: a token to send with every other endpoint.
public struct SignIn: CatalogEndpoint, Equatable {
    /// The new session.
    public typealias Success = Session
    /// 401 for wrong credentials.
    public typealias Failure = TodoError
    /// The failures it answers with.
    public static let failureStatuses: [HTTPStatus]? = [.unauthorized]

    /// Who is signing in.
    public var credentials: LoginCredentials

    /// Creates the request.
    public init(credentials: LoginCredentials) {
        self.credentials = credentials
    }

    /// The request's components.
    public var definition: some EndpointDefinition {
        Method.post
        TodoAPI.v1
        Path("session")
        Body.json(credentials)
    }
}

/// `POST /v1/todos` with the todo as JSON: the stored todo, or 422 for an empty title.
public struct CreateTodo: CatalogEndpoint, AuthorizedEndpoint, Equatable {
    /// The stored todo.
    public typealias Success = Todo
    /// 422 for an empty title.
    public typealias Failure = TodoError
    /// The failures it answers with.
    public static let failureStatuses: [HTTPStatus]? = [.unauthorized, .unprocessableContent]

    /// The caller's access token.
    public var token: BearerToken
    /// The proposed todo.
    public var todo: NewTodo

    /// Creates the request.
    public init(token: BearerToken, todo: NewTodo) {
        self.token = token
        self.todo = todo
    }

    /// The request's components.
    public var definition: some EndpointDefinition {
        Method.post
        TodoAPI.authorized(token)
        Path("todos")
        SuccessStatus(.created)
        Body.json(todo)
    }
}

/// `GET /v1/todos?page=…&per_page=…`: one page of todos, by identifier.
public struct ListTodos: CatalogEndpoint, AuthorizedEndpoint, SchemaConstrained, Equatable {
    /// The page.
    public typealias Success = TodoPage
    /// Documented errors.
    public typealias Failure = TodoError
    /// The failures it answers with.
    public static let failureStatuses: [HTTPStatus]? = [.unauthorized, .unprocessableContent]
    /// Pages count from 1, and hold 1 to 100 todos: the catalog refuses other values, which the
    /// server answers 422. A page past the last todo is empty, however far past.
    public static let schemaConstraints: [String: SchemaConstraint] = [
        "page": .minimum(1), "perPage": .range(1...100),
    ]

    /// The caller's access token.
    public var token: BearerToken
    /// The page number, from 1; the first page when `nil`.
    public var page: Int?
    /// The page size; the server's default (20) when `nil`.
    public var perPage: Int?

    /// Creates the request.
    public init(token: BearerToken, page: Int? = nil, perPage: Int? = nil) {
        self.token = token
        self.page = page
        self.perPage = perPage
    }

    /// The request's components.
    public var definition: some EndpointDefinition {
        Method.get
        TodoAPI.authorized(token)
        Path("todos")
        Query("page", page)
        Query("per_page", perPage)
    }
}

/// `GET /v1/todos/changes`: every change to the todos as Server-Sent Events, from the change after
/// `Last-Event-ID` on, then each new one as it happens.
///
/// Each event has `RUN.NUMBER` as its `id` (the server's run and the change's number, which starts
/// at 1 in each run), `created`, `updated` or `deleted` as its type, and a ``TodoChange`` as JSON
/// data. A client that reconnects with the ID of the last event it
/// saw (``Client/events(_:reconnection:)`` sends it as `Last-Event-ID`) gets only the changes
/// after it. The server also sends a comment every few seconds, so idle timeouts and proxies
/// see a live connection even while nothing changes. With `follow=false` the server sends the changes
/// so far and ends the stream.
///
/// ```swift
/// let feed = try await client.events(FollowChanges(token: token), reconnection: .standard)
/// for try await change in try feed.get() {
///     print(change.id ?? "-", change.type, change.data.todoID)
/// }
/// ```
public struct FollowChanges: CatalogEndpoint, AuthorizedEndpoint, Equatable {
    /// The changes, as they happen.
    public typealias Success = EventStream<TodoChange>
    /// 401 for a wrong token.
    public typealias Failure = TodoError
    /// The failures it answers with.
    public static let failureStatuses: [HTTPStatus]? = [.unauthorized]

    /// The caller's access token.
    public var token: BearerToken
    /// The ID of the last change the caller saw: the stream starts after it. From the first
    /// change when `nil` or not the ID of a change so far, such as an ID from before the server
    /// restarted.
    public var lastEventID: String?
    /// Whether the stream waits for changes to come (the default) or ends after the changes so
    /// far (`false`).
    public var follow: Bool?

    /// Creates the request.
    public init(token: BearerToken, lastEventID: String? = nil, follow: Bool? = nil) {
        self.token = token
        self.lastEventID = lastEventID
        self.follow = follow
    }

    /// The request's components.
    public var definition: some EndpointDefinition {
        Method.get
        Path("v1")
        Header.bearer(token.value)
        Header.accept(.eventStream)
        Path("todos", "changes")
        Query("follow", follow)
        Header(.lastEventID, lastEventID)
    }
}

/// `GET /v1/todos/{id}`: one todo, or 404.
public struct GetTodo: CatalogEndpoint, AuthorizedEndpoint, Equatable {
    /// The todo.
    public typealias Success = Todo
    /// 404 when there is no such todo.
    public typealias Failure = TodoError
    /// The failures it answers with.
    public static let failureStatuses: [HTTPStatus]? = [.unauthorized, .notFound]

    /// The caller's access token.
    public var token: BearerToken
    /// The todo's identifier.
    public var id: Int

    /// Creates the request.
    public init(token: BearerToken, id: Int) {
        self.token = token
        self.id = id
    }

    /// The request's components.
    public var definition: some EndpointDefinition {
        Method.get
        TodoAPI.authorized(token)
        Path("todos", id)
    }
}

/// `PATCH /v1/todos/{id}` with a JSON patch: the updated todo, 404 or 422.
public struct UpdateTodo: CatalogEndpoint, AuthorizedEndpoint, Equatable {
    /// The updated todo.
    public typealias Success = Todo
    /// 404 when there is no such todo, 422 for an empty title.
    public typealias Failure = TodoError
    /// The failures it answers with.
    public static let failureStatuses: [HTTPStatus]? = [.unauthorized, .notFound, .unprocessableContent]

    /// The caller's access token.
    public var token: BearerToken
    /// The todo's identifier.
    public var id: Int
    /// The changes.
    public var patch: TodoPatch

    /// Creates the request.
    public init(token: BearerToken, id: Int, patch: TodoPatch) {
        self.token = token
        self.id = id
        self.patch = patch
    }

    /// The request's components.
    public var definition: some EndpointDefinition {
        Method.patch
        TodoAPI.authorized(token)
        Path("todos", id)
        Body.json(patch)
    }
}

/// `DELETE /v1/todos/{id}`: 204, or 404.
public struct DeleteTodo: CatalogEndpoint, AuthorizedEndpoint, Equatable {
    /// No content.
    public typealias Success = Empty
    /// 404 when there is no such todo.
    public typealias Failure = TodoError
    /// The failures it answers with.
    public static let failureStatuses: [HTTPStatus]? = [.unauthorized, .notFound]

    /// The caller's access token.
    public var token: BearerToken
    /// The todo's identifier.
    public var id: Int

    /// Creates the request.
    public init(token: BearerToken, id: Int) {
        self.token = token
        self.id = id
    }

    /// The request's components.
    public var definition: some EndpointDefinition {
        Method.delete
        TodoAPI.authorized(token)
        Path("todos", id)
    }
}

/// `POST /v1/todos/{id}/attachments` with the file as `multipart/form-data` (field `file`).
///
/// The server gets every property back from the form: the bytes, the file name and the
/// content type of the `file` part.
public struct UploadAttachment: CatalogEndpoint, AuthorizedEndpoint, Equatable {
    /// The stored attachment's description.
    public typealias Success = Attachment
    /// 404 when there is no such todo.
    public typealias Failure = TodoError
    /// The failures it answers with.
    public static let failureStatuses: [HTTPStatus]? = [.unauthorized, .notFound]

    /// The caller's access token.
    public var token: BearerToken
    /// The todo the file belongs to.
    public var todoID: Int
    /// The file name the server sees.
    public var filename: String
    /// The file's bytes.
    public var contents: Data
    /// The file's type.
    public var contentType: MediaType

    /// Creates the request.
    public init(token: BearerToken, todoID: Int, filename: String, contents: Data, contentType: MediaType) {
        self.token = token
        self.todoID = todoID
        self.filename = filename
        self.contents = contents
        self.contentType = contentType
    }

    /// The request's components.
    public var definition: some EndpointDefinition {
        Method.post
        TodoAPI.authorized(token)
        Path("todos", todoID, "attachments")
        SuccessStatus(.created)
        Body.multipart(.data("file", contents, filename: filename, contentType: contentType))
    }
}

/// `POST /v1/imports` with the upstream todo's identifier as JSON: a new todo here, copied from
/// the todo server this one imports from (its upstream).
///
/// The server answers it by sending ``GetTodo`` to its upstream: a Courier client inside a
/// request handler.
public struct ImportTodo: CatalogEndpoint, AuthorizedEndpoint, Equatable {
    /// The new todo, with the upstream todo's title.
    public typealias Success = Todo
    /// 404 when the upstream has no such todo, 502 when the upstream failed.
    public typealias Failure = TodoError
    /// The failures it answers with.
    public static let failureStatuses: [HTTPStatus]? = [.unauthorized, .notFound, 502]

    /// The caller's access token (for this server, not the upstream).
    public var token: BearerToken
    /// Which upstream todo to copy.
    public var source: TodoImport

    /// Creates the request.
    public init(token: BearerToken, source: TodoImport) {
        self.token = token
        self.source = source
    }

    /// The request's components.
    public var definition: some EndpointDefinition {
        Method.post
        TodoAPI.authorized(token)
        Path("imports")
        SuccessStatus(.created)
        Body.json(source)
    }
}
