/// Tells a ``CookieJar`` which domains are public suffixes: names under which anyone can
/// register a domain (`com`, `co.uk`), for which no server may set a cookie.
///
/// A cookie whose `Domain` is a public suffix is refused, unless the domain is the request's
/// host itself; then the cookie is host-only (RFC 6265bis §5.7). The jar asks with lower-case
/// domains without a leading or trailing dot.
///
/// ```swift
/// struct FullPublicSuffixList: PublicSuffixList {
///     let suffixes: Set<String>    // loaded from your copy of publicsuffix.org's list
///     func isPublicSuffix(_ domain: String) -> Bool {
///         suffixes.contains(domain) || !domain.contains(".")
///     }
/// }
/// let jar = CookieJar(publicSuffixes: FullPublicSuffixList(suffixes: loaded))
/// ```
public protocol PublicSuffixList: Sendable {
    /// Whether `domain` (lower case, no leading dot) is a public suffix.
    func isPublicSuffix(_ domain: String) -> Bool
}
