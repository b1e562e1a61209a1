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

    static func json(_ status: Int, _ value: some Encodable) -> TodoReply {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
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

    /// Creates a service that signs in the one user `credentials` describes.
    ///
    /// - Throws: `CourierError` when an endpoint of ``TodoAPI/endpoints`` cannot be parsed
    ///   from a request (found here, at start-up, not on the first request).
    public init(credentials: LoginCredentials) throws {
        catalog = try Catalog(TodoAPI.endpoints)
        self.credentials = credentials
    }

    /// The reply to `request`.
    public func reply(to request: IncomingRequest) async -> TodoReply {
        // The upload's body is multipart/form-data, which CatalogEndpoint cannot parse yet
        // (its shape() refuses it), so UploadAttachment is routed here by method and path, by
        // hand; keep this in step with UploadAttachment.definition.
        if let todoID = Self.uploadTarget(request) {
            return await upload(request, to: todoID)
        }
        let endpoint: any CatalogEndpoint
        do {
            endpoint = try catalog.match(request)
        } catch {
            return .text(404, error.description)
        }
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
        default:
            return .text(500, "\(type(of: endpoint)) is in the catalog but has no handler.")
        }
    }

    private func upload(_ request: IncomingRequest, to todoID: Int) async -> TodoReply {
        guard let authorization = request.headers[.authorization],
            await store.accepts(BearerToken(authorization: authorization))
        else {
            return .json(401, Unauthorized(message: "The bearer token is not valid."))
        }
        guard let contentType = request.headers[.contentType],
            let file = MultipartForm.part(named: "file", in: request.body, contentType: contentType),
            let filename = file.filename
        else {
            return .json(
                422,
                ValidationErrors(errors: [
                    .init(field: "file", message: "a multipart part with a file is required")
                ])
            )
        }
        guard await store.attach(filename, to: todoID) != nil else { return Self.notFound(todoID) }
        return .json(
            201,
            Attachment(
                todoID: todoID, filename: filename,
                contentType: file.contentType ?? "application/octet-stream",
                size: file.body.count))
    }

    /// The todo identifier of `POST /v1/todos/{id}/attachments`, or `nil` for any other request.
    static func uploadTarget(_ request: IncomingRequest) -> Int? {
        guard request.method == .post else { return nil }
        let path = request.target.split(separator: "?", maxSplits: 1).first ?? ""
        let segments = path.split(separator: "/")
        guard segments.count == 4, segments[0] == "v1", segments[1] == "todos", segments[3] == "attachments"
        else { return nil }
        return Int(segments[2])
    }

    private static func validate(title: String) -> TodoReply? {
        guard title.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else { return nil }
        return .json(422, ValidationErrors(errors: [.init(field: "title", message: "must not be empty")]))
    }

    private static func notFound(_ id: Int) -> TodoReply {
        .json(404, NotFound(message: "No todo has the id \(id)."))
    }
}
