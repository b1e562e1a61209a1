import Foundation

/// The status and body a server sends a failure with.
public struct ErrorAnswer: Sendable {
    /// The status.
    public let status: HTTPStatus
    /// The body's type, compared with the model the status documents.
    let model: any (Encodable & Sendable).Type
    /// The body as JSON.
    let encode: @Sendable (JSONEncoder) throws -> Data

    /// Sends `body`, as JSON, with `status` (`application/problem+json` for a ``ProblemDetails``).
    public static func status<Body: Encodable & Sendable>(_ status: HTTPStatus, _ body: Body) -> ErrorAnswer {
        ErrorAnswer(status: status, model: Body.self) { encoder in try encoder.encode(body) }
    }

    /// The media type of the body: `application/problem+json` for a ``ProblemDetails``.
    var contentType: MediaType { model == ProblemDetails.self ? .problemJSON : .json }
}
