import Foundation

/// The status and body a server sends a failure with.
public struct ErrorAnswer: Sendable {
    /// The status.
    public let status: HTTPStatus
    /// The body's type, compared with the model the status documents.
    let model: any (Encodable & Sendable).Type
    /// The body, as a client decodes it.
    let encode: @Sendable (JSONEncoder) throws -> Data

    /// Sends `body` with `status`, as a client decodes it: a `String` as UTF-8 text, `Data` as its
    /// bytes, ``Empty`` as no body, anything else as JSON (`application/problem+json` for a
    /// ``ProblemDetails``).
    public static func status<Body: Encodable & Sendable>(_ status: HTTPStatus, _ body: Body) -> ErrorAnswer {
        ErrorAnswer(status: status, model: Body.self) { encoder in
            switch body {
            case let text as String: Data(text.utf8)
            case let bytes as Data: bytes
            case is Empty: Data()
            default: try encoder.encode(body)
            }
        }
    }

    /// The media type of the body, or `nil` for ``Empty``, which has none.
    var contentType: MediaType? {
        switch model {
        case is Empty.Type: nil
        case is String.Type: .plainText
        case is Data.Type: .octetStream
        case is ProblemDetails.Type: .problemJSON
        default: .json
        }
    }
}
