import Foundation

/// Where a client's endpoints live: scheme, host, optional port and an optional base path.
///
/// Accepts a URL or a host string; a missing scheme means `https`:
///
/// ```swift
/// try BaseURL(validating: "example.com")                 // https://example.com
/// try BaseURL(validating: "example.com/base/path")       // https://example.com/base/path
/// try BaseURL(validating: "http://localhost:8080/api")   // http://localhost:8080/api
/// ```
///
/// A base with userinfo (`https://user:pass@host`), a query or a fragment is rejected: credentials
/// belong in headers, where Courier can redact them.
public struct BaseURL: Sendable, Hashable, CustomStringConvertible {
    /// `http` or `https`, lowercased.
    public let scheme: String
    /// The host, lowercased; IPv6 addresses without brackets.
    public let host: String
    /// The explicit port, if any.
    public let port: Int?
    /// The base path segments, percent-encoded as given.
    public let percentEncodedPathSegments: [String]
    /// `scheme://host[:port]`, with an IPv6 host in brackets.
    public let origin: String

    /// Parses a URL or host string.
    ///
    /// - Throws: ``CourierError/Kind/invalidBaseURL`` when it is not an http(s) URL with a host,
    ///   or has userinfo, a query or a fragment.
    public init(validating text: String) throws(CourierError) {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        let withScheme = trimmed.contains("://") ? trimmed : "https://" + trimmed
        guard let components = URLComponents(string: withScheme) else {
            throw Self.invalid(text, reason: "it is not a URL")
        }
        try self.init(components: components, original: text)
    }

    /// Uses an absolute http(s) URL as the base.
    ///
    /// - Throws: ``CourierError/Kind/invalidBaseURL`` as for ``init(validating:)``.
    public init(_ url: URL) throws(CourierError) {
        guard let components = URLComponents(url: url, resolvingAgainstBaseURL: true) else {
            throw Self.invalid(url.absoluteString, reason: "it is not a URL")
        }
        try self.init(components: components, original: url.absoluteString)
    }

    /// Parses a literal base; an invalid literal is a programmer error and traps.
    public init(_ literal: StaticString) {
        do {
            try self.init(validating: literal.description)
        } catch {
            preconditionFailure(error.message)
        }
    }

    private init(components: URLComponents, original: String) throws(CourierError) {
        guard let scheme = components.scheme?.lowercased(), scheme == "http" || scheme == "https" else {
            throw Self.invalid(original, reason: "its scheme is not http or https")
        }
        guard components.percentEncodedUser == nil, components.percentEncodedPassword == nil else {
            throw CourierError(
                stage: .building, kind: .invalidBaseURL,
                message: "The base URL contains userinfo; put credentials in an Authorization header instead."
            )
        }
        guard let host = components.host, !host.isEmpty else {
            throw Self.invalid(original, reason: "it has no host")
        }
        guard components.percentEncodedQuery == nil, components.percentEncodedFragment == nil else {
            throw Self.invalid(
                original, reason: "it has a query or fragment; declare query parameters with Query")
        }
        self.scheme = scheme
        let unbracketed =
            host.hasPrefix("[") && host.hasSuffix("]") ? String(host.dropFirst().dropLast()) : host
        self.host = unbracketed.lowercased()
        self.port = components.port
        self.percentEncodedPathSegments = components.percentEncodedPath.split(separator: "/").map(String.init)
        self.origin = "\(scheme)://\(Self.hostHeader(host: self.host, port: port))"
    }

    /// The port requests are sent to: the explicit ``port``, else the scheme's default, 80 for
    /// `http` and 443 for `https`.
    ///
    /// ```swift
    /// BaseURL("http://localhost:8080/api").effectivePort  // 8080
    /// BaseURL("api.example.com").effectivePort            // 443
    /// ```
    public var effectivePort: Int {
        port ?? Self.defaultPort(forScheme: scheme)
    }

    /// The default port of `scheme`: 80 for `http`, 443 for anything else (`https`).
    static func defaultPort(forScheme scheme: String) -> Int {
        scheme == "http" ? 80 : 443
    }

    /// The `Host` header value: the host (bracketed when IPv6), with the port when it is explicit.
    var hostHeader: String {
        Self.hostHeader(host: host, port: port)
    }

    /// The `Host` header value of `host` and `port`.
    private static func hostHeader(host: String, port: Int?) -> String {
        (host.utf8.contains(UInt8(ascii: ":")) ? "[\(host)]" : host) + (port.map { ":\($0)" } ?? "")
    }

    /// The base as a URL string, without a trailing slash.
    public var description: String {
        origin + percentEncodedPathSegments.map { "/" + $0 }.joined()
    }

    /// Whether a URL resolved from this base reads exactly as its text: the host has only lowercase
    /// letters, digits, `.`, `-` (and the `:` of an IPv6 address, which is bracketed), and the
    /// base path only unreserved characters and well-formed `%XX` escapes. Courier's own path
    /// segments and query are encoded that way too.
    var isPlain: Bool {
        let plainHost = host.utf8.allSatisfy { byte in
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                UInt8(ascii: "."), UInt8(ascii: "-"), UInt8(ascii: ":"):
                true
            default:
                false
            }
        }
        return plainHost && percentEncodedPathSegments.allSatisfy { PercentEncoding.isEncoded($0) }
    }

    /// The error for `text`, shown without what may carry a secret: a query or fragment, and all
    /// but the scheme of a text with an `@` (a user name and password, however garbled).
    private static func invalid(_ text: String, reason: String) -> CourierError {
        let shown =
            text.contains("@")
            ? (text.range(of: "://").map { text[..<$0.upperBound] } ?? "") + "…"
            : text.firstIndex { $0 == "?" || $0 == "#" }.map { text[..<$0] + "…" } ?? text
        return CourierError(
            stage: .building, kind: .invalidBaseURL,
            message: "The base URL \(shown.debugDescription) is not usable: \(reason)."
        )
    }
}
