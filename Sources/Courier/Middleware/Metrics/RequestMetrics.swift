/// What one request cost: attempts, redirects, bytes, timings and its outcome.
///
/// A ``MetricsMiddleware`` delivers one to its ``MetricsObserver`` when a request's outcome is
/// known. You rarely create one yourself, except to test an observer:
///
/// ```swift
/// let metrics = RequestMetrics(
///     method: .get, host: "api.example.com", path: "/users", status: .ok, errorKind: nil,
///     attempts: 1, redirects: 0, bytesSent: 0, bytesReceived: 512,
///     timeToFirstByte: .milliseconds(30), duration: .milliseconds(34)
/// )
/// ```
public struct RequestMetrics: Sendable, Hashable {
    /// The request's method.
    public let method: HTTPMethod
    /// The host the request was sent to (redirects may have gone elsewhere).
    public let host: String
    /// The scheme of the base URL the request was sent to, `"https"` or `"http"`.
    public let scheme: String
    /// The port the request was sent to: the base URL's, or the scheme's default (443 or 80).
    public let port: Int
    /// The URL path, percent-encoded, without the query (which may carry secrets), its secret
    /// values (``PathLiteral``) as `<redacted>`.
    public let path: String
    /// The final response's status, also when the error carries a response; `nil` when no response arrived.
    public let status: HTTPStatus?
    /// The kind of the error the request failed with below the middleware (a later middleware or
    /// the transport threw it), or `nil` when a response came back.
    ///
    /// Cancellation is ``CourierError/Kind/cancelled``; a request stopped by its timeout is
    /// ``CourierError/Kind/timedOut``. A response is reported by its ``status`` even when the
    /// caller gets it as an error, which is decided after the middleware chain: a `412` as
    /// ``CourierError/Kind/preconditionFailed``, a status the endpoint does not document.
    public let errorKind: CourierError.Kind?
    /// How often the request reached redirect handling and the transport: 1, plus one per retry
    /// or credential replay by middleware after the metrics middleware.
    public let attempts: Int
    /// Redirects followed, over all attempts.
    public let redirects: Int
    /// Request body bytes handed to the transport, over all attempts and redirects.
    ///
    /// A streamed body (``RequestBody/stream``) counts the chunks the transport took. The metrics
    /// of a call that streams its response are reported when the response head arrives, so a
    /// streamed body still going out then counts only the chunks taken so far.
    public let bytesSent: Int64
    /// Response body bytes delivered, after decompression, over all attempts and redirects.
    public let bytesReceived: Int64
    /// The body bytes of the last request handed to the transport: one body, however often it
    /// was sent (OpenTelemetry's `http.request.body.size`); 0 for a request without one, such as
    /// the `GET` a `303` makes. `nil` when no request reached the transport: a cache answered, or
    /// the call shared another's (``DeduplicationMiddleware``).
    public let requestBodySize: Int64?
    /// The body bytes of the response the call ended with, after decompression: the final one,
    /// not a redirect's, and a stored one for a cache's answer (OpenTelemetry's
    /// `http.response.body.size`). `nil` when no response arrived, and for a streamed response,
    /// whose metrics are reported when its head arrives.
    public let responseBodySize: Int64?
    /// The HTTP version the final response came over, as the transport reports it; `nil` when no
    /// response arrived or the transport does not say.
    public let httpVersion: HTTPVersion?
    /// From the start of the request until the first response's headers arrived; `nil` when no
    /// response arrived.
    public let timeToFirstByte: Duration?
    /// From the start of the request until its outcome.
    public let duration: Duration
    /// The endpoint's template, such as `GET /todos/{id}`, for a ``CatalogEndpoint``: group
    /// metrics by it rather than by ``path``, which carries the parameters' values.
    public let template: String?
    /// The absolute path template, such as `/v1/todos/{id}`: the base URL's path, then the
    /// template's, as ``BaseURL/urlTemplate(for:)`` makes it; `nil` without a template, and for
    /// a request sent to a per-call absolute URL, whose path no template describes.
    public let urlTemplate: String?
    /// How an ``HTTPCacheMiddleware`` after the metrics middleware answered: ``CacheOutcome/hit``
    /// when no I/O happened; `nil` without such a middleware.
    public let cacheOutcome: CacheOutcome?

    /// Creates metrics.
    ///
    /// - Parameters:
    ///   - method: The request's method.
    ///   - host: The host the request was sent to.
    ///   - path: The URL path, percent-encoded, without the query.
    ///   - status: The final response's status, if a response arrived.
    ///   - errorKind: The kind of the error the request failed with, if it failed.
    ///   - attempts: How often the request reached redirect handling and the transport.
    ///   - redirects: Redirects followed, over all attempts.
    ///   - bytesSent: Request body bytes handed to the transport.
    ///   - bytesReceived: Response body bytes delivered.
    ///   - timeToFirstByte: Until the first response's headers arrived.
    ///   - duration: Until the outcome.
    ///   - template: The endpoint's template, for a ``CatalogEndpoint``.
    ///   - scheme: The base URL's scheme; `"https"` by default.
    ///   - port: The port; the scheme's default (443 or 80) when `nil`.
    ///   - urlTemplate: The absolute path template, for a ``CatalogEndpoint``.
    ///   - cacheOutcome: How an ``HTTPCacheMiddleware`` answered, if one did.
    ///   - requestBodySize: The body bytes of the last request sent, if one was sent.
    ///   - responseBodySize: The body bytes of the final response, if they are known.
    ///   - httpVersion: The HTTP version the final response came over, if known.
    public init(
        method: HTTPMethod, host: String, path: String, status: HTTPStatus?, errorKind: CourierError.Kind?,
        attempts: Int, redirects: Int, bytesSent: Int64, bytesReceived: Int64, timeToFirstByte: Duration?,
        duration: Duration, template: String? = nil, scheme: String = "https", port: Int? = nil,
        urlTemplate: String? = nil, cacheOutcome: CacheOutcome? = nil, requestBodySize: Int64? = nil,
        responseBodySize: Int64? = nil, httpVersion: HTTPVersion? = nil
    ) {
        self.cacheOutcome = cacheOutcome
        self.requestBodySize = requestBodySize
        self.responseBodySize = responseBodySize
        self.httpVersion = httpVersion
        self.method = method
        self.host = host
        self.scheme = scheme
        self.port = port ?? BaseURL.defaultPort(forScheme: scheme)
        self.path = path
        self.status = status
        self.errorKind = errorKind
        self.attempts = attempts
        self.redirects = redirects
        self.bytesSent = bytesSent
        self.bytesReceived = bytesReceived
        self.timeToFirstByte = timeToFirstByte
        self.duration = duration
        self.template = template
        self.urlTemplate = urlTemplate
    }
}
