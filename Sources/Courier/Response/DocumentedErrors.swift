import Foundation

/// A `Failure` type whose models depend on the status, as OpenAPI documents per-status outputs.
///
/// ```swift
/// enum TodoError: DocumentedErrors {
///     case notFound(NotFound)
///     case invalid(ValidationErrors)
///
///     static let documentedStatuses: [DocumentedStatus<TodoError>] = [
///         .status(404, NotFound.self, TodoError.notFound),
///         .status(422, ValidationErrors.self, TodoError.invalid),
///     ]
/// }
/// ```
///
/// A status that is not listed, or whose body does not decode as its model, is undocumented:
/// the client throws ``CourierError/Kind/undocumentedStatus`` with the status, headers and body.
///
/// A plain `Decodable` `Failure` (not `DocumentedErrors`) is decoded for every non-2xx status.
public protocol DocumentedErrors: Error {
    /// Which statuses carry which model; the first entry that matches a status is used.
    static var documentedStatuses: [DocumentedStatus<Self>] { get }
}

/// One documented error response: the statuses it covers and the model its body decodes as.
public struct DocumentedStatus<Failure: Error>: Sendable {
    /// The status codes this entry covers.
    public let statuses: ClosedRange<Int>
    /// The model's type name, for documentation and OpenAPI export.
    public let modelName: String
    /// The model's type, so the OpenAPI export can describe it.
    let model: any (Decodable & Sendable).Type
    let decode: @Sendable (Data, JSONDecoder) throws -> Failure

    /// Documents that `status` carries a `model` body, wrapped into the failure by `wrap`.
    public static func status<Model: Decodable & Sendable>(
        _ status: HTTPStatus, _ model: Model.Type, _ wrap: @escaping @Sendable (Model) -> Failure
    ) -> DocumentedStatus {
        statuses(status.code...status.code, model, wrap)
    }

    /// Documents that every status in `range` (such as `500...599`) carries a `model` body.
    public static func statuses<Model: Decodable & Sendable>(
        _ range: ClosedRange<Int>, _ model: Model.Type, _ wrap: @escaping @Sendable (Model) -> Failure
    ) -> DocumentedStatus {
        DocumentedStatus(statuses: range, modelName: String(describing: model), model: model) {
            data, decoder in
            wrap(try decoder.decode(Model.self, from: data))
        }
    }
}
