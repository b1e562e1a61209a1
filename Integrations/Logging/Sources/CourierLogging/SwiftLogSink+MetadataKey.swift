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
        /// `error.type`: the ``Courier/CourierError/Kind`` of the failure, for example `timedOut`,
        /// or the status of an answer of 400 or above, for example `404`.
        public static let errorType = "error.type"
        /// `courier.duration_ms`: how long the attempt took, in milliseconds.
        public static let durationMilliseconds = "courier.duration_ms"
        /// `courier.attempt`: the attempt's number within its call, when a
        /// ``Courier/MetricsMiddleware`` or a tracing middleware before the logging middleware
        /// counts them.
        public static let attempt = "courier.attempt"
        /// `courier.cache`: how a ``Courier/HTTPCacheMiddleware`` after the logging middleware
        /// answered (``Courier/CacheOutcome``), for example `hit`, or `unsatisfiable` for the `504`
        /// it makes when a cache-only call finds nothing stored.
        public static let cacheOutcome = "courier.cache"
    }
}
