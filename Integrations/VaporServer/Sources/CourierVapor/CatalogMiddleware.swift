import Courier
import Foundation
import Tracing
import Vapor

/// A Vapor middleware that serves the endpoints of a Courier ``Courier/Catalog``: it matches each
/// request by the catalog, hands the handler the typed endpoint value, and writes what the
/// handler returns.
///
/// ```swift
/// let app = try await Application.make()
/// app.middleware.use(CatalogMiddleware(try Catalog(TodoAPI.endpoints)) { endpoint, request in
///     switch endpoint {
///     case let get as GetTodo: try get.answer(await store.todo(get.id))
///     default: CatalogAnswer(status: 501)
///     }
/// })
/// ```
///
/// Use it as a global middleware (`app.middleware`), which Vapor runs for every request, whether or
/// not one of the application's routes has its path. A handler returns a ``Courier/CatalogAnswer``
/// (an endpoint's typed `answer(_:)`) or a `Response` of its own, such as one with a streamed body.
/// Every request the catalog does not match, and does not pass on (``PassOn``), goes to the
/// `mismatch` handler: ``Courier/EndpointMismatch/answer(to:)``'s `problem+json` 404, 405, 401, 415
/// or 400 unless given one. A 404 or 405 is answered without reading the body; otherwise the body
/// is read up to the body limit (a longer one is answered with a `problem+json` 413, not through
/// the `mismatch` handler, and unread when its `Content-Length` is over the limit). `HEAD` is
/// served by the path's `GET` endpoint (its handler gets the `HEAD` request; Vapor's server leaves
/// the body out); for a streamed answer the head says `Content-Length: 0`, as Vapor cannot leave a
/// streamed body's chunked framing off the wire. The request's `route` is one whose path is the
/// matched endpoint's template (`/todos/:id`), for Vapor's request metrics; the span active in the
/// request's `serviceContext` (Vapor's `TracingMiddleware`, added before this one) is renamed after
/// it when the tracer can find it (`Tracer.activeSpan(identifiedBy:)`).
public struct CatalogMiddleware: AsyncMiddleware {
    /// Which requests the catalog does not match a middleware passes on to the next responder
    /// (the application's routes, or its 404), instead of answering them.
    public struct PassOn: OptionSet, Sendable, Hashable {
        /// The set's bits.
        public let rawValue: Int

        /// Creates a set from its raw value.
        public init(rawValue: Int) {
            self.rawValue = rawValue
        }

        /// Requests whose path no endpoint has.
        public static let otherPaths = PassOn(rawValue: 1 << 0)
        /// Requests whose path is an endpoint's but whose method no endpoint of that path has.
        public static let otherMethods = PassOn(rawValue: 1 << 1)
        /// Requests Courier cannot read: a target that is not a path, or a header value that is
        /// not UTF-8 (Vapor's parser puts U+FFFD in place of such bytes) or holds a control
        /// character. Answered 400 unless passed on.
        public static let unreadable = PassOn(rawValue: 1 << 2)
    }

    /// The work for a request that matched an endpoint: the typed endpoint value and the request,
    /// its body already read.
    public typealias Handler =
        @Sendable (any CatalogEndpoint, Request) async throws -> any AsyncResponseEncodable

    /// The answer to a request the catalog did not match: the mismatch, the request as the
    /// catalog read it (without its body for another path or method), and Vapor's request.
    public typealias MismatchHandler =
        @Sendable (EndpointMismatch, IncomingRequest, Request) async throws
        -> any AsyncResponseEncodable

    /// The endpoints this middleware serves.
    public let catalog: Catalog
    /// The largest request body read, in bytes; `nil` for the application's
    /// `routes.defaultMaxBodySize`.
    public let bodyLimit: Int?
    /// The requests passed on instead of answered.
    public let passOn: PassOn
    /// The content codings a middleware before this one decodes while keeping the request's
    /// `Content-Encoding`: a body coded only with these is read as it arrives. Any other coding
    /// is answered 415, since a catalog decodes none.
    public let decodedContentCodings: Set<String>
    private let handler: Handler
    private let mismatchHandler: MismatchHandler
    /// Each endpoint type's template.
    private let templates: [ObjectIdentifier: String]

