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
public struct MetricsMiddleware: Middleware, LinkedMiddleware {
    /// Receives one ``RequestMetrics`` per request.
    public let observer: any MetricsObserver
    /// The last request's path, shared by copies of the middleware.
    private let paths = RequestTextMemo<String>()

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
        try await handle(request, baseURL: baseURL, next: next)
    }

    func link(to next: @escaping Next) -> Next {
        { request, baseURL throws(CourierError) in try await handle(request, baseURL: baseURL, next: next) }
    }

    /// ``intercept(_:baseURL:next:)``'s work, inlined into it and into ``link(to:)``'s closure.
    @inline(__always) private func handle(_ request: EndpointRequest, baseURL: BaseURL, next: Next)
        async throws(CourierError) -> RawResponse
    {
        let recorder = RequestMetricsRecorder(parent: RequestMetricsRecorder.current)
        observer.willSend(request, baseURL: baseURL)
        do {
            let response = try await RequestMetricsRecorder.$current.withValue(recorder) {
                try await next(request, baseURL)
            }
            report(request, baseURL: baseURL, recorder: recorder, status: response.status, errorKind: nil)
            return response
        } catch {
            // `next` throws only `CourierError`; `withValue` forgets the type.
            let courierError = CourierError.transport(error)
            report(
                request, baseURL: baseURL, recorder: recorder, status: courierError.response?.status,
                errorKind: courierError.observedKind)
            throw courierError
        }
    }

    /// Reports `request` once the rest of the chain is done with it. Never inlined, so that the
    /// instant it reads stays out of the `async` caller's frame (<doc:Performance>).
    @inline(never) private func report(
        _ request: EndpointRequest, baseURL client: BaseURL, recorder: RequestMetricsRecorder,
        status: HTTPStatus?,
        errorKind: CourierError.Kind?
    ) {
        let finished = ContinuousClock.now
        let counters = recorder.snapshot
        // The client's base is read in place; a copy of it retains and releases each of its
        // strings, atomically.
        if let target = request.absoluteTarget {
            record(
                request, client: client, resolved: target.base, counters: counters, recorder: recorder,
                finished: finished, status: status, errorKind: errorKind)
        } else {
            record(
                request, client: client, resolved: client, counters: counters, recorder: recorder,
                finished: finished, status: status, errorKind: errorKind)
        }
    }

    /// Hands the observer `request`'s metrics, with the host, scheme and port of `resolved`, the
    /// base it was resolved against: `client`, or its absolute URL's.
    @inline(__always) private func record(
        _ request: EndpointRequest, client: BaseURL, resolved: BaseURL,
        counters: RequestMetricsRecorder.Counters, recorder: RequestMetricsRecorder,
        finished: ContinuousClock.Instant, status: HTTPStatus?, errorKind: CourierError.Kind?
    ) {
        observer.record(
            RequestMetrics(
                method: request.method, host: resolved.host,
                path: paths.text(for: request, baseURL: client) { $1.percentEncodedPath(for: $0) },
                status: status, errorKind: errorKind, attempts: counters.attempts,
                redirects: counters.redirects, bytesSent: counters.bytesSent,
                bytesReceived: counters.bytesReceived,
                timeToFirstByte: counters.timeToFirstByte,
                duration: recorder.startedAt.duration(to: finished), template: request.template,
                scheme: resolved.scheme, port: resolved.effectivePort,
                urlTemplate: resolved.urlTemplate(for: request)
            )
        )
    }
}
