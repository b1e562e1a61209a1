import Courier

/// The error model of the todo API: which status carries which body.
///
/// The client decodes a documented status into a case of this enum (`.failure(.notFound(…))`);
/// the server answers with the same models, so the two cannot drift apart.
public enum TodoError: DocumentedErrors, AnswerableError, Equatable {
    /// 404: the todo does not exist.
    case notFound(NotFound)
    /// 422: the request was understood, but a field is invalid.
    case invalid(ValidationErrors)
    /// 401: the credentials or the bearer token are wrong.
    case unauthorized(Unauthorized)
    /// 502: the upstream server of ``ImportTodo`` failed or could not be reached.
    case upstreamFailed(UpstreamFailure)

    /// 404 → ``NotFound``, 422 → ``ValidationErrors``, 401 → ``Unauthorized``,
    /// 502 → ``UpstreamFailure``.
    public static let documentedStatuses: [DocumentedStatus<TodoError>] = [
        .status(404, NotFound.self, TodoError.notFound),
        .status(422, ValidationErrors.self, TodoError.invalid),
        .status(401, Unauthorized.self, TodoError.unauthorized),
        .status(502, UpstreamFailure.self, TodoError.upstreamFailed),
    ]

    /// The status and body a server sends each case with, the other way round from
    /// ``documentedStatuses``.
    public var answer: ErrorAnswer {
        switch self {
        case .notFound(let body): .status(.notFound, body)
        case .invalid(let body): .status(.unprocessableContent, body)
        case .unauthorized(let body): .status(.unauthorized, body)
        case .upstreamFailed(let body): .status(502, body)
        }
    }
}

/// The body of a 404: what was not found.
public struct NotFound: Codable, Sendable, Hashable, Error {
    /// A sentence for people, such as `No todo has the id 99.`
    public var message: String

    /// Creates a body.
    public init(message: String) {
        self.message = message
    }
}

/// The body of a 422: every field that is invalid, and why.
public struct ValidationErrors: Codable, Sendable, Hashable, Error {
    /// One invalid field.
    public struct FieldError: Codable, Sendable, Hashable {
        /// The field's JSON name, such as `title`.
        public var field: String
        /// Why it is invalid.
        public var message: String

        /// Creates a field error.
        public init(field: String, message: String) {
            self.field = field
            self.message = message
        }
    }

    /// The invalid fields.
    public var errors: [FieldError]

    /// Creates a body.
    public init(errors: [FieldError]) {
        self.errors = errors
    }
}

/// The body of a 401.
public struct Unauthorized: Codable, Sendable, Hashable, Error {
    /// Why the request is not authorised.
    public var message: String

    /// Creates a body.
    public init(message: String) {
        self.message = message
    }
}

/// The body of a 502: what went wrong with the upstream server, without its address or token.
public struct UpstreamFailure: Codable, Sendable, Hashable, Error {
    /// A sentence for people, such as `The upstream could not be reached (cannotConnect).`
    public var message: String

    /// Creates a body.
    public init(message: String) {
        self.message = message
    }
}
