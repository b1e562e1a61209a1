import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// What one call changes about an endpoint's request without editing the endpoint: a timeout,
/// more headers, an absolute URL, and a last change to the `URLRequest`.
///
/// ```swift
/// let options = CallOptions(
///     timeout: Timeout(.seconds(60)),
///     headers: [HeaderField(name: HeaderName("X-Request-ID"), value: requestID)])
/// let response = try await client.send(API.report(id), options: options)
/// ```
///
/// Headers are validated as if the endpoint declared them, and redacted by the same rules; one
/// replaces the endpoint's or the client's field of the same name. To add components such as a
/// ``Query`` or a ``Body``, extend the endpoint with ``Endpoint/with(_:)`` instead.
public struct CallOptions: Sendable {
    /// The call's timeout: the limits it sets replace the endpoint's, which replace the client's.
    public var timeout: Timeout?
    /// Header fields for this call: they replace every field of their names (a list field given
    /// twice is sent twice, two `Cookie` fields as one; a field a request carries once, such as
    /// `Authorization`, given twice fails the call).
    public var headers: HeaderFields
    /// An absolute URL to send this call to instead of the client's base URL, such as a pagination
    /// `next` link. It is the exact target: the endpoint's path segments and declared query items
    /// are dropped (its method, headers and body are kept); only the client's default query items
    /// follow the URL's own. (An ``AbsoluteURL`` declared in a block is a base instead: the
    /// endpoint's path segments and query items follow it.)
    ///
    /// On another origin than the client's, the request goes without its secret headers and
    /// query values (as on a redirect) unless ``sendsSecretsToOtherOrigin`` is `true`.
    public var url: URL?
    /// Whether secret headers and query values go to an ``url`` on another origin.
    public var sendsSecretsToOtherOrigin: Bool
    /// How an ``HTTPCacheMiddleware`` treats this call, instead of its own policy; `nil` keeps the
    /// middleware's. Without such a middleware in the client nothing is cached, so every policy
    /// loads, but ``CachePolicy/returnCachedOnly``, which never loads: a call with it that no cache
    /// answers fails with ``CourierError/Kind/notCached`` before anything is sent.
    ///
    /// ```swift
    /// let fresh = try await client.value(API.user(42), options: CallOptions(cachePolicy: .reloadIgnoringCache))
    /// ```
    public var cachePolicy: CachePolicy?
    /// A last change to the `URLRequest`, for what Courier does not model (a network service
    /// type, cellular access). Only transports that send a `URLRequest` apply it, such as
    /// ``URLSessionTransport``; the request value, its cURL rendering and middleware do not see it.
    ///
    /// It applies to the first request only, never to a redirect's next hop (which may be another
    /// origin). It may not change the URL, method, body or header fields, from which Courier
    /// decides idempotency, retries, redirects and redaction: a closure that does throws
    /// ``CourierError/Kind/urlRequestConfigurationRejected`` at the
    /// ``CourierError/Stage/transport`` stage, before anything is sent.
    ///
    /// The closure is wrapped once, when it is set, so requests built with the same options are
    /// equal (and ``DeduplicationMiddleware`` can merge them).
    public var configureURLRequest: (@Sendable (inout URLRequest) -> Void)? {
        get { urlRequestConfiguration?.apply }
        set { urlRequestConfiguration = newValue.map(URLRequestConfiguration.init) }
    }
    /// ``configureURLRequest``, wrapped once.
    private(set) var urlRequestConfiguration: URLRequestConfiguration?

    /// Creates options; each one left out changes nothing.
    ///
    /// - Parameters:
    ///   - timeout: The call's timeout, replacing the limits it sets.
    ///   - headers: Header fields for this call.
    ///   - url: An absolute URL to send the call to instead of the client's base URL.
    ///   - sendsSecretsToOtherOrigin: Whether secrets go to a `url` on another origin.
    ///   - configureURLRequest: A last change to the `URLRequest`.
    ///   - cachePolicy: How an ``HTTPCacheMiddleware`` treats this call.
    public init(
        timeout: Timeout? = nil, headers: HeaderFields = [], url: URL? = nil,
        sendsSecretsToOtherOrigin: Bool = false,
        configureURLRequest: (@Sendable (inout URLRequest) -> Void)? = nil,
        cachePolicy: CachePolicy? = nil
    ) {
        self.cachePolicy = cachePolicy
        self.timeout = timeout
        self.headers = headers
        self.url = url
        self.sendsSecretsToOtherOrigin = sendsSecretsToOtherOrigin
        self.urlRequestConfiguration = configureURLRequest.map(URLRequestConfiguration.init)
    }
}
