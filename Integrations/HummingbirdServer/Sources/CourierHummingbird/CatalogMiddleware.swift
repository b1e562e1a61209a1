import Courier
import CourierHTTPTypes
import Foundation
import Hummingbird

/// A Hummingbird router middleware that serves the endpoints of a Courier ``Courier/Catalog``:
/// it matches each request by the catalog, hands the handler the typed endpoint value, and
/// writes what the handler returns.
///
/// ```swift
/// let router = Router()
/// router.add(middleware: CatalogMiddleware(try Catalog(TodoAPI.endpoints)) { endpoint, request, context in
///     switch endpoint {
///     case let get as GetTodo: try get.answer(await store.todo(get.id))
///     default: CatalogAnswer(status: 501)
///     }
/// })
/// ```
///
/// A handler returns a ``Courier/CatalogAnswer`` (an endpoint's typed `answer(_:)`) or a `Response`
/// of its own, such as one with a streamed body. Every request the catalog does not match, and does
/// not pass on (``PassOn``), goes to the `mismatch` handler:
/// ``Courier/EndpointMismatch/answer(to:)``'s `problem+json` 404, 405, 401, 415 or 400 unless given
/// one. A 404 or 405 is answered without reading the body; otherwise the body is read up to the
/// body limit (a longer one is answered with a `problem+json` 413, not through the `mismatch`
/// handler, and unread when its `Content-Length` is over the limit). `HEAD` is served by the path's
/// `GET` endpoint (its handler gets the `HEAD` request), without the body. The matched endpoint's
/// path template (`/todos/{id}`) names the request's route for Hummingbird's tracing, metrics and
/// logging middleware, which go before this one; routes of the router itself only see what this
/// middleware passes on.
public struct CatalogMiddleware<Context: RequestContext>: RouterMiddleware {
    /// Which requests the catalog does not match a middleware passes on to the next responder
    /// (the router's routes, or its 404), instead of answering them.
    public struct PassOn: OptionSet, Sendable, Hashable {
        /// The set's bits.
        public let rawValue: Int

        /// Creates a set from its raw value.
        public init(rawValue: Int) {
            self.rawValue = rawValue
        }

        /// Requests whose path no endpoint has.
        public static var otherPaths: PassOn { PassOn(rawValue: 1 << 0) }
        /// Requests whose path is an endpoint's but whose method no endpoint of that path has.
        public static var otherMethods: PassOn { PassOn(rawValue: 1 << 1) }
        /// Requests Courier cannot read: no path, or a header value that is not UTF-8 or holds a
        /// control character. Answered 400 unless passed on.
        public static var unreadable: PassOn { PassOn(rawValue: 1 << 2) }
    }

    /// The work for a request that matched an endpoint: the typed endpoint value, the request
    /// (its body already read), and the request's context.
    public typealias Handler =
        @Sendable (any CatalogEndpoint, Request, Context) async throws
        -> any ResponseGenerator

    /// The answer to a request the catalog did not match: the mismatch, the request as the
    /// catalog read it (without its body for another path or method), and the request's context.
    public typealias MismatchHandler =
        @Sendable (EndpointMismatch, IncomingRequest, Context) async throws
        -> any ResponseGenerator

    /// The endpoints this middleware serves.
    public let catalog: Catalog
    /// The largest request body read, in bytes; `nil` for the context's `maxUploadSize`.
    public let bodyLimit: Int?
    /// The requests passed on instead of answered.
    public let passOn: PassOn
    /// The content codings a middleware before this one decodes while keeping the request's
    /// `Content-Encoding`: a body coded only with these is read as it arrives. Any other coding
    /// is answered 415, since a catalog decodes none.
    public let decodedContentCodings: Set<String>
    private let handler: Handler
    private let mismatchHandler: MismatchHandler
    /// Each endpoint type's route: the path of its template.
    private let routes: [ObjectIdentifier: String]

