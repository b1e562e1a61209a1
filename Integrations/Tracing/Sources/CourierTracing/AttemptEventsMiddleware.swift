import Courier
import Tracing

/// Adds an event per attempt to the span of the ``TracingMiddleware`` before it.
///
/// Put it last, after the middleware that send a request again (``Courier/RetryMiddleware``,
/// ``Courier/AuthenticationMiddleware``), so that it sees every attempt:
///
/// ```swift
/// let client = Client(
///     baseURL: BaseURL("api.example.com"),
///     middleware: [TracingMiddleware(), RetryMiddleware(), AttemptEventsMiddleware()]
/// )
/// ```
///
/// Each attempt adds a `courier.attempt` event when its outcome is known, with the attributes
/// `courier.attempt` (1, 2, …), and `http.response.status_code` or `error.type` (the
/// ``Courier/CourierError/observedKind(for:)``, as on the span: `timedOut` for an attempt the call's
/// timeout cut short). Without a ``TracingMiddleware`` before it, it passes requests on and does
/// nothing else.
public struct AttemptEventsMiddleware: Middleware {
    /// The name of the event each attempt adds.
    public static let eventName = "courier.attempt"

    /// Creates the middleware.
    public init() {}

    /// Passes the request on, then adds the attempt's event to the call's span.
    public func intercept(_ request: EndpointRequest, baseURL: BaseURL, next: Next) async throws
        -> RawResponse
    {
        guard let call = CallSpan.current else { return try await next(request, baseURL) }
        let attempt = call.nextAttempt()
        var attributes = SpanAttributes()
        attributes[Self.eventName] = attempt
        do {
            let response = try await next(request, baseURL)
            attributes["http.response.status_code"] = response.status.code
            call.span.addEvent(SpanEvent(name: Self.eventName, attributes: attributes))
            return response
        } catch {
            if let status = error.response?.status { attributes["http.response.status_code"] = status.code }
            attributes["error.type"] = error.observedKind(for: request).name
            call.span.addEvent(SpanEvent(name: Self.eventName, attributes: attributes))
            throw error
        }
    }
}
