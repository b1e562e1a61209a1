/// Tells a ``CookieJar`` which domains are public suffixes: names under which anyone can
/// register a domain (`com`, `co.uk`), for which no server may set a cookie.
///
/// A cookie whose `Domain` is a public suffix is refused, unless the domain is the request's
/// host itself; then the cookie is host-only (RFC 6265bis §5.7). The jar asks with lower-case
/// domains without a leading or trailing dot.
///
/// ``CommonPublicSuffixes`` is the jar's default; ``PublicSuffixRules`` reads the whole list:
///
/// ```swift
/// let jar = CookieJar(publicSuffixes: PublicSuffixRules.system ?? CommonPublicSuffixes())
/// ```
public protocol PublicSuffixList: Sendable {
    /// Whether `domain` (lower case, no leading dot) is a public suffix.
    func isPublicSuffix(_ domain: String) -> Bool
}
