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
///     default: CatalogAnswer(status: .notImplemented)
///     }
/// })
/// let app = Application(router: router)
/// ```
///
/// **Matching.** The catalog first sees the request without its body. A request whose path no
/// endpoint has (a 404) or whose method the path does not have (a 405) is answered without
/// reading its body, and one of another path can be passed on instead (``UnmatchedPaths``).
/// Otherwise the body is read, up to `bodyLimit` (a longer one is answered 413 by Hummingbird),
/// and the request is matched again with it: it may still not fit the rest (a query item, a
/// header field, the body, a value outside a declared ``Courier/SchemaConstraint``). Every
/// mismatch it answers goes to the `mismatch` handler, which by default writes
/// ``Courier/EndpointMismatch/answer(to:)``: a `problem+json` 404, 405 with `Allow`, 401 when
/// the endpoint's credentials are missing, or 400.
///
/// **Answers.** A handler returns anything Hummingbird can write: a ``Courier/CatalogAnswer``
/// (an endpoint's typed `answer(_:)`, which this package makes a `ResponseGenerator`), or a
/// `Response` of its own, such as one with a streamed body.
///
/// **Routes.** The request context's endpoint path is set to the matched endpoint's path
/// template (`/todos/{id}`), so Hummingbird's tracing, metrics and logging middleware name the
/// route as the catalog declares it; add them before this one.
///
/// **Requests Courier cannot read** (no path, or a header value that is not UTF-8 or holds a
/// control character) are not the catalog's: they go on to the next responder.
public struct CatalogMiddleware<Context: RequestContext>: RouterMiddleware {
    /// What a catalog middleware does with a request whose path no endpoint of its catalog has.
    public enum UnmatchedPaths: Sendable, Hashable {
        /// Answers it with the mismatch handler (a `problem+json` 404 unless given one): the
        /// catalog serves every route.
        case answer
        /// Passes it on to the next middleware or the router's routes, which answer it.
        case passOn
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
        self.mismatchHandler = mismatch ?? { mismatch, request, _ in mismatch.answer(to: request) }
    }

    /// Serves `request` when its path is one of the catalog's; passes it to `next` otherwise when
    /// ``unmatchedPaths`` says so.
    public func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        guard let head = try? IncomingRequest(request.head) else {
            return try await next(request, context)
        }
        do {
            _ = try catalog.match(head)
        } catch let mismatch where mismatch.closeness < .sameRoute {
            if mismatch.closeness == .otherPath {
                if unmatchedPaths == .passOn { return try await next(request, context) }
            } else {
                context.coreContext.endpointPath.value = Self.route(mismatch.template)
            }
            return try await mismatchHandler(mismatch, head, context).response(
                from: request, context: context)
        } catch {
            // The method and path fit: the body decides, below.
        }
        var request = request
        let body = try await request.collectBody(upTo: bodyLimit)
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
        context.coreContext.endpointPath.value = (try? type(of: endpoint).shape()).map {
            Self.route($0.description)
        }
        return try await handler(endpoint, request, context).response(from: request, context: context)
    }

    /// The path of a template such as `GET /todos/{id}?include`: `/todos/{id}`.
    static func route(_ template: String) -> String {
        String(template.drop { $0 != " " }.dropFirst().prefix { $0 != "?" })
    }
}
