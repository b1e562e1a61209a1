/// An HTTP header field name, compared case-insensitively and validated as an RFC 9110 token.
public struct HeaderName: Sendable, Hashable, CustomStringConvertible {
    /// The name as it was written, which is the spelling sent on the wire.
    public let rawValue: String
    /// The lowercased name, used for comparison and hashing.
    public let canonicalName: String

    /// Creates a name from a runtime string, or returns `nil` when it is not an RFC 9110 token.
    public init?(validating name: String) {
        guard HTTPToken.isValid(name) else { return nil }
        rawValue = name
        canonicalName = name.lowercased()
    }

    /// Creates a name from a literal; an invalid literal is a programmer error and traps.
    public init(_ literal: StaticString) {
        let name = literal.description
        precondition(HTTPToken.isValid(name), "'\(name)' is not a valid HTTP header name (RFC 9110).")
        rawValue = name
        canonicalName = name.lowercased()
    }

    /// The name as written.
    public var description: String { rawValue }

    /// Compares names case-insensitively.
    public static func == (lhs: HeaderName, rhs: HeaderName) -> Bool {
        lhs.canonicalName == rhs.canonicalName
    }

    /// Hashes the lowercased name, consistent with `==`.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(canonicalName)
    }
}

extension HeaderName {
    /// `Accept`.
    public static let accept = HeaderName("Accept")
    /// `Accept-Encoding`.
    public static let acceptEncoding = HeaderName("Accept-Encoding")
    /// `Accept-Language`.
    public static let acceptLanguage = HeaderName("Accept-Language")
    /// `Accept-Ranges`.
    public static let acceptRanges = HeaderName("Accept-Ranges")
    /// `Age`: how long a response has been in a cache.
    public static let age = HeaderName("Age")
    /// `Authorization`: redacted by default in logs, errors and cURL output.
    public static let authorization = HeaderName("Authorization")
    /// `Cache-Control`.
    public static let cacheControl = HeaderName("Cache-Control")
    /// `Connection`: set by the transport; endpoints may not set it.
    public static let connection = HeaderName("Connection")
    /// `Content-Encoding`.
    public static let contentEncoding = HeaderName("Content-Encoding")
    /// `Content-Language`.
    public static let contentLanguage = HeaderName("Content-Language")
    /// `Content-Location`.
    public static let contentLocation = HeaderName("Content-Location")
    /// `Content-Length`: derived from the body; endpoints may not set it.
    public static let contentLength = HeaderName("Content-Length")
    /// `Content-Range`.
    public static let contentRange = HeaderName("Content-Range")
    /// `Content-Type`.
    public static let contentType = HeaderName("Content-Type")
    /// `Cookie`: redacted by default.
    public static let cookie = HeaderName("Cookie")
    /// `Date`.
    public static let date = HeaderName("Date")
    /// `ETag`: the response's ``EntityTag``.
    public static let etag = HeaderName("ETag")
    /// `Expires`.
    public static let expires = HeaderName("Expires")
    /// `Host`: derived from the base URL; endpoints may not set it.
    public static let host = HeaderName("Host")
    /// `Idempotency-Key`.
    public static let idempotencyKey = HeaderName("Idempotency-Key")
    /// `If-Match`.
    public static let ifMatch = HeaderName("If-Match")
    /// `If-Modified-Since`.
    public static let ifModifiedSince = HeaderName("If-Modified-Since")
    /// `If-None-Match`.
    public static let ifNoneMatch = HeaderName("If-None-Match")
    /// `If-Range`.
    public static let ifRange = HeaderName("If-Range")
    /// `If-Unmodified-Since`.
    public static let ifUnmodifiedSince = HeaderName("If-Unmodified-Since")
    /// `Last-Event-ID`, which a reconnecting ``EventStream`` sends.
    public static let lastEventID = HeaderName("Last-Event-ID")
    /// `Last-Modified`.
    public static let lastModified = HeaderName("Last-Modified")
    /// `Location`.
    public static let location = HeaderName("Location")
    /// `Proxy-Authorization`: redacted by default. A request refuses it
    /// (``CourierError/Kind/reservedHeader``): a proxy's credentials go in the transport's proxy
    /// settings, which send them to the proxy alone.
    public static let proxyAuthorization = HeaderName("Proxy-Authorization")
    /// `Range`.
    public static let range = HeaderName("Range")
    /// `Retry-After`.
    public static let retryAfter = HeaderName("Retry-After")
    /// `Set-Cookie`: redacted by default.
    public static let setCookie = HeaderName("Set-Cookie")
    /// `Transfer-Encoding`: set by the transport; endpoints may not set it.
    public static let transferEncoding = HeaderName("Transfer-Encoding")
    /// `User-Agent`.
    public static let userAgent = HeaderName("User-Agent")
    /// `Vary`.
    public static let vary = HeaderName("Vary")

    /// Credential names whose values are redacted unless a rendering explicitly asks; every name
    /// ``isSensitiveByDefault`` accepts is treated the same way.
    public static let sensitiveByDefault: Set<HeaderName> = [
        .authorization, .cookie, .setCookie, .proxyAuthorization,
    ]

    /// Whether a field of this name carries a secret by default: one of ``sensitiveByDefault``, or
    /// a name that ``QueryItem/isSensitiveByDefault(name:)`` accepts for a query parameter (one
    /// rule for both), such as `X-Api-Key`, `Api-Key`, `X-Auth-Token` or `X-Amz-Signature`.
    ///
    /// Such a field reads `<redacted>` in errors, logs and renderings, and is not sent to another
    /// origin (after a redirect, or to an absolute URL) unless the caller opts in.
    public var isSensitiveByDefault: Bool {
        // Every name of ``sensitiveByDefault`` contains `authorization` or `cookie`, which the
        // query rule hides, so that rule alone decides (without hashing the name).
        QueryItem.isSensitiveByDefault(name: canonicalName)
    }

    /// Names that frame the message or manage its connection (RFC 9110 §7.6.1): they come from
    /// the body and transport, never from an endpoint. `TE`, `Upgrade`, `Keep-Alive` and
    /// `Proxy-Connection` are among them, since each needs a `Connection` option that only the
    /// transport sets.
    public static let framing: Set<HeaderName> = [
        .contentLength, .transferEncoding, .host, .connection, HeaderName("TE"), HeaderName("Upgrade"),
        HeaderName("Keep-Alive"), HeaderName("Proxy-Connection"),
    ]

    /// Whether this is one of ``framing``, by comparing lowercase names rather than hashing one.
    var isFraming: Bool {
        switch canonicalName {
        case "content-length", "transfer-encoding", "host", "connection", "te", "upgrade", "keep-alive",
            "proxy-connection":
            true
        default: false
        }
    }

    /// Whether a request carries at most one field of this name: its value is not a list (RFC 9110
    /// §5.3), so a second field would make one value no receiver can read (`Bearer a, Basic b`).
    var isSingleInRequests: Bool {
        switch canonicalName {
        case "authorization", "proxy-authorization", "content-type", "content-range", "content-location",
            "idempotency-key", "if-modified-since", "if-unmodified-since", "if-range", "range", "user-agent",
            "date", "from", "referer", "origin", "max-forwards", "last-event-id":
            true
        default: false
        }
    }
}
