import Courier
import Foundation
import TodoCatalog

/// A response before it is written: status, content type and body.
public struct TodoReply: Sendable, Equatable {
    /// The status code.
    public var status: Int
    /// The `Content-Type`, or `nil` without a body.
    public var contentType: String?
    /// The body bytes.
    public var body: Data
    /// The `Allow` header of a 405: the methods the path has.
    public var allow: String?
    /// The path template of the endpoint the request matched, such as `/v1/todos/{id}`: the
    /// route tracing names the server's span after.
    public var route: String?

    static func json(_ status: Int, _ value: some Encodable) -> TodoReply {
        // The client's default: sorted keys, ISO 8601 dates, so what the server writes reads back.
        let encoder = JSONEncoder.courierDefault()
        // The models are plain structs; encoding them cannot fail.
        let body = (try? encoder.encode(value)) ?? Data()
        return TodoReply(status: status, contentType: "application/json", body: body)
    }

    static func text(_ status: Int, _ text: String) -> TodoReply {
        TodoReply(status: status, contentType: "text/plain; charset=utf-8", body: Data((text + "\n").utf8))
    }

    static let noContent = TodoReply(status: 204, contentType: nil, body: Data())
}

/// The todo API's behaviour, without any HTTP framework: an ``IncomingRequest`` in, a
/// ``TodoReply`` out. Routing is the shared catalog's: `Catalog.match` turns the request into
/// a typed endpoint value, and a `switch` over that value does the work.
public struct TodoService: Sendable {
    let catalog: Catalog
    let store = TodoStore()
    let credentials: LoginCredentials
    /// Where ``ImportTodo`` copies todos from.
    var importer: TodoImporter?

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

    /// The reply to `request`.
    public func reply(to request: IncomingRequest) async -> TodoReply {
        let endpoint: any CatalogEndpoint
        do {
            endpoint = try catalog.match(request)
        } catch {
            return Self.reply(to: error, of: request)
        }
        var reply = await reply(to: endpoint)
        reply.route = Self.route(of: endpoint)
        return reply
    }

    /// The path of the endpoint's template, without its method and query: `/v1/todos/{id}`.
    static func route(of endpoint: any CatalogEndpoint) -> String? {
        guard let template = try? type(of: endpoint).shape().description else { return nil }
        return String(template.drop { $0 != " " }.dropFirst().prefix { $0 != "?" })
    }

    /// The reply to a request that matched `endpoint`.
    private func reply(to endpoint: any CatalogEndpoint) async -> TodoReply {
        if let authorized = endpoint as? any AuthorizedEndpoint, await !store.accepts(authorized.token) {
            return .json(401, Unauthorized(message: "The bearer token is not valid."))
        }
        switch endpoint {
        case let signIn as SignIn:
            guard signIn.credentials == credentials else {
                return .json(401, Unauthorized(message: "The user name or password is wrong."))
            }
            return .json(200, Session(token: await store.issueToken()))
        case let create as CreateTodo:
            if let invalid = Self.validate(title: create.todo.title) { return invalid }
            return .json(201, await store.create(title: create.todo.title))
        case let list as ListTodos:
            let page = list.page ?? 1
            let perPage = list.perPage ?? 20
            var errors: [ValidationErrors.FieldError] = []
            if page < 1 { errors.append(.init(field: "page", message: "must be 1 or more")) }
            if !(1...100).contains(perPage) {
                errors.append(.init(field: "per_page", message: "must be between 1 and 100"))
            }
            guard errors.isEmpty else { return .json(422, ValidationErrors(errors: errors)) }
            return .json(200, await store.page(page, perPage: perPage))
        case let get as GetTodo:
            guard let todo = await store.todo(get.id) else { return Self.notFound(get.id) }
            return .json(200, todo)
        case let update as UpdateTodo:
            if let title = update.patch.title, let invalid = Self.validate(title: title) { return invalid }
            guard let todo = await store.update(update.id, with: update.patch) else {
                return Self.notFound(update.id)
            }
            return .json(200, todo)
        case let delete as DeleteTodo:
            guard await store.delete(delete.id) else { return Self.notFound(delete.id) }
            return .noContent
        case let upload as UploadAttachment:
            guard !upload.contents.isEmpty else {
                return .json(
                    422, ValidationErrors(errors: [.init(field: "file", message: "must not be empty")]))
            }
            guard await store.attach(upload.filename, to: upload.todoID) != nil else {
                return Self.notFound(upload.todoID)
            }
            return .json(
                201,
                Attachment(
                    todoID: upload.todoID, filename: upload.filename,
                    contentType: upload.contentType.rawValue,
                    size: upload.contents.count))
        case let importing as ImportTodo:
            guard let importer else { return .text(503, "This server was started without an upstream.") }
            return await importer.importTodo(importing.source.upstreamID, into: store)
        default:
            return .text(500, "\(type(of: endpoint)) is in the catalog but has no handler.")
        }
    }

    /// The reply to a request no endpoint matches, by how close the closest one came: 404
    /// for a path no endpoint has, 405 (with `Allow`) for another method, 401 when only the bearer token is
    /// missing, and 400 for the rest; the body says why.
    static func reply(to mismatch: EndpointMismatch, of request: IncomingRequest) -> TodoReply {
        switch mismatch.closeness {
        case .otherPath:
            return .text(404, mismatch.description)
        case .otherMethod:
            var reply = TodoReply.text(405, mismatch.description)
            reply.allow = mismatch.allowedMethods.map(\.rawValue).joined(separator: ", ")
            return reply
        case .sameRoute:
            let wantsToken = mismatch.shape?.headers.contains {
                $0.name.lowercased() == "authorization" && $0.parameter != nil
            }
            if wantsToken == true, request.headers[.authorization] == nil {
                return .json(401, Unauthorized(message: "A bearer token is required."))
            }
            return .text(400, mismatch.description)
        }
    }

    private static func validate(title: String) -> TodoReply? {
        guard title.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else { return nil }
        return .json(422, ValidationErrors(errors: [.init(field: "title", message: "must not be empty")]))
    }

    private static func notFound(_ id: Int) -> TodoReply {
        .json(404, NotFound(message: "No todo has the id \(id)."))
    }
}
