/// Measures each request, attempts, redirects, bytes and timings, and reports it to an observer.
///
/// Put it first in the middleware list, outermost, so that every retry, credential replay and
/// redirect hop of a request adds to one ``RequestMetrics``.
///
/// ```swift
/// let client = Client(
///     baseURL: BaseURL("api.example.com"),
///     middleware: [
///         MetricsMiddleware { metrics in
///             print(metrics.method, metrics.path, metrics.attempts, metrics.duration)
///         },
///         RetryMiddleware(),     // other middleware after it
///     ]
/// )
/// ```
///
/// What is counted, and when the observer is called: <doc:UsingMiddleware#Measure-requests>.
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

    /// Tells the observer that `request` starts, counts what happens while the rest of the chain
    /// handles it, then reports it.
    public func intercept(_ request: EndpointRequest, baseURL: BaseURL, next: Next) async throws
        -> RawResponse
    {
        let recorder = RequestMetricsRecorder()
        var observed = request
        observed.context = observed.context.adding(recorder)
        observer.willSend(request, baseURL: baseURL)
        do throws(CourierError) {
            let response = try await next(observed, baseURL)
            report(request, baseURL: baseURL, recorder: recorder, outcome: Outcome(response), errorKind: nil)
            return response
        } catch {
            report(
                request, baseURL: baseURL, recorder: recorder, outcome: error.response.map(Outcome.init),
                errorKind: error.observedKind(for: request))
            throw error
        }
    }

    /// What the metrics take of the response a call ended with.
    private struct Outcome {
        let status: HTTPStatus
        let cacheOutcome: CacheOutcome?
        let httpVersion: HTTPVersion?
        /// The body's bytes; `nil` for a streamed body, still arriving.
        let bodySize: Int64?

        init(_ response: RawResponse) {
            status = response.status
            cacheOutcome = response.cacheOutcome
            httpVersion = response.httpVersion
            bodySize = response.bodyStream == nil ? response.bodyLength : nil
        }
    }

    /// Hands the observer `request`'s metrics, with the host, scheme and port of the base it was
    /// resolved against: `client`'s, or its absolute URL's.
    private func report(
        _ request: EndpointRequest, baseURL client: BaseURL, recorder: RequestMetricsRecorder,
        outcome: Outcome?, errorKind: CourierError.Kind?
    ) {
        let duration = recorder.startedAt.duration(to: .now)
        let counters = recorder.snapshot
        let resolved = client.resolvingBase(for: request)
        observer.record(
            RequestMetrics(
                method: request.method, host: resolved.host,
                path: request.hidingPathSecrets { client.percentEncodedPath(for: $0) },
                status: outcome?.status, errorKind: errorKind, attempts: counters.attempts,
                redirects: counters.redirects, bytesSent: counters.bytesSent,
                bytesReceived: counters.bytesReceived, timeToFirstByte: counters.timeToFirstByte,
                duration: duration, template: request.template, scheme: resolved.scheme,
                port: resolved.effectivePort, urlTemplate: resolved.urlTemplate(for: request),
                cacheOutcome: errorKind == nil ? outcome?.cacheOutcome : nil,
                requestBodySize: counters.attempts > 0 ? counters.hopBytesSent : nil,
                responseBodySize: outcome?.bodySize, httpVersion: outcome?.httpVersion
            )
        )
    }
}
