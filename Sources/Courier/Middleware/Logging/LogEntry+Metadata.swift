extension LogEntry {
    /// The request an entry is about, as separate values for structured logging.
    ///
    /// A ``LoggingMiddleware`` attaches one to every entry, so that a sink writing to a structured
    /// logger (swift-log's metadata, JSON lines) need not parse the message. The URL is redacted
    /// exactly as in the message:
    ///
    /// ```swift
    /// let sink = ClosureLogSink { entry in
    ///     guard let metadata = entry.metadata else { return }
    ///     print(metadata.method, metadata.template ?? metadata.url, metadata.status ?? 0)
    /// }
    /// ```
    public struct Metadata: Sendable, Hashable {
        /// The request's method.
        public var method: HTTPMethod
        /// The absolute URL, with the values of hidden query parameters as `<redacted>`.
        public var url: String
        /// The endpoint's template, such as `GET /todos/{id}`, for a ``CatalogEndpoint``; fixed
        /// query values are hidden like the URL's (`GET /items?api_key=<redacted>`).
        public var template: String?
        /// The response's status, when one arrived.
        public var status: HTTPStatus?
        /// The kind of the error the attempt failed with, when it failed.
        public var errorKind: CourierError.Kind?
        /// From the moment the middleware passed the request on until its outcome; `nil` in the
        /// entry written as the request leaves.
        public var duration: Duration?
        /// The attempt's number within its call (1 for the first, 2 for the first retry), when a
        /// ``MetricsMiddleware`` placed before the logging middleware counts the call's attempts
        /// (a tracing middleware that measures its call with one counts them too).
        public var attempt: Int?
        /// How an ``HTTPCacheMiddleware`` after the logging middleware answered, when one did.
        public var cacheOutcome: CacheOutcome?

        /// Creates metadata.
        ///
        /// - Parameters:
        ///   - method: The request's method.
        ///   - url: The redacted absolute URL.
        ///   - template: The endpoint's template, if any.
        ///   - status: The response's status, if one arrived.
        ///   - errorKind: The kind of the error, if the attempt failed.
        ///   - duration: How long the attempt took, once it is over.
        ///   - attempt: The attempt's number within its call, if counted.
        ///   - cacheOutcome: How an ``HTTPCacheMiddleware`` answered, if one did.
        public init(
            method: HTTPMethod, url: String, template: String? = nil, status: HTTPStatus? = nil,
            errorKind: CourierError.Kind? = nil, duration: Duration? = nil, attempt: Int? = nil,
            cacheOutcome: CacheOutcome? = nil
        ) {
            self.cacheOutcome = cacheOutcome
            self.method = method
            self.url = url
            self.template = template
            self.status = status
            self.errorKind = errorKind
            self.duration = duration
            self.attempt = attempt
        }
    }
}