    /// Creates a middleware that serves `catalog` with `handler`.
    ///
    /// - Parameters:
    ///   - catalog: The endpoints to serve.
    ///   - bodyLimit: The largest request body read, in bytes; a longer one is answered with a
    ///     `problem+json` 413.
    ///     The request context's `maxUploadSize` unless given.
    ///   - passOn: The requests the catalog does not match that go on to the next responder
    ///     instead of being answered; none unless given.
    ///   - mismatch: The answer to a request the catalog did not match (and that is not passed
    ///     on); ``Courier/EndpointMismatch/answer(to:)`` unless given.
    ///   - decodedContentCodings: The content codings a middleware before this one decodes,
    ///     such as `["gzip", "deflate"]` behind Hummingbird's `RequestDecompressionMiddleware`; none unless given.
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
        var routes: [ObjectIdentifier: String] = [:]
        for entry in catalog.entries {
            routes[ObjectIdentifier(entry.endpointType)] = Self.route(entry.shape.description)
        }
        self.routes = routes
    }

    /// Answers `request` by the catalog, or passes it on to `next`.
    public func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        let head: IncomingRequest
        do throws(CourierError) {
            head = try IncomingRequest(request.head).withoutContentCodings(decodedContentCodings)
            // The server decodes a value's bytes that are not UTF-8 as replacement characters.
            if let field = head.headers.first(where: { $0.value.unicodeScalars.contains("\u{FFFD}") }) {
                throw CourierError(
                    stage: .transport, kind: .invalidHeaderValue,
                    message: "The value of \(field.name) is not UTF-8.")
            }
        } catch {
            if passOn.contains(.unreadable) { return try await next(request, context) }
            return try Self.unreadable(error).response(from: request, context: context)
        }
        if request.method == .head {
            return try await headResponse(to: request, head: head, context: context, next: next)
        }
        return try await serve(request, head: head, context: context, next: next)
    }

    /// The answer to a request, matched first by its head, then with its body.
    private func serve(
        _ request: Request, head: IncomingRequest, context: Context,
        next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        do {
            _ = try catalog.match(head)
        } catch let mismatch where mismatch.closeness < .sameRoute {
            switch mismatch.closeness {
            case .otherPath:
                if passOn.contains(.otherPaths) { return try await next(request, context) }
                context.coreContext.endpointPath.value = "NotFound"
            default:
                if passOn.contains(.otherMethods) { return try await next(request, context) }
                context.coreContext.endpointPath.value = Self.route(mismatch.template)
            }
            return try await mismatchHandler(Self.allowingHead(mismatch), head, context).response(
                from: request, context: context)
        } catch {
            // The method and path fit: the body decides, below.
        }
        var request = request
        let limit = bodyLimit ?? context.maxUploadSize
        // A body its head says is longer is refused unread: a client that waits on
        // `Expect: 100-continue` gets its final status at once (RFC 9110 §10.1.1).
        if let length = request.headers[.contentLength].flatMap(Int.init), length > limit {
            return try CatalogAnswer.contentTooLarge(limit: limit).response(from: request, context: context)
        }
        let body: ByteBuffer
        do {
            body = try await request.collectBody(upTo: limit)
        } catch let error as any HTTPResponseError where error.status == .contentTooLarge {
            return try CatalogAnswer.contentTooLarge(limit: limit).response(from: request, context: context)
        }
        let incoming = IncomingRequest(
            method: head.method, target: head.target, headers: head.headers,
            body: Data(body.readableBytesView))
        let endpoint: any CatalogEndpoint
        do {
            endpoint = try catalog.match(incoming)
        } catch {
            context.coreContext.endpointPath.value = Self.route(error.template)
            return try await mismatchHandler(error, incoming, context).response(
                from: request, context: context)
        }
        context.coreContext.endpointPath.value = routes[ObjectIdentifier(type(of: endpoint))]
        return try await handler(endpoint, request, context).response(from: request, context: context)
    }

    /// The answer to a `HEAD` request: that of the path's `GET` endpoint without its body when
    /// the catalog has no `HEAD` endpoint there (RFC 9110 §9.3.2), else the catalog's own.
    private func headResponse(
        to request: Request, head: IncomingRequest, context: Context,
        next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        do {
            _ = try catalog.match(head)
        } catch  where error.closeness == .otherMethod && error.allowedMethods.contains(.get) {
            // The handler gets the HEAD request itself, matched as a GET.
            let asGet = IncomingRequest(method: .get, target: head.target, headers: head.headers)
            let response = try await serve(request, head: asGet, context: context, next: next)
            if response.body.contentLength != nil || response.headers[.contentLength] != nil {
                return response.createHeadResponse()
            }
            // A streamed body's length is not known: the head says none (RFC 9110 §8.6).
            return Response(
                status: response.status, headers: response.headers,
                body: ResponseBody(contentLength: nil) { writer in try await writer.finish(nil) })
        } catch {
            // Any other HEAD request is served as any request.
        }
        return try await serve(request, head: head, context: context, next: next)
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
    static func unreadable(_ error: CourierError) -> CatalogAnswer {
        CatalogAnswer(
            status: .badRequest,
            problem: ProblemDetails(title: "Bad Request", detail: error.message))
    }

    /// The path of a template such as `GET /todos/{id}?include`: `/todos/{id}`.
    static func route(_ template: String) -> String {
        String(template.drop { $0 != " " }.dropFirst().prefix { $0 != "?" })
    }
}
