import Foundation

/// A ``RequestModel`` both sides of a wire can use: a client sends it, a server recognises an
/// incoming request as it and gets the typed value back.
///
/// Conform a request model whose stored properties are its parameters; `Decodable` lets Courier
/// make values of it. The ``RequestModel/definition`` stays the one declaration:
///
/// ```swift
/// struct GetTodo: CatalogEndpoint, Equatable {
///     typealias Success = Todo
///     typealias Failure = APIError
///
///     var id: Int
///     var include: String?
///
///     var definition: some EndpointDefinition {
///         Method.get
///         Path("todos", id)
///         Query("include", include)
///     }
/// }
///
/// try GetTodo.shape().description                         // "GET /todos/{id}?include"
/// let parsed = try GetTodo.parse(IncomingRequest(method: .get, target: "/todos/7?include=tags"))
/// ```
///
/// Each property must appear in the request exactly as its value: a path segment, a query
/// value or a header value written from it (`String`, integers, floating point, `Bool`, `UUID`,
/// and `RawRepresentable` or `CaseIterable` enums of those), the body (`Body.json`), or one
/// piece of a `Body.multipart` form: a text field's content, or a data part's bytes (`Data`),
/// file name or content type (``MediaType``). A property that does not appear, or appears
/// twice, makes ``shape()`` throw a sentence saying so; so does a multipart form whose parts
/// depend on a value, or one with a file part (``MultipartPart/file(_:_:filename:contentType:)``),
/// which is read from disk while sending.
public protocol CatalogEndpoint: RequestModel, Decodable {}

extension CatalogEndpoint {
    /// The endpoint's shape, found by building its request from probe values.
    ///
    /// - Throws: ``CourierError`` at the ``CourierError/Stage/building`` stage, kind
    ///   ``CourierError/Kind/unparseableEndpoint``, naming the property that cannot be
    ///   recovered from a request.
    public static func shape() throws(CourierError) -> EndpointShape {
        try ShapeInference.shape(of: Self.self)
    }
}
