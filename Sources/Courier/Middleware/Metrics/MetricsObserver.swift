/// Receives the ``RequestMetrics`` of every request a ``MetricsMiddleware`` sees.
///
/// ``record(_:)`` is called once per request, after its outcome (also for failures and
/// cancellation), synchronously on the request's task: keep it cheap and never block. Hand the
/// value to your metrics system, which usually aggregates in the background:
///
/// ```swift
/// struct LatencyObserver: MetricsObserver {
///     let histogram: Histogram       // from your metrics library
///     func record(_ metrics: RequestMetrics) {
///         histogram.record(metrics.duration, labels: ["path": metrics.path])
///     }
/// }
/// ```
public protocol MetricsObserver: Sendable {
    /// Receives one request's metrics; must return promptly.
    func record(_ metrics: RequestMetrics)
}

/// An observer that passes every request's metrics to a closure.
///
/// ```swift
/// let observer = ClosureMetricsObserver { metrics in
///     print(metrics.method, metrics.path, metrics.status ?? 0, metrics.duration)
/// }
/// ```
public struct ClosureMetricsObserver: MetricsObserver {
    private let body: @Sendable (RequestMetrics) -> Void

    /// Creates an observer that calls `body` with each request's metrics.
    public init(_ body: @escaping @Sendable (RequestMetrics) -> Void) {
        self.body = body
    }

    /// Calls the closure with `metrics`.
    public func record(_ metrics: RequestMetrics) {
        body(metrics)
    }
}
