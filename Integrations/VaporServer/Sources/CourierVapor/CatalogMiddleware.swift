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
///     default: CatalogAnswer(status: .notImplemented)
///     }
/// })
/// ```
///
/// Use it as a global middleware (`app.middleware`), which Vapor runs for every request, whether
/// or not one of the application's routes has its path; the catalog is asked first.
///
/// **Matching.** The catalog first sees the request without its body. A request whose path no
/// endpoint has (a 404) or whose method the path does not have (a 405) is answered without
/// reading its body, and one of another path can be passed on instead (``UnmatchedPaths``).
/// Otherwise the body is read, up to `bodyLimit` (a longer one fails with Vapor's 413 `Abort`),
/// and the request is matched again with it: it may still not fit the rest (a query item, a
/// header field, the body, a value outside a declared ``Courier/SchemaConstraint``). Every
/// mismatch it answers goes to the `mismatch` handler, which by default writes
/// ``Courier/EndpointMismatch/answer(to:)``: a `problem+json` 404, 405 with `Allow`, 401 when
/// the endpoint's credentials are missing, or 400.
///
/// **Answers.** A handler returns anything Vapor can write: a ``Courier/CatalogAnswer``
/// (an endpoint's typed `answer(_:)`, which this package makes an `AsyncResponseEncodable`), or a
/// `Response` of its own, such as one with a streamed body.
///
/// **Routes.** The request's `route` is set to one whose path is the matched endpoint's path
/// template (`/todos/{id}` becomes `/todos/:id`), so Vapor's request metrics name the route as the
/// catalog declares it. Vapor's `TracingMiddleware` names its span before any middleware runs, so
/// this one renames the span active in the request's `serviceContext` (`GET /todos/:id`) and sets
/// its `http.route`, when the tracer can find it (`Tracer.activeSpan(identifiedBy:)`); add
/// Vapor's `TracingMiddleware` before this one.
///
/// **Requests Courier cannot read** are not the catalog's: they go on to the next responder. Such a
/// request has a target Vapor could not parse, a header value with a control character, or one
/// holding U+FFFD, the character Vapor's parser puts in place of bytes that are not UTF-8.
public struct CatalogMiddleware: AsyncMiddleware {
    /// What a catalog middleware does with a request whose path no endpoint of its catalog has.
    public enum UnmatchedPaths: Sendable, Hashable {
        /// Answers it with the mismatch handler (a `problem+json` 404 unless given one): the
        /// catalog serves every route.
        case answer
        /// Passes it on to the next middleware or the application's routes, which answer it.
        case passOn
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
    /// The largest request body read, in bytes.
    public let bodyLimit: Int
    /// What happens to requests whose path no endpoint has.
    public let unmatchedPaths: UnmatchedPaths
    private let handler: Handler
    private let mismatchHandler: MismatchHandler

    /// The largest request body read unless given, 1 MiB.
    public static var defaultBodyLimit: Int { 1 << 20 }

    /// Creates a middleware that serves `catalog` with `handler`.
    ///
    /// - Parameters:
    ///   - catalog: The endpoints to serve.
    ///   - bodyLimit: The largest request body read, in bytes; a longer one is answered 413.
    ///   - unmatchedPaths: Whether a request whose path no endpoint has is answered 404 here
    ///     (``UnmatchedPaths/answer``, the default) or passed on (``UnmatchedPaths/passOn``).
    ///   - mismatch: The answer to a request the catalog did not match (and did not pass on);
    ///     ``Courier/EndpointMismatch/answer(to:)`` unless given.
    ///   - handler: The answer to a request that matched an endpoint.
    public init(
        _ catalog: Catalog, bodyLimit: Int = defaultBodyLimit, unmatchedPaths: UnmatchedPaths = .answer,
        mismatch: MismatchHandler? = nil, handler: @escaping Handler
    ) {
        self.catalog = catalog
        self.bodyLimit = bodyLimit
        self.unmatchedPaths = unmatchedPaths
        self.handler = handler
        self.mismatchHandler = mismatch ?? { mismatch, request, _ in Self.problem(for: mismatch, request) }
    }

    /// The default answer to a mismatch: ``Courier/EndpointMismatch/answer(to:)``.
    private static func problem(for mismatch: EndpointMismatch, _ request: IncomingRequest)
        -> any AsyncResponseEncodable
    {
        mismatch.answer(to: request)
    }

    /// Serves `request` when its path is one of the catalog's; passes it to `next` otherwise when
    /// ``unmatchedPaths`` says so.
    public func respond(to request: Request, chainingTo next: any AsyncResponder) async throws -> Response {
        guard let head = Self.incoming(request) else {
            return try await next.respond(to: request)
        }
        do {
            _ = try catalog.match(head)
        } catch let mismatch where mismatch.closeness < .sameRoute {
            if mismatch.closeness == .otherPath {
                if unmatchedPaths == .passOn { return try await next.respond(to: request) }
            } else {
                name(request, template: mismatch.template, next: next)
            }
            return try await mismatchHandler(mismatch, head, request).encodeResponse(for: request)
        } catch {
            // The method and path fit: the body decides, below.
        }
        let body = try await collectBody(of: request)
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
        if let shape = try? type(of: endpoint).shape() {
            name(request, template: shape.description, next: next)
        }
        return try await handler(endpoint, request).encodeResponse(for: request)
    }

    /// The request's body, read up to ``bodyLimit`` bytes; Vapor's 413 `Abort` beyond.
    private func collectBody(of request: Request) async throws -> ByteBuffer {
        // Vapor refuses a streamed body once it reaches `max` bytes, so `max` is one more than allowed.
        let max = bodyLimit < Int.max ? Swift.max(bodyLimit, 0) + 1 : nil
        let body = try await request.body.collect(max: max).get() ?? ByteBuffer()
        // A body that arrived whole is returned as it is, whatever its length.
        guard body.readableBytes <= bodyLimit else { throw Abort(.payloadTooLarge) }
        return body
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

    /// The request as a catalog reads it, without its body; `nil` when Courier cannot read it.
    static func incoming(_ request: Request) -> IncomingRequest? {
        let target = request.url.string
        guard target.hasPrefix("/"), let method = Courier.HTTPMethod(validating: request.method.rawValue)
        else {
            return nil
        }
        var fields: [HeaderField] = []
        fields.reserveCapacity(request.headers.count)
        for (name, value) in request.headers {
            guard let name = HeaderName(validating: name) else { return nil }
            let field = HeaderField(name: name, value: value)
            guard field.hasValidValue, !value.unicodeScalars.contains("\u{FFFD}") else { return nil }
            fields.append(field)
        }
        return IncomingRequest(method: method, target: target, headers: HeaderFields(fields))
    }
}
