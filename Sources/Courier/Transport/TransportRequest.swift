import Foundation

/// One HTTP request for a ``Transport`` to send: an absolute URL and everything to send with it.
///
/// Courier builds a `TransportRequest` for every hop, so a transport never follows redirects.
public struct TransportRequest: Sendable, Hashable {
    /// The method.
    public let method: HTTPMethod
    /// The absolute URL, already percent-encoded by Courier.
    public let url: URL
    /// The header fields to send, in order.
    public let headers: HeaderFields
    /// The body, if any: in memory, or streamed from files (``RequestBody/makeInputStream()``).
    public let body: RequestBody?
    /// The time allowed until the body starts to flow or the response begins, if limited.
    public let connectTimeout: Duration?
    /// The longest silence allowed while sending or receiving, if limited.
    public let idleTimeout: Duration?
    /// Whether the request may reach the server more than once without harm.
    ///
    /// A transport must never send a request that is not idempotent twice on its own, not even
    /// when a reused connection turns out to be closed (``URLSessionTransport`` sends such
    /// requests on a connection of their own).
    public let isIdempotent: Bool
    /// Where to write a successful (2xx) response body instead of keeping it in memory, if set;
    /// the response then reports it as ``RawResponse/bodyFile``.
    public let responseBodyFile: URL?

    /// Creates a transport request.
    ///
    /// - Parameters:
    ///   - method: The method.
    ///   - url: The absolute, percent-encoded URL.
    ///   - headers: The header fields to send, in order.
    ///   - body: The body, if any.
    ///   - connectTimeout: The time allowed until the body starts to flow or the response begins.
    ///   - idleTimeout: The longest silence allowed while sending or receiving.
    ///   - isIdempotent: Whether the request may be sent more than once; by default, whether the
    ///     method is idempotent or an `Idempotency-Key` header is present.
    ///   - responseBodyFile: Where to write a successful response body, if not to memory.
    public init(
        method: HTTPMethod, url: URL, headers: HeaderFields, body: RequestBody?,
        connectTimeout: Duration? = nil, idleTimeout: Duration? = nil, isIdempotent: Bool? = nil,
        responseBodyFile: URL? = nil
    ) {
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
        self.connectTimeout = connectTimeout
        self.idleTimeout = idleTimeout
        self.isIdempotent = isIdempotent ?? (method.isIdempotent || headers.contains(.idempotencyKey))
        self.responseBodyFile = responseBodyFile
    }

    /// A copy for the next redirect hop: another method, URL, headers or body, the rest kept.
    func redirected(method: HTTPMethod, url: URL, headers: HeaderFields, body: RequestBody?)
        -> TransportRequest
    {
        TransportRequest(
            method: method, url: url, headers: headers, body: body, connectTimeout: connectTimeout,
            idleTimeout: idleTimeout, isIdempotent: method == self.method ? isIdempotent : nil,
            responseBodyFile: responseBodyFile
        )
    }
}
