/// How many cookies a ``CookieJar`` keeps, and for how long at most.
///
/// The defaults are RFC 6265bis's: at least 50 cookies per domain and 3000 in all, and no
/// lifetime beyond 400 days. When a domain or the jar is over its limit, the jar evicts
/// cookies that are not `Secure` of that domain first, then any of that domain, then any at all,
/// the least recently used first (§5.7).
///
/// ```swift
/// let jar = CookieJar(limits: CookieLimits(perDomain: 20, total: 200))
/// ```
///
/// The sizes are fixed by the RFC, not limits to choose: a name and value over 4096 bytes, or an
/// attribute value over 1024 bytes, is ignored.
public struct CookieLimits: Sendable, Hashable {
    /// The most cookies kept for one domain; at least 1.
    public var perDomain: Int
    /// The most cookies kept in all; at least ``perDomain``.
    public var total: Int
    /// The longest lifetime `Expires` or `Max-Age` may give, in seconds; longer ones are cut to it.
    public var maxAge: Double

    /// Creates limits; a count below 1 means 1, and `total` is at least `perDomain`.
    public init(perDomain: Int = 50, total: Int = 3_000, maxAge: Double = 400 * 86_400) {
        self.perDomain = max(perDomain, 1)
        self.total = max(total, self.perDomain)
        self.maxAge = max(maxAge, 0)
    }
}
