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
/// the client throws ``CourierError/Kind/undocumentedStatus`` with the status, headers and body
/// (``CourierError/Kind/notModified`` for a `304`, ``CourierError/Kind/preconditionFailed`` for a
/// `412`, ``CourierError/Kind/preconditionRequired`` for a `428`).
///
/// A plain `Decodable` `Failure` (not `DocumentedErrors`) is decoded for every non-2xx status.
public protocol DocumentedErrors: Error {
    /// Which statuses carry which model; the first entry that matches a status is used.
    static var documentedStatuses: [DocumentedStatus<Self>] { get }
}
