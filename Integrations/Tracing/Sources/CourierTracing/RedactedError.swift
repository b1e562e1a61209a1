import Courier

/// What a ``TracingMiddleware`` records as a span's error in place of the ``Courier/CourierError``:
/// its stage, kind and message, and the call's `url.full`, with every secret as `REDACTED`.
///
/// An exporter writes a recorded error's description (swift-otel exports
/// `String(describing: error)` as `exception.message`), and a ``Courier/CourierError``'s
/// describes the URL it was sent to, secret query values included. This one's does not:
///
/// ```swift
/// let recorded = span.errors.first?.error as? RedactedError
/// print(recorded?.kind ?? "none")  // cannotConnect
/// // Courier transport error (cannotConnect): Could not connect to the server. [GET https://api.example.com/todos/7?api_key=REDACTED]
/// print(recorded?.description ?? "")
/// ```
public struct RedactedError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The stage the call failed at.
    public let stage: CourierError.Stage
    /// The kind of failure, as the caller saw it (``Courier/CourierError/observedKind(for:)``).
    public let kind: CourierError.Kind
    /// The error's message, with every secret value of the request as `REDACTED`.
    public let message: String
    /// The request's method.
    public let method: HTTPMethod
    /// The span's `url.full`: the URL with every secret as `REDACTED`.
    public let url: String
    /// The status of the response the error carries, if one arrived.
    public let status: HTTPStatus?

    /// Creates a redacted error.
    ///
    /// - Parameters:
    ///   - stage: The stage the call failed at.
    ///   - kind: The kind of failure.
    ///   - message: The message, already redacted.
    ///   - method: The request's method.
    ///   - url: The URL, already redacted.
    ///   - status: The status of the response the error carries, if any.
    public init(
        stage: CourierError.Stage, kind: CourierError.Kind, message: String, method: HTTPMethod, url: String,
        status: HTTPStatus? = nil
    ) {
        self.stage = stage
        self.kind = kind
        self.message = message
        self.method = method
        self.url = url
        self.status = status
    }

    /// Redacts `error`, thrown while `request` was sent, as `url.full` shows it. (A secret a
    /// later middleware added is hidden in the message already: the end of the chain hid the
    /// secrets of the request as it was sent.)
    init(_ error: any Error, request: EndpointRequest, url: String, redaction: LogRedaction) {
        let courierError =
            error as? CourierError
            ?? CourierError(
                stage: .middleware, kind: .middlewareFailed, message: "A middleware failed: \(error).")
        self.init(
            stage: courierError.stage, kind: courierError.observedKind(for: request),
            message: redaction.redacting(courierError.message, for: request)
                .replacingOccurrences(of: "<redacted>", with: "REDACTED"),
            method: request.method, url: url, status: courierError.response?.status)
    }

    /// A one-line description like a ``Courier/CourierError``'s, with the redacted URL.
    public var description: String {
        var text = "Courier \(stage) error (\(kind)): \(message) [\(method) \(url)"
        if let status { text += " → \(status)" }
        return text + "]"
    }
}
