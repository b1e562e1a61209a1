import Foundation

/// A failure a server can answer with: the documented status it is sent with and its body.
///
/// A ``DocumentedErrors`` enum says which of its models each case sends:
///
/// ```swift
/// extension TodoError: AnswerableError {
///     var answer: ErrorAnswer {
///         switch self {
///         case .notFound(let body): .status(404, body)
///         case .invalid(let body): .status(422, body)
///         }
///     }
/// }
/// ```
///
/// ``ProblemDetails`` answers with its own ``ProblemDetails/status`` (500 when it has none), and
/// `Never` never answers. ``CatalogEndpoint/answer(_:encoder:)`` refuses an answer whose status
/// the endpoint does not document, or whose body is not the model documented for its status.
public protocol AnswerableError: Error {
    /// The status and body this failure is sent with.
    var answer: ErrorAnswer { get }
}

extension ProblemDetails: AnswerableError {
    /// The problem, sent with its ``status`` (500 when it has none).
    public var answer: ErrorAnswer { .status(HTTPStatus(status ?? 500), self) }
}

extension Never: AnswerableError {
    /// Never called: there is no value of `Never`.
    public var answer: ErrorAnswer {
        switch self {}
    }
}
