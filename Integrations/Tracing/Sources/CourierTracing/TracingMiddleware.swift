import Courier
import Foundation
import Tracing

/// Traces each call as a client span, and sends the span's context along with the request.
///
/// Put it first in the middleware list: one span then covers the call, its retries, credential
/// replays and redirects, and the context it injects (W3C `traceparent` and `tracestate` with
/// swift-otel) reaches the server on every attempt, so the server's span is the client span's child:
///
/// ```swift
/// let client = Client(
///     baseURL: BaseURL("api.example.com"),
///     middleware: [TracingMiddleware(), RetryMiddleware(), AttemptEventsMiddleware()]
/// )
/// ```
///
/// The span is named `GET /todos/{id}` for a ``Courier/CatalogEndpoint`` (its method and path
/// template), else just the method, and carries OpenTelemetry's HTTP client attributes:
/// `http.request.method`, `url.full` (with every secret as `REDACTED`), `server.address`,
/// `server.port`, `url.scheme` (of the server the request reaches: an absolute URL's own),
/// `url.template`, then `http.response.status_code`, `network.protocol.version`,
/// `http.request.resend_count`, the body sizes (of the last request sent and the final response;
/// the response's after decompression) and, for a failure or an answer of 400 or above,
/// `error.type` (the ``Courier/CourierError/observedKind(for:)``, or the status) and an error
/// status. A failure is also recorded as the span's error, as a ``RedactedError``. The span ends
/// when the response, body included, has arrived, or the call has failed.
public struct TracingMiddleware: Middleware {
    /// The tracer spans are started with and whose instrument injects the context; `nil` uses
    /// `InstrumentationSystem.tracer` at the time of each call.
    public let tracer: (any Tracer)?
    /// Which query values `url.full` hides, in addition to those always hidden.
    public let redaction: LogRedaction
    /// Whether the middleware injects the span's context into the request's headers; `false`
    /// leaves it to a transport that injects the current context itself.
    public let injectsContext: Bool
    /// The methods `http.request.method` names; any other is `_OTHER`, with the method in
    /// `http.request.method_original`.
    public let knownMethods: Set<String>

    /// The methods OpenTelemetry's conventions know by default: RFC 9110's, `PATCH` and `QUERY`.
    public static let conventionalKnownMethods: Set<String> = [
        "CONNECT", "DELETE", "GET", "HEAD", "OPTIONS", "PATCH", "POST", "PUT", "QUERY", "TRACE",
    ]

    /// Query parameters whose values OpenTelemetry's conventions hide in `url.full` by default.
    public static let conventionalSecretQueryItems: Set<String> = [
        "AWSAccessKeyId", "Signature", "sig", "X-Goog-Signature",
    ]

    /// Creates a tracing middleware.
    ///
    /// - Parameters:
    ///   - tracer: The tracer; the one bootstrapped in `InstrumentationSystem` by default.
    ///   - redaction: More query parameters whose values `url.full` hides; Courier's always hidden
    ///     ones (`password`, `token`, …) and ``conventionalSecretQueryItems`` are hidden anyway.
    ///   - injectsContext: Whether to inject the span's context into the request's headers; pass
    ///     `false` over a transport that injects the current context itself, such as
    ///     `AsyncHTTPClientTransport` on an `HTTPClient` whose tracing is on (its default once a
    ///     tracer is bootstrapped), which adds a client span of its own per request it sends
    ///     under the call's span: the headers would otherwise carry two contexts.
    ///   - knownMethods: The methods `http.request.method` names, case-sensitive: the whole list,
    ///     not an addition to ``conventionalKnownMethods`` (the conventions'
    ///     `OTEL_INSTRUMENTATION_HTTP_KNOWN_METHODS`).
    public init(
        tracer: (any Tracer)? = nil, redaction: LogRedaction = LogRedaction(), injectsContext: Bool = true,
        knownMethods: Set<String> = conventionalKnownMethods
    ) {
        self.tracer = tracer
        self.injectsContext = injectsContext
        self.knownMethods = knownMethods
        var redaction = redaction
        redaction.queryItems.formUnion(Self.conventionalSecretQueryItems)
        self.redaction = redaction
    }

    /// Starts the call's span, injects its context into the request's headers, passes the request
    /// on within the span's context and ends the span with the outcome.
    public func intercept(_ request: EndpointRequest, baseURL: BaseURL, next: @escaping Next) async throws
        -> RawResponse
    {
        let tracer = self.tracer ?? InstrumentationSystem.tracer
        let attributes = RequestAttributes(
            request: request, baseURL: baseURL, redaction: redaction, knownMethods: knownMethods)
        let span = tracer.startSpan(
            attributes.spanName, context: ServiceContext.current ?? .topLevel, ofKind: .client)
        span.updateAttributes { attributes.add(to: &$0) }

        var traced = request
        if injectsContext {
            var carrier = InjectedHeaders()
            tracer.inject(span.context, into: &carrier, using: HeaderInjector())
            traced = carrier.applied(to: request)
        }

        let call = CallSpan(span: span)
        // A metrics middleware of its own counts the call's attempts, redirects and bytes.
        let measuring = MetricsMiddleware { metrics in call.record(metrics) }
        do {
            let response = try await ServiceContext.withValue(span.context) {
                try await CallSpan.$current.withValue(call) {
                    try await measuring.intercept(traced, baseURL: baseURL, next: next)
                }
            }
            span.end()
            return response
        } catch {
            // The raw error describes the URL with its secrets: record it redacted.
            let redacted = RedactedError(error, request: request, url: attributes.url, redaction: redaction)
            span.recordError(redacted)
            span.setStatus(SpanStatus(code: .error, message: redacted.message))
            span.end()
            throw error
        }
    }
}
