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
/// - `http.client.active_requests`: a meter, up by one when a request starts and down when it ends
///   (exported as a gauge by swift-otel, which has no up-down counter for swift-metrics);
/// - `http.client.request.body.size` and `http.client.response.body.size`: recorders (histograms)
///   of the body bytes of the last request sent and of the final response (one body however
///   often it was sent), the response's after decompression.
///
/// Every value has the dimensions `http.request.method` (`_OTHER` for a method not in
/// ``knownMethods``), `server.address`, `server.port` and `url.scheme` of the server the
/// request reaches (an absolute URL's own), and `url.template` for a ``Courier/CatalogEndpoint``
/// (its path template, never a URL, whose cardinality is unbounded); the duration and sizes also
/// have `network.protocol.version` when the transport reports it (`1.1`, `2`),
/// `http.response.status_code` when a response arrived and
/// `error.type` when the request failed (the ``Courier/CourierError/Kind``, or the status for an
/// answer of 400 or above).
public struct SwiftMetricsObserver: MetricsObserver {
    /// The factory the values are recorded with; `nil` uses `MetricsSystem.factory` at the time of
    /// each request.
    public let factory: (any MetricsFactory)?
    /// The methods `http.request.method` names; any other is `_OTHER`, so that a client sending
    /// arbitrary methods cannot grow the number of series.
    public let knownMethods: Set<String>

    /// The methods OpenTelemetry's conventions know by default: RFC 9110's, `PATCH` and `QUERY`.
    public static let conventionalKnownMethods: Set<String> = [
        "CONNECT", "DELETE", "GET", "HEAD", "OPTIONS", "PATCH", "POST", "PUT", "QUERY", "TRACE",
    ]

    /// Creates an observer.
    ///
    /// - Parameters:
    ///   - factory: The factory the values are recorded with; the one bootstrapped in
    ///     `MetricsSystem` by default.
    ///   - knownMethods: The methods `http.request.method` names, case-sensitive: the whole list,
    ///     not an addition to ``conventionalKnownMethods`` (the conventions'
    ///     `OTEL_INSTRUMENTATION_HTTP_KNOWN_METHODS`).
    public init(factory: (any MetricsFactory)? = nil, knownMethods: Set<String> = conventionalKnownMethods) {
        self.factory = factory
        self.knownMethods = knownMethods
    }

    /// Adds the request to `http.client.active_requests`, under the server it reaches and its
    /// `url.template`.
    public func willSend(_ request: EndpointRequest, baseURL: BaseURL) {
        let reached = baseURL.resolvingBase(for: request)
        let server = ServerDimensions(
            method: request.method, scheme: reached.scheme, host: reached.host, port: reached.effectivePort,
            knownMethods: knownMethods)
        Meter(
            label: Label.activeRequests,
            dimensions: server.inFlightDimensions(urlTemplate: reached.urlTemplate(for: request)),
            factory: resolvedFactory
        )
        .increment()
    }

    /// Records the request's duration and body sizes, and removes it from
    /// `http.client.active_requests`.
    public func record(_ metrics: RequestMetrics) {
        let factory = resolvedFactory
        let server = ServerDimensions(
            method: metrics.method, scheme: metrics.scheme, host: metrics.host, port: metrics.port,
            knownMethods: knownMethods)
        Meter(
            label: Label.activeRequests,
            dimensions: server.inFlightDimensions(urlTemplate: metrics.urlTemplate),
            factory: factory
        )
        .decrement()

        var dimensions = server.dimensions
        if let version = metrics.httpVersion {
            let name = version.major >= 2 ? "\(version.major)" : "\(version.major).\(version.minor)"
            dimensions.append(("network.protocol.version", name))
        }
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
        if let size = metrics.requestBodySize {
            Recorder(label: Label.requestBodySize, dimensions: dimensions, aggregate: true, factory: factory)
                .record(size)
        }
        if let size = metrics.responseBodySize {
            Recorder(label: Label.responseBodySize, dimensions: dimensions, aggregate: true, factory: factory)
                .record(size)
        }
    }

    private var resolvedFactory: any MetricsFactory {
        factory ?? MetricsSystem.factory
    }
}
