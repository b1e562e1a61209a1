/// Measures each request, attempts, redirects, bytes and timings, and reports it to an observer.
///
/// ```swift
/// let client = Client(
///     baseURL: BaseURL("api.example.com"),
///     middleware: [
///         MetricsMiddleware { metrics in
///             print(metrics.method, metrics.path, metrics.attempts, metrics.duration)
///         },
///         LoggingMiddleware(level: .info),     // other middleware after it
///     ]
/// )
/// ```
///
/// Put the metrics middleware first in the list, outermost: it then sees the request exactly as
/// the caller does, and everything middleware after it does — each retry, each credential replay,
/// each redirect hop — adds to one ``RequestMetrics``: `attempts` counts every time the request
/// reached redirect handling and the transport. Placed after (inside) a retry middleware, it
/// reports every attempt separately, each with `attempts == 1`, and the waits between attempts
/// are in no report.
///
/// The observer is called once per request, after the outcome, on the request's task, also when
/// the request failed (``RequestMetrics/errorKind``) or was cancelled
/// (``CourierError/Kind/cancelled``). The middleware never changes the outcome.
public struct MetricsMiddleware: Middleware {
    /// Receives one ``RequestMetrics`` per request.
    public let observer: any MetricsObserver

    /// Creates a metrics middleware that reports to `observer`.
    public init(observer: any MetricsObserver) {
        self.observer = observer
    }

    /// Creates a metrics middleware that calls `record` with each request's metrics.
    public init(_ record: @escaping @Sendable (RequestMetrics) -> Void) {
        self.init(observer: ClosureMetricsObserver(record))
    }

    /// Counts what happens while the rest of the chain handles `request`, then reports it.
    public func intercept(_ request: EndpointRequest, baseURL: BaseURL, next: Next) async throws
        -> RawResponse
    {
        let recorder = CallMetricsRecorder(parent: CallMetricsRecorder.current)
        do {
            let response = try await CallMetricsRecorder.$current.withValue(recorder) {
                try await next(request, baseURL)
            }
            report(request, baseURL: baseURL, recorder: recorder, status: response.status, errorKind: nil)
            return response
        } catch {
            let courierError = CourierError.transport(error)
            report(
                request, baseURL: baseURL, recorder: recorder, status: courierError.response?.status,
                errorKind: courierError.observedKind)
            throw error
        }
    }

    private func report(
        _ request: EndpointRequest, baseURL: BaseURL, recorder: CallMetricsRecorder, status: HTTPStatus?,
        errorKind: CourierError.Kind?
    ) {
        let finished = ContinuousClock.now
        let counters = recorder.snapshot
        let segments = baseURL.percentEncodedPathSegments + request.pathSegments.map(PercentEncoding.encode)
        observer.record(
            RequestMetrics(
                method: request.method, host: baseURL.host, path: "/" + segments.joined(separator: "/"),
                status: status, errorKind: errorKind, attempts: counters.attempts,
                redirects: counters.redirects, bytesSent: counters.bytesSent,
                bytesReceived: counters.bytesReceived,
                timeToFirstByte: counters.firstResponseAt.map { recorder.startedAt.duration(to: $0) },
                duration: recorder.startedAt.duration(to: finished), template: request.template
            )
        )
    }
}
