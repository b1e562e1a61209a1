import CoreMetrics
import Courier

/// A ``Courier/MetricsObserver`` that records every request through swift-metrics, as
/// OpenTelemetry's HTTP client semantic conventions name the values.
///
/// Put a ``Courier/MetricsMiddleware`` with it first in the middleware list, so that one request
/// with its retries and redirects is measured once:
///
/// ```swift
/// let client = Client(
///     baseURL: BaseURL("api.example.com"),
///     middleware: [MetricsMiddleware(observer: SwiftMetricsObserver()), RetryMiddleware()]
/// )
/// ```
///
/// It records, under the labels of ``Label``:
/// - `http.client.request.duration`: a timer (a histogram in seconds, in backends such as swift-otel
///   and swift-prometheus), from the start of the request to its outcome;
/// - `http.client.active_requests`: a meter, up by one when a request starts and down when it ends;
/// - `http.client.request.body.size` and `http.client.response.body.size`: recorders (histograms)
///   of the body bytes sent and received, over all attempts and redirects, the response's after
///   decompression.
///
/// Every value has the dimensions `http.request.method` (`_OTHER` for a method the conventions do
/// not name), `server.address`, `server.port` and `url.scheme`; the duration and sizes also have
/// `url.template` for a ``Courier/CatalogEndpoint`` (its path template, never a URL, whose
/// cardinality is unbounded), `http.response.status_code` when a response arrived and
/// `error.type` when the request failed (the ``Courier/CourierError/Kind``, or the status for an
/// answer of 400 or above).
public struct SwiftMetricsObserver: MetricsObserver {
    /// The factory the values are recorded with; `nil` uses `MetricsSystem.factory` at the time of
    /// each request.
    public let factory: (any MetricsFactory)?

    /// Creates an observer.
    ///
    /// - Parameter factory: The factory the values are recorded with; the one bootstrapped in
    ///   `MetricsSystem` by default.
    public init(factory: (any MetricsFactory)? = nil) {
        self.factory = factory
    }

    /// Adds the request to `http.client.active_requests`.
    public func willSend(_ request: EndpointRequest, baseURL: BaseURL) {
        let server = ServerDimensions(
            method: request.method, scheme: baseURL.scheme, host: baseURL.host, port: baseURL.effectivePort)
        Meter(label: Label.activeRequests, dimensions: server.dimensions, factory: resolvedFactory)
            .increment()
    }

    /// Records the request's duration and body sizes, and removes it from
    /// `http.client.active_requests`.
    public func record(_ metrics: RequestMetrics) {
        let factory = resolvedFactory
        let server = ServerDimensions(
            method: metrics.method, scheme: metrics.scheme, host: metrics.host, port: metrics.port)
        Meter(label: Label.activeRequests, dimensions: server.dimensions, factory: factory).decrement()

        var dimensions = server.dimensions
        if let template = metrics.urlTemplate { dimensions.append(("url.template", template)) }
        if let status = metrics.status {
            dimensions.append(("http.response.status_code", String(status.code)))
        }
        if let kind = metrics.errorKind {
            dimensions.append(("error.type", kind.name))
        } else if let status = metrics.status, status.code >= 400 {
            dimensions.append(("error.type", String(status.code)))
        }
        let (seconds, attoseconds) = metrics.duration.components
        Timer(
            label: Label.requestDuration, dimensions: dimensions, preferredDisplayUnit: .seconds,
            factory: factory
        )
        .recordNanoseconds(seconds * 1_000_000_000 + attoseconds / 1_000_000_000)
        Recorder(label: Label.requestBodySize, dimensions: dimensions, aggregate: true, factory: factory)
            .record(metrics.bytesSent)
        Recorder(label: Label.responseBodySize, dimensions: dimensions, aggregate: true, factory: factory)
            .record(metrics.bytesReceived)
    }

    private var resolvedFactory: any MetricsFactory {
        factory ?? MetricsSystem.factory
    }
}
