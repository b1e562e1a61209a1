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
