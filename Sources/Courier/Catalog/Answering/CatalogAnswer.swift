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

    /// The `Content-Type` header, if the answer has one.
    public var contentType: String? { headers[.contentType] }
}
