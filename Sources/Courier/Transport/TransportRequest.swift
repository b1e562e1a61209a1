import Foundation

/// One HTTP request for a ``Transport`` to send: an absolute URL and everything to send with it.
///
/// Courier builds a `TransportRequest` for every hop, so a transport never follows redirects.
public struct TransportRequest: Sendable, Hashable {
    /// The method.
    public internal(set) var method: HTTPMethod
    /// The absolute URL, already percent-encoded by Courier.
    public internal(set) var url: URL
    /// The header fields to send, in order.
    public internal(set) var headers: HeaderFields
    /// The body, if any: in memory, or streamed from files (``RequestBody/makeInputStream()``).
    public internal(set) var body: RequestBody?
    /// The connect and idle timeouts for the transport to enforce; `nil` ones leave the
    /// transport's own defaults. (Courier leaves ``Timeout/total`` `nil` here: it enforces the
    /// total deadline itself, around every hop and retry.)
    public internal(set) var timeout: Timeout
    /// Whether the request may reach the server more than once without harm.
    ///
    /// A transport must never send a request that is not idempotent twice on its own, not even
    /// when a reused connection turns out to be closed (``URLSessionTransport`` sends such
    /// requests on a connection of their own).
    public internal(set) var isIdempotent: Bool
    /// Where to write a successful (2xx) response body instead of keeping it in memory, if set;
    /// the response then reports it as ``RawResponse/bodyFile``.
    public internal(set) var responseBodyFile: URL?
    /// Whether a successful (2xx) response is returned as soon as its head arrives, with the body
    /// as a ``RawResponse/bodyStream`` that fills as it arrives; any other response is collected
    /// whole. A transport that ignores it returns the body collected, which Courier then delivers
    /// as a stream of one chunk.
    public internal(set) var streamsResponse: Bool
    /// The call's change to the `URLRequest` (``CallOptions/configureURLRequest``), which
    /// ``urlRequest`` applies last; a transport that makes no `URLRequest` ignores it.
    public internal(set) var urlRequestConfiguration: URLRequestConfiguration?
    /// The client's TLS options (``Client/Configuration/tls``), the same for every hop; `nil`
    /// leaves the transport's own. A transport honours every option in ``TLSOptions/setOptions``
    /// or throws ``CourierError/Kind/unsupportedTLSOption`` before sending anything.
    public internal(set) var tls: TLSOptions?
    /// The bytes an interrupted resumable download kept, which a successful body continues or
    /// replaces (``ResponseReceiver`` decides from the head); `nil` for any other request.
    var partialDownload: PartialDownload?
    /// The call's context: its observers (metrics and progress), which ``ResponseReceiver``
    /// reports to, and its ``HopHook``s, which the ``RedirectFollower`` calls. Not part of the
    /// request's value.
    var context = CallContext.empty

    /// Creates a transport request.
    ///
    /// - Parameters:
    ///   - method: The method.
    ///   - url: The absolute, percent-encoded URL.
    ///   - headers: The header fields to send, in order.
    ///   - body: The body, if any.
    ///   - timeout: The connect and idle timeouts the transport enforces.
    ///   - isIdempotent: Whether the request may be sent more than once; by default, whether the
    ///     method is idempotent or an `Idempotency-Key` header that is not empty is present.
    ///   - responseBodyFile: Where to write a successful response body, if not to memory.
    ///   - streamsResponse: Whether a successful response's body is streamed as it arrives.
    ///   - tls: The TLS options to connect with; `nil` for the transport's own.
    public init(
        method: HTTPMethod, url: URL, headers: HeaderFields, body: RequestBody?,
        timeout: Timeout = Timeout(), isIdempotent: Bool? = nil,
        responseBodyFile: URL? = nil, streamsResponse: Bool = false, tls: TLSOptions? = nil
    ) {
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
        self.timeout = timeout
        self.isIdempotent = isIdempotent ?? (method.isIdempotent || headers.hasIdempotencyKey)
        self.responseBodyFile = responseBodyFile
        self.streamsResponse = streamsResponse
        self.tls = tls
    }

    /// The chunks of a body streamed from a sequence (``RequestBody/stream``), for the one
    /// transport that sends it; `nil` for any other body. Each chunk counts as sent in the call's
    /// metrics (``RequestMetrics/bytesSent``).
    ///
    /// - Throws: ``CourierError/Kind/streamedBodyAlreadySent`` when the stream was handed out
    ///   before, so nothing is sent.
    public func makeBodyChunks() throws(CourierError) -> RequestBodyStream.Chunks? {
        try body?.stream?.makeChunks(observers: context.observers)
    }
}
