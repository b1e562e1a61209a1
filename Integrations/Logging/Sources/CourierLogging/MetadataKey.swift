import Courier
import Logging

extension SwiftLogSink {
    /// The metadata keys a ``SwiftLogSink`` writes, named after OpenTelemetry's attributes where
    /// one exists.
    ///
    /// ```swift
    /// handler.entries.last?.metadata[SwiftLogSink.MetadataKey.statusCode]  // "200"
    /// ```
    public enum MetadataKey {
        /// `http.request.method`: the method, for example `GET`.
        public static let method = "http.request.method"
        /// `url.full`: the absolute URL, with hidden query values as `<redacted>`.
        public static let url = "url.full"
        /// `courier.template`: the endpoint's template, for example `GET /todos/{id}`, for a
        /// ``Courier/CatalogEndpoint``.
        public static let template = "courier.template"
        /// `http.response.status_code`: the response's status, when one arrived.
        public static let statusCode = "http.response.status_code"
        /// `error.type`: the ``Courier/CourierError/Kind`` of the failure, for example `timedOut`.
        public static let errorType = "error.type"
        /// `courier.duration_ms`: how long the attempt took, in milliseconds.
        public static let durationMilliseconds = "courier.duration_ms"
        /// `courier.attempt`: the attempt's number within its call, when a
        /// ``Courier/MetricsMiddleware`` before the logging middleware counts them.
        public static let attempt = "courier.attempt"
    }
}

extension Logger.Metadata {
    /// The entry's metadata under the keys of ``SwiftLogSink/MetadataKey``; absent values are left out.
    init(_ metadata: LogEntry.Metadata) {
        self.init()
        let keys = SwiftLogSink.MetadataKey.self
        self[keys.method] = .string(metadata.method.description)
        self[keys.url] = .string(metadata.url)
        if let template = metadata.template { self[keys.template] = .string(template) }
        if let status = metadata.status { self[keys.statusCode] = .stringConvertible(status.code) }
        if let kind = metadata.errorKind { self[keys.errorType] = .string(kind.name) }
        if let duration = metadata.duration {
            self[keys.durationMilliseconds] = .stringConvertible(Self.milliseconds(duration))
        }
        if let attempt = metadata.attempt { self[keys.attempt] = .stringConvertible(attempt) }
    }

    /// A duration in milliseconds, to the microsecond: 12.345.
    private static func milliseconds(_ duration: Duration) -> Double {
        let (seconds, attoseconds) = duration.components
        let microseconds = seconds * 1_000_000 + attoseconds / 1_000_000_000_000
        return Double(microseconds) / 1_000
    }
}
