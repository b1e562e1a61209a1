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
///
/// An observer that keeps a gauge of requests in flight also implements ``willSend(_:baseURL:)``,
/// which is called once per request before it starts; every such call is followed by exactly one
/// ``record(_:)`` of the same request.
public protocol MetricsObserver: Sendable {
    /// Receives one request's metrics; must return promptly.
    func record(_ metrics: RequestMetrics)

    /// Called when `request` starts, before any attempt reaches the transport; must return
    /// promptly. Does nothing unless an observer implements it.
    ///
    /// - Parameters:
    ///   - request: The request as the ``MetricsMiddleware`` received it.
    ///   - baseURL: The base URL it is sent to.
    func willSend(_ request: EndpointRequest, baseURL: BaseURL)
}

extension MetricsObserver {
    /// Does nothing: observers that count requests in flight implement it.
    public func willSend(_ request: EndpointRequest, baseURL: BaseURL) {}
}
