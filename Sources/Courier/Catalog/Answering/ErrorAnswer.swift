import Foundation

/// The status and body a server sends a failure with.
public struct ErrorAnswer: Sendable {
    /// The status.
    public let status: HTTPStatus
    /// The body's type, compared with the model the status documents.
    let model: any (Encodable & Sendable).Type
    /// The body, as a client decodes it, and its media type; `nil` for no body.
    let encode: @Sendable (JSONEncoder) throws -> (data: Data, mediaType: MediaType)?

    /// Sends `body` with `status`, as a client decodes it: a `String` as UTF-8 text, `Data` as its
    /// bytes, ``Empty`` as no body, anything else as JSON (`application/problem+json` for a
    /// ``ProblemDetails``).
    public static func status<Body: Encodable & Sendable>(_ status: HTTPStatus, _ body: Body) -> ErrorAnswer {
        ErrorAnswer(status: status, model: Body.self) { encoder in
            try ModelBody.encode(body, encoder: encoder)
        }
    }
}
