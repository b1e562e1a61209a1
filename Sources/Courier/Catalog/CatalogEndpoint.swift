import Foundation

/// A ``RequestModel`` both sides of a wire can use: a client sends it, a server recognises an
/// incoming request as it and gets the typed value back.
///
/// Each stored property must appear in the request exactly once, as its own value; ``shape()``
/// throws a sentence naming a property that does not.
///
/// ```swift
/// struct GetTodo: CatalogEndpoint {
///     typealias Success = Todo
///     typealias Failure = APIError
///     var id: Int
///
///     var definition: some EndpointDefinition {
///         Method.get
///         Path("todos", id)
///     }
/// }
///
/// let parsed = try GetTodo.parse(IncomingRequest(method: .get, target: "/todos/7"))   // id 7
/// ```
///
/// Which values a property may hold, and what cannot be read back: <doc:SharingACatalog>.
public protocol CatalogEndpoint: RequestModel, Decodable {
    /// The failure statuses this endpoint answers with, each one its `Failure` documents; `nil`
    /// (the default) for all of them.
    ///
    /// ```swift
    /// static let failureStatuses: [HTTPStatus]? = [.unauthorized, .notFound]
    /// ```
    ///
    /// Its OpenAPI operation lists only these, and ``answer(_:encoder:)`` refuses any other.
    /// A ``Catalog`` refuses a status the `Failure` does not document.
    static var failureStatuses: [HTTPStatus]? { get }

    /// What the catalog's OpenAPI document says of this endpoint beyond its shape: a summary, a
    /// description, tags and whether it is deprecated; none by default.
    ///
    /// ```swift
    /// static let documentation = EndpointDocumentation(summary: "Lists the todos", tags: ["Todos"])
    /// ```
    static var documentation: EndpointDocumentation { get }
}

extension CatalogEndpoint {
    /// Every status the `Failure` documents.
    public static var failureStatuses: [HTTPStatus]? { nil }

    /// No summary, description or tags, and not deprecated.
    public static var documentation: EndpointDocumentation { EndpointDocumentation() }
}

extension CatalogEndpoint {
    /// The endpoint's shape, found by building its request from probe values.
    ///
    /// Each parameter is also probed left out, as an empty array, as an array of `""` and with
    /// reserved characters, and each of those requests must parse back into a value that prints
    /// it again, distinct from the others.
    ///
    /// - Throws: ``CourierError`` at the ``CourierError/Stage/building`` stage, kind
    ///   ``CourierError/Kind/unparseableEndpoint``, naming the property that cannot be
    ///   recovered from a request.
    public static func shape() throws(CourierError) -> EndpointShape {
        try ShapeInference.shape(of: Self.self)
    }
}
