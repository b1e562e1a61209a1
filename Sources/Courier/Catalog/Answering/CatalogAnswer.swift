import Foundation

/// A server's response to a catalog request before an HTTP framework writes it: status, header
/// fields and body bytes.
///
/// Make one from a typed result with ``CatalogEndpoint/answer(_:encoder:)``, or from a request no
/// endpoint matched with ``EndpointMismatch/answer(to:)``; a framework's adapter copies the three
/// fields into its own response:
///
/// ```swift
/// func answer(_ incoming: IncomingRequest) async -> CatalogAnswer {
///     do {
///         switch try catalog.match(incoming) {
///         case let get as GetTodo: return try get.answer(await todos.find(get.id))
///         default: return CatalogAnswer(status: .internalServerError)
///         }
///     } catch let mismatch as EndpointMismatch {
///         return mismatch.answer(to: incoming)
///     } catch {
///         return CatalogAnswer(status: .internalServerError)
///     }
/// }
/// ```
///
/// The answer is what the catalog's OpenAPI document promises, and what the client decodes back
/// into the same value: <doc:SharingACatalog#Answer-with-typed-values>.
public struct CatalogAnswer: Sendable, Hashable {
    /// The status.
    public var status: HTTPStatus
    /// The header fields: `Content-Type` when there is a body, `Allow` on a 405,
    /// `WWW-Authenticate` on a 401.
    public var headers: HeaderFields
    /// The body bytes; empty for a 204 or an ``Empty`` success.
    public var body: Data

    /// Creates an answer.
    public init(status: HTTPStatus, headers: HeaderFields = [], body: Data = Data()) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// An answer carrying `problem` as `application/problem+json` (RFC 9457), with `status`, and
    /// `headers` but any `Content-Type` of theirs: what a catalog answers a request it cannot serve
    /// with, and what a server's own refusals can share. The problem's `status` member is set to
    /// `status`, as RFC 9457 §3.1.2 asks.
    ///
    /// ```swift
    /// CatalogAnswer(
    ///     status: 413,
    ///     problem: ProblemDetails(title: "Content Too Large", detail: "Send at most 1 MB."))
    /// ```
    public init(status: HTTPStatus, headers: HeaderFields = [], problem: ProblemDetails) {
        var fields: HeaderFields = [HeaderField(name: .contentType, value: MediaType.problemJSON.rawValue)]
        for field in headers where field.name != .contentType { fields.append(field) }
        let problem = ProblemDetails(
            type: problem.type, title: problem.title, status: status.code, detail: problem.detail,
            instance: problem.instance, extensions: problem.extensions)
        self.init(
            status: status, headers: fields,
            body: (try? JSONEncoder.courierDefault().encode(problem)) ?? Data())
    }

    /// The `problem+json` 413 for a request body over `limit` bytes (RFC 9110 §15.5.14), which the
    /// Hummingbird and Vapor `CatalogMiddleware` answer.
    public static func contentTooLarge(limit: Int) -> CatalogAnswer {
        CatalogAnswer(
            status: 413,
            problem: ProblemDetails(
                title: "Content Too Large",
                detail: "The request body is longer than the \(limit) bytes this server reads."))
    }

    /// The `Content-Type` header, if the answer has one.
    public var contentType: String? { headers[.contentType] }
}