    /// Creates a middleware that serves `catalog` with `handler`.
    ///
    /// - Parameters:
    ///   - catalog: The endpoints to serve.
    ///   - bodyLimit: The largest request body read, in bytes; a longer one is answered with a
    ///     `problem+json` 413.
    ///     The application's `routes.defaultMaxBodySize` unless given.
    ///   - passOn: The requests the catalog does not match that go on to the next responder
    ///     instead of being answered; none unless given.
    ///   - mismatch: The answer to a request the catalog did not match (and that is not passed
    ///     on); ``Courier/EndpointMismatch/answer(to:)`` unless given.
    ///   - decodedContentCodings: The content codings a middleware before this one decodes,
    ///     such as `["gzip", "deflate"]` behind Vapor's `requestDecompression`; none unless given.
    ///   - handler: The answer to a request that matched an endpoint.
    public init(
        _ catalog: Catalog, bodyLimit: Int? = nil, passOn: PassOn = [], mismatch: MismatchHandler? = nil,
        decodedContentCodings: Set<String> = [], handler: @escaping Handler
    ) {
        self.decodedContentCodings = decodedContentCodings
        self.catalog = catalog
        self.bodyLimit = bodyLimit.map { max(0, $0) }
        self.passOn = passOn
        self.handler = handler
        self.mismatchHandler = mismatch ?? { mismatch, request, _ in mismatch.answer(to: request) }
        var templates: [ObjectIdentifier: String] = [:]
        for entry in catalog.entries {
            templates[ObjectIdentifier(entry.endpointType)] = entry.shape.description
        }
        self.templates = templates
    }

    /// Answers `request` by the catalog, or passes it on to `next`.
    public func respond(to request: Request, chainingTo next: any AsyncResponder) async throws -> Response {
        let head: IncomingRequest
        do {
            head = try Self.incoming(request).withoutContentCodings(decodedContentCodings)
        } catch {
            if passOn.contains(.unreadable) { return try await next.respond(to: request) }
            return try await Self.unreadable(error.reason).encodeResponse(for: request)
        }
        if request.method == .HEAD {
            do {
                _ = try catalog.match(head)
            } catch  where error.closeness == .otherMethod && error.allowedMethods.contains(.get) {
                // The path's GET endpoint answers (RFC 9110 §9.3.2); Vapor's server leaves the
                // body out of a response to HEAD, but would still end a streamed one's chunked
                // framing on the wire, where a client keeping the connection would read it as the
                // next response: a streamed body becomes an empty one.
                let asGet = IncomingRequest(method: .get, target: head.target, headers: head.headers)
                let response = try await serve(request, head: asGet, next: next)
                if response.body.count < 0 { response.body = Response.Body(buffer: ByteBuffer()) }
                return response
            } catch {
                // Any other HEAD request is served as any request.
            }
        }
        return try await serve(request, head: head, next: next)
    }

    /// The answer to a request, matched first by its head, then with its body.
    private func serve(_ request: Request, head: IncomingRequest, next: any AsyncResponder) async throws
        -> Response
    {
        do {
            _ = try catalog.match(head)
        } catch let mismatch where mismatch.closeness < .sameRoute {
            if mismatch.closeness == .otherPath {
                if passOn.contains(.otherPaths) { return try await next.respond(to: request) }
            } else {
                if passOn.contains(.otherMethods) { return try await next.respond(to: request) }
                name(request, template: mismatch.template, next: next)
            }
            return try await mismatchHandler(Self.allowingHead(mismatch), head, request).encodeResponse(
                for: request)
        } catch {
            // The method and path fit: the body decides, below.
        }
        let limit = bodyLimit ?? max(0, request.application.routes.defaultMaxBodySize.value)
        // A body its head says is longer is refused unread (RFC 9110 §10.1.1). Vapor hands the
        // request on at the body's first bytes, so a client waiting on `Expect: 100-continue`
        // has started its upload by then.
        let declared = request.headers.first(name: .contentLength).flatMap(Int.init)
        guard (declared ?? 0) <= limit,
            let body = try await collectBody(of: request, limit: limit)
        else {
            return try await CatalogAnswer.contentTooLarge(limit: limit).encodeResponse(for: request)
        }
        let incoming = IncomingRequest(
            method: head.method, target: head.target, headers: head.headers,
            body: Data(body.readableBytesView))
        let endpoint: any CatalogEndpoint
        do {
            endpoint = try catalog.match(incoming)
        } catch {
            name(request, template: error.template, next: next)
            return try await mismatchHandler(error, incoming, request).encodeResponse(for: request)
        }
        if let template = templates[ObjectIdentifier(type(of: endpoint))] {
            name(request, template: template, next: next)
        }
        return try await handler(endpoint, request).encodeResponse(for: request)
    }

