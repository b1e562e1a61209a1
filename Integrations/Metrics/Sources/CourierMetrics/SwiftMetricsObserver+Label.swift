extension SwiftMetricsObserver {
    /// The labels a ``SwiftMetricsObserver`` records under: the names of OpenTelemetry's HTTP
    /// client semantic conventions.
    ///
    /// ```swift
    /// let timer = try testMetrics.expectTimer(SwiftMetricsObserver.Label.requestDuration, dimensions)
    /// ```
    public enum Label {
        /// `http.client.request.duration`: a timer, from the start of a request to its outcome.
        public static let requestDuration = "http.client.request.duration"
        /// `http.client.active_requests`: a meter of the requests started and not yet ended, by
        /// method, server and `url.template`.
        public static let activeRequests = "http.client.active_requests"
        /// `http.client.request.body.size`: a recorder of the request body bytes, in all attempts.
        public static let requestBodySize = "http.client.request.body.size"
        /// `http.client.response.body.size`: a recorder of the response body bytes, decompressed.
        public static let responseBodySize = "http.client.response.body.size"
    }
}
