import Foundation

/// A cookie a ``CookieJar`` holds: what a server set with `Set-Cookie`, and where the jar sends
/// it back (RFC 6265bis §5.7).
///
/// The value is a secret: ``description`` and `dump` show `<redacted>` in its place, so a cookie
/// printed in a log or an error never carries it.
///
/// ```swift
/// for cookie in jar.cookies(for: accountURL) {
///     print(cookie)    // session=<redacted>; Domain=api.example.com; Path=/; Secure; HttpOnly
/// }
/// ```
public struct StoredCookie: Sendable, Hashable, Codable, CustomStringConvertible,
    CustomReflectable
{
    /// The cookie's name; empty for a nameless cookie (`Set-Cookie: value`).
    public var name: String
    /// The cookie's value, as the server wrote it.
    public var value: String
    /// The host it is sent to, and with ``isHostOnly`` false every host under it too.
    public var domain: String
    /// The path it is sent under.
    public var path: String
    /// When it expires; `nil` for a session cookie, which lives as long as the jar.
    public var expires: Date?
    /// When it was first stored; a replacement keeps the time of the cookie it replaces.
    public var created: Date
    /// When it was last sent or read.
    public var lastAccessed: Date
    /// Whether it is sent to ``domain`` only, not to its subdomains (no `Domain` attribute).
    public var isHostOnly: Bool
    /// Whether it is sent over `https` only (`Secure`).
    public var isSecure: Bool
    /// Whether it was set with `HttpOnly`; a jar of a client sends it like any other.
    public var isHTTPOnly: Bool
    /// Its `SameSite` attribute.
    public var sameSite: SameSite

    /// Whether it is kept after the jar's session: it has an expiry date.
    public var isPersistent: Bool { expires != nil }

    /// Creates a cookie to put in a jar's storage, for example when moving cookies between jars.
    public init(
        name: String, value: String, domain: String, path: String = "/", expires: Date? = nil,
        created: Date, lastAccessed: Date? = nil, isHostOnly: Bool = true, isSecure: Bool = false,
        isHTTPOnly: Bool = false, sameSite: SameSite = .default
    ) {
        self.name = name
        self.value = value
        self.domain = domain
        self.path = path
        self.expires = expires
        self.created = created
        self.lastAccessed = lastAccessed ?? created
        self.isHostOnly = isHostOnly
        self.isSecure = isSecure
        self.isHTTPOnly = isHTTPOnly
        self.sameSite = sameSite
    }

    /// Whether it has expired at `now`.
    public func isExpired(at now: Date) -> Bool {
        expires.map { $0 <= now } ?? false
    }

    /// The cookie as `Set-Cookie` attributes, with `<redacted>` for the value.
    public var description: String {
        var parts = [name.isEmpty ? "<redacted>" : "\(name)=<redacted>"]
        parts.append((isHostOnly ? "Host=" : "Domain=") + domain)
        parts.append("Path=\(path)")
        if let expires { parts.append("Expires=\(HTTPDate.format(expires))") }
        if isSecure { parts.append("Secure") }
        if isHTTPOnly { parts.append("HttpOnly") }
        if sameSite != .default { parts.append("SameSite=\(sameSite)") }
        return parts.joined(separator: "; ")
    }

    /// Every field but the value, so `dump` does not print it.
    public var customMirror: Mirror {
        Mirror(
            self,
            children: [
                "name": name, "value": "<redacted>", "domain": domain, "path": path,
                "expires": expires as Any, "isHostOnly": isHostOnly, "isSecure": isSecure,
                "isHTTPOnly": isHTTPOnly, "sameSite": sameSite,
            ])
    }
}

extension StoredCookie {
    /// The `SameSite` attribute: when a browser sends the cookie on a request from another site.
    ///
    /// A client has no "site for cookies": every request it sends is its own, so a jar stores
    /// this value and sends the cookie regardless of it.
    public struct SameSite: Sendable, Hashable, Codable, CustomStringConvertible {
        /// `Strict`, `Lax`, `None` or `Default`.
        public let name: String

        private init(_ name: String) { self.name = name }

        /// Sent on same-site requests only.
        public static let strict = SameSite("Strict")
        /// Sent on same-site requests and top-level navigations.
        public static let lax = SameSite("Lax")
        /// Sent on every request; the server must also set `Secure`.
        public static let none = SameSite("None")
        /// No attribute, or one with a value that is not `Strict`, `Lax` or `None`.
        public static let `default` = SameSite("Default")

        /// The attribute's name.
        public var description: String { name }
    }
}