    /// `mismatch` with `HEAD` among its allowed methods when `GET` is, as this middleware
    /// serves it.
    static func allowingHead(_ mismatch: EndpointMismatch) -> EndpointMismatch {
        guard mismatch.allowedMethods.contains(.get), !mismatch.allowedMethods.contains(.head) else {
            return mismatch
        }
        return mismatch.allowing(mismatch.allowedMethods + [.head])
    }

    /// The `problem+json` 400 for a request Courier cannot read.
    static func unreadable(_ reason: String) -> CatalogAnswer {
        CatalogAnswer(
            status: .badRequest, problem: ProblemDetails(title: "Bad Request", detail: reason))
    }

    /// The request's body, or `nil` when it is longer than `bodyLimit` bytes.
    private func collectBody(of request: Request, limit bodyLimit: Int) async throws -> ByteBuffer? {
        // Vapor refuses a streamed body once it reaches `max` bytes, so `max` is one more than allowed.
        let max = bodyLimit < Int.max ? bodyLimit + 1 : nil
        let body: ByteBuffer
        do {
            body = try await request.body.collect(max: max).get() ?? ByteBuffer()
        } catch let error as any AbortError where error.status.code == 413 {
            return nil
        }
        // A body that arrived whole is handed over without `max` being checked.
        return body.readableBytes <= bodyLimit ? body : nil
    }

    /// Sets the request's route to the path of `template`, for Vapor's request metrics, and names
    /// the request's active span after it.
    private func name(_ request: Request, template: String, next: any AsyncResponder) {
        let path = Self.pathComponents(template)
        let route = Route(
            method: request.method, path: path, responder: makeResponder(chainingTo: next),
            requestType: Request.self, responseType: Response.self)
        request.route = route
        if let span = InstrumentationSystem.tracer.activeSpan(identifiedBy: request.serviceContext) {
            span.operationName = route.description
            span.attributes["http.route"] = "/" + path.map(\.description).joined(separator: "/")
        }
    }

    /// The path of a template such as `GET /todos/{id}?include` as Vapor's path components:
    /// `todos`, `:id`.
    static func pathComponents(_ template: String) -> [PathComponent] {
        let path = template.drop { $0 != " " }.dropFirst().prefix { $0 != "?" }
        return path.split(separator: "/").map { segment in
            if segment.first == "{", segment.last == "}", segment.count > 2 {
                .parameter(String(segment.dropFirst().dropLast()))
            } else {
                .constant(String(segment))
            }
        }
    }

    /// The request as a catalog reads it, without its body.
    ///
    /// - Throws: Why Courier cannot read it, as a sentence.
    static func incoming(_ request: Request) throws(Unreadable) -> IncomingRequest {
        let target = request.url.string
        guard target.hasPrefix("/") else { throw Unreadable("The request target is not a path.") }
        guard let method = Courier.HTTPMethod(validating: request.method.rawValue) else {
            throw Unreadable("The request method is not a token.")
        }
        var fields: [HeaderField] = []
        fields.reserveCapacity(request.headers.count)
        for (name, value) in request.headers {
            guard let name = HeaderName(validating: name) else {
                throw Unreadable("A header field name is not a token.")
            }
            let field = HeaderField(name: name, value: value)
            guard field.hasValidValue, !value.unicodeScalars.contains("\u{FFFD}") else {
                throw Unreadable("The value of \(name) is not UTF-8 or holds a control character.")
            }
            fields.append(field)
        }
        return IncomingRequest(method: method, target: target, headers: HeaderFields(fields))
    }

    /// Why Courier cannot read a request.
    struct Unreadable: Error {
        let reason: String

        init(_ reason: String) {
            self.reason = reason
        }
    }
}
