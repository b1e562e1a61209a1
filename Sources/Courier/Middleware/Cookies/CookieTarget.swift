import Foundation

/// What the cookie rules read of a request URL: its canonical host, whether its scheme is secure,
/// and its path (RFC 6265bis §5.1.2-§5.1.4).
struct CookieTarget: Sendable, Hashable {
    /// The host, canonicalized (RFC 6265bis §5.1.2): lower-cased, each label of a name in its
    /// ASCII form (`xn--bcher-kva.example` for `bücher.example`), without the brackets of an IPv6
    /// address.
    let host: String
    /// Whether the scheme is `https` (or `wss`). Plain `http` never is, not even on loopback.
    let isSecure: Bool
    /// The percent-encoded path; `/` when it is empty.
    let path: String

    /// The target of `url`, or `nil` for a URL without a host.
    init?(_ url: URL) {
        guard let components = URLComponents(url: url, resolvingAgainstBaseURL: true),
            var host = components.host, !host.isEmpty
        else { return nil }
        if host.hasPrefix("["), host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
        self.host = Punycode.asciiDomain(host)
        let scheme = components.scheme?.lowercased()
        isSecure = scheme == "https" || scheme == "wss"
        path = components.percentEncodedPath.isEmpty ? "/" : components.percentEncodedPath
    }

    /// Whether the host is an IP address (IPv6, or a name whose last label is a number, which
    /// URL parsers read as IPv4).
    var isIPAddress: Bool {
        host.contains(":") || host.split(separator: ".").last.map { $0.allSatisfy(\.isNumber) } ?? false
    }

    /// The path a cookie without a `Path` attribute gets: the directory of ``path``.
    var defaultPath: String {
        guard path.hasPrefix("/"), let lastSlash = path.lastIndex(of: "/"), lastSlash != path.startIndex
        else { return "/" }
        return String(path[..<lastSlash])
    }

    /// Whether the host domain-matches `domain`: it is `domain`, or a name (not an IP address)
    /// ending in `.` and `domain`.
    func domainMatches(_ domain: String) -> Bool {
        host == domain || (!isIPAddress && host.hasSuffix("." + domain))
    }

    /// Whether the path path-matches `cookiePath`: equal, or under it at a `/`.
    func pathMatches(_ cookiePath: String) -> Bool {
        Self.path(path, matches: cookiePath)
    }

    /// Whether `requestPath` path-matches `cookiePath`.
    static func path(_ requestPath: String, matches cookiePath: String) -> Bool {
        let request = Array(requestPath.utf8)
        let cookie = Array(cookiePath.utf8)
        guard request.starts(with: cookie) else { return false }
        let slash = UInt8(ascii: "/")
        return request.count == cookie.count || cookie.last == slash || request[cookie.count] == slash
    }
}
