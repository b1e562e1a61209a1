import Foundation

/// A response as it arrived: status, headers and the whole body, before any decoding.
public struct RawResponse: Sendable, Hashable {
    /// The status code.
    public let status: HTTPStatus
    /// The header fields; look them up case-insensitively.
    public internal(set) var headers: HeaderFields
    /// The body bytes (empty when there were none).
    public let body: Data
    /// The URL that produced this response (after any redirects Courier followed).
    public let url: URL?
    /// The file holding the body, for a download (``TransportRequest/responseBodyFile``); ``body``
    /// is then empty.
    public let bodyFile: URL?
    /// The body as it arrives, for a streamed response (``TransportRequest/streamsResponse``);
    /// ``body`` is then empty.
    public let bodyStream: ResponseBodyStream?
    /// The HTTP version the response came over, when the transport reports it
    /// (`AsyncHTTPClientTransport` does: HTTP/1.1, or HTTP/2 negotiated over TLS); `nil` when it
    /// does not (``URLSessionTransport``: FoundationNetworking does not say).
    public let httpVersion: HTTPVersion?
    /// How an ``HTTPCacheMiddleware`` answered with this response, or `nil` when none did; the
    /// ``MetricsMiddleware`` and ``LoggingMiddleware`` before the cache report it.
    public internal(set) var cacheOutcome: CacheOutcome?
    /// Whether the hop this response answers carried none of the request's secrets (an
    /// `Authorization` it never saw): a redirect went to another origin before it, or the
    /// request's absolute URL is on another origin than the base URL and did not opt in.
    var carriedNoSecrets = false
    /// Whether a redirect turned the request into another method before this response (a `303`,
    /// or a `301` or `302` after a `POST`, makes it a `GET`): the request it answers is not the
    /// one sent, which the server may already have applied.
    var answersChangedMethod = false
    /// The secret values of the hop this response answers, as it was sent, which an error quoting
    /// the response hides; not part of the response's value.
    var sentSecrets = SentSecrets.none
    /// What middleware did on the way to this response that it does not show itself, for an error
    /// made from it to say; not part of the response's value.
    var notes = MiddlewareNotes()

    /// The number of body bytes: of ``body``, or of ``bodyFile`` for a download.
    public var bodyLength: Int64 {
        guard let bodyFile else { return Int64(body.count) }
        let size = try? FileManager.default.attributesOfItem(atPath: bodyFile.path)[.size] as? NSNumber
        return size?.int64Value ?? 0
    }

    /// Creates a response.
    ///
    /// - Parameters:
    ///   - status: The status code.
    ///   - headers: The header fields.
    ///   - body: The body bytes.
    ///   - url: The URL that produced the response.
    ///   - bodyFile: The file holding the body, for a download written to disk.
    ///   - bodyStream: The body as it arrives, for a streamed response.
    ///   - httpVersion: The HTTP version the response came over, if known.
    public init(
        status: HTTPStatus, headers: HeaderFields = [], body: Data = Data(), url: URL? = nil,
        bodyFile: URL? = nil, bodyStream: ResponseBodyStream? = nil, httpVersion: HTTPVersion? = nil
    ) {
        self.status = status
        self.headers = headers
        self.body = body
        self.url = url
        self.bodyFile = bodyFile
        self.bodyStream = bodyStream
        self.httpVersion = httpVersion
    }
}
