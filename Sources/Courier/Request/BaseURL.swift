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
/// The host and port are kept as they are sent: an internationalized name in its ASCII form
/// (`bücher.example` is `xn--bcher-kva.example`), an IPv4 address as four decimal numbers, an
/// IPv6 address compressed, and no port when it is the scheme's default.
///
/// A base with userinfo (`https://user:pass@host`), a query or a fragment is rejected: credentials
/// belong in headers, where Courier can redact them. So is a host no URL can carry (a `/` or `@`
/// in it, however encoded; an IPv6 zone; a name that ends in a number but is no IPv4 address), a
/// port outside 1…65535, and a dot segment (`.` or `..`) in the base path.
public struct BaseURL: Sendable, Hashable, CustomStringConvertible {
    /// `http` or `https`, lowercased.
    public let scheme: String
    /// The host as it is sent: lowercased, an internationalized name in its ASCII (`xn--`) form, an
    /// IPv4 address as four decimal numbers, an IPv6 address compressed and without brackets.
    public let host: String
    /// The port, when it is not the scheme's default.
    public let port: Int?
    /// The base path segments, percent-encoded as given.
    public let percentEncodedPathSegments: [String]
    /// `scheme://host[:port]`, with an IPv6 host in brackets.
    public let origin: String

    /// Parses a URL or host string.
    ///
    /// - Throws: ``CourierError/Kind/invalidBaseURL`` when it is not an http(s) URL with a usable
    ///   host, or has userinfo, a port outside 1…65535, a query, a fragment or a dot segment.
    public init(validating text: String) throws(CourierError) {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        let lowercased = trimmed.lowercased()
        let withScheme: String
        if let separator = trimmed.range(of: "://"), Self.isScheme(trimmed[..<separator.lowerBound]) {
            withScheme = trimmed
        } else if lowercased.hasPrefix("http:") || lowercased.hasPrefix("https:") {
            throw Self.invalid(text, reason: "its scheme is not followed by two slashes (http://…)")
        } else {
            withScheme = "https://" + trimmed
        }
        do {
            try self.init(reading: withScheme)
        } catch {
            throw Self.invalid(text, reason: error.reason)
        }
    }

    /// Uses an absolute http(s) URL as the base.
    ///
    /// - Throws: ``CourierError/Kind/invalidBaseURL`` as for ``init(validating:)``.
    public init(_ url: URL) throws(CourierError) {
        do {
            try self.init(reading: url.absoluteString)
        } catch {
            throw Self.invalid(url.absoluteString, reason: error.reason)
        }
    }

    /// Parses a literal base; an invalid literal is a programmer error and traps.
    public init(_ literal: StaticString) {
        do {
            try self.init(validating: literal.description)
        } catch {
            preconditionFailure(error.message)
        }
    }

    /// Why a text is no base URL: the end of a sentence ("its port is not between 1 and 65535").
    typealias Refusal = URLAuthority.Refusal

    /// Reads `text`, an absolute URL: the scheme and authority by Courier's own rules
    /// (``URLAuthority``), the path by Foundation's, behind the authority's ASCII form.
    init(reading text: String) throws(Refusal) {
        guard let separator = text.range(of: "://"), Self.isScheme(text[..<separator.lowerBound]) else {
            throw Refusal(reason: "it is not a URL")
        }
        let scheme = text[..<separator.lowerBound].lowercased()
        guard scheme == "http" || scheme == "https" else {
            throw Refusal(reason: "its scheme is not http or https")
        }
        let authority = text[separator.upperBound...].prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        guard !authority.contains("@") else {
            throw Refusal(reason: "it contains userinfo; put credentials in an Authorization header instead")
        }
        let (host, port) = try URLAuthority.read(authority, scheme: scheme)
        let rest = text[authority.endIndex...]
        let path = rest.prefix { $0 != "?" && $0 != "#" }
        guard path.count == rest.count else {
            throw Refusal(reason: "it has a query or fragment; declare query parameters with Query")
        }
        guard PercentEncoding.hasWellFormedEscapes(path) else {
            throw Refusal(reason: "its path has a % that is not followed by two hexadecimal digits")
        }
        let origin = "\(scheme)://\(Self.hostHeader(host: host, port: port))"
        guard let components = URLComponents(string: origin + path) else {
            throw Refusal(reason: "its path is not a URL's")
        }
        let segments = components.percentEncodedPath.split(separator: "/").map(String.init)
        if let dots = segments.first(where: RequestRules.isDotSegment) {
            throw Refusal(
                reason:
                    "its path has the dot segment \(dots.debugDescription), which a server resolves to another path"
            )
        }
        self.scheme = scheme
        self.host = host
        self.port = port
        self.percentEncodedPathSegments = segments
        self.origin = origin
    }

    /// Whether `text` is a URL scheme: an ASCII letter, then ASCII letters, digits, `+`, `-` and
    /// `.` (RFC 3986 §3.1).
    private static func isScheme(_ text: Substring) -> Bool {
        let isLetter = { (byte: UInt8) in (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) }
        guard let first = text.utf8.first, isLetter(first) else { return false }
        return text.utf8.allSatisfy { isLetter($0) || (0x30...0x39).contains($0) || "+-.".utf8.contains($0) }
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

    /// Whether `other` is the same origin: the same scheme, host and effective port.
    func isSameOrigin(as other: BaseURL) -> Bool {
        scheme == other.scheme && host == other.host && effectivePort == other.effectivePort
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

    /// The error for `text`, shown as ``URLText/shown(_:)`` shows a URL.
    private static func invalid(_ text: String, reason: String) -> CourierError {
        CourierError(
            stage: .building, kind: .invalidBaseURL,
            message: "The base URL \(URLText.shown(text).debugDescription) is not usable: \(reason)."
        )
    }
}
