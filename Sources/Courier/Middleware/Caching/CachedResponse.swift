import Foundation

/// A response as the HTTP cache stores it: what arrived, when it was asked for and arrived, and
/// which requests it may answer.
///
/// Storages (``HTTPCacheStorage``) keep these values and hand them back unchanged; the cache alone
/// decides whether one is fresh. It is `Codable`, so a storage of your own can write it anywhere:
///
/// ```swift
/// let data = try JSONEncoder().encode(cachedResponse)
/// ```
///
/// It holds no credential: the request header fields it varies on, and the request's secret
/// fields, are kept only as SHA-256 digests.
public struct CachedResponse: Sendable, Hashable {
    /// The stored status, never `304` or `206`.
    public var status: HTTPStatus
    /// The stored header fields, without hop-by-hop fields and without `Set-Cookie`.
    public var headers: HeaderFields
    /// The body bytes.
    public var body: Data
    /// The URL that produced the response.
    public var url: URL?
    /// When the request that produced it was sent (RFC 9111 §4.2.3 `request_time`).
    public var requestDate: Date
    /// When it arrived (RFC 9111 §4.2.3 `response_time`).
    public var responseDate: Date
    /// The digests of the request header fields its `Vary` names, by lowercase name; a field the
    /// request did not have is absent.
    public var varyDigests: [String: String]
    /// The digest of the request's secret header fields (`Authorization`, cookies, API keys), or
    /// `nil` when it had none; only a request with the same secrets may be answered with it.
    public var credentialDigest: String?

    /// Creates a stored response.
    ///
    /// - Parameters:
    ///   - status: The status.
    ///   - headers: The header fields.
    ///   - body: The body bytes.
    ///   - url: The URL that produced the response.
    ///   - requestDate: When the request was sent.
    ///   - responseDate: When the response arrived.
    ///   - varyDigests: The digests of the request fields its `Vary` names.
    ///   - credentialDigest: The digest of the request's secret fields.
    public init(
        status: HTTPStatus, headers: HeaderFields, body: Data, url: URL?, requestDate: Date,
        responseDate: Date, varyDigests: [String: String] = [:], credentialDigest: String? = nil
    ) {
        self.status = status
        self.headers = headers
        self.body = body
        self.url = url
        self.requestDate = requestDate
        self.responseDate = responseDate
        self.varyDigests = varyDigests
        self.credentialDigest = credentialDigest
    }

    /// The bytes it occupies in a storage's bound: the body, the header fields and the digests.
    public var byteCount: Int {
        body.count + headers.reduce(0) { $0 + $1.name.rawValue.utf8.count + $1.value.utf8.count + 4 }
            + varyDigests.reduce(0) { $0 + $1.key.utf8.count + $1.value.utf8.count }
            + (credentialDigest?.utf8.count ?? 0) + (url?.absoluteString.utf8.count ?? 0) + 64
    }
}
