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
/// Each model decodes as a success body of its type does: a `String` as text in the charset the
/// `Content-Type` names, `Data` as the bytes, ``Empty`` as no content, anything else as JSON. So a
/// plain-text or HTML error page (a proxy's `502`) can be documented as `String` or `Data`.
///
/// A plain `Decodable` `Failure` (not `DocumentedErrors`) is decoded for every non-2xx status.
public protocol DocumentedErrors: Error {
    /// Which statuses carry which model; the first entry that matches a status is used.
    static var documentedStatuses: [DocumentedStatus<Self>] { get }
}
