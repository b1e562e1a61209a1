import Foundation

/// Targets for the cookie jar and its public suffixes.
extension FuzzTargets {
    /// The origins `setCookie` receives fields from, line by line in turn.
    static let cookieOrigins = [
        "https://www.example.com:8443/a/b/c?x=1", "http://sub.example.com/a/", "https://127.0.0.1/",
        "http://localhost/x/y", "https://a.b.example.co.uk/p",
    ].map { URL(string: $0)! }

    /// `Set-Cookie` fields, one a line: whatever the jar stores keeps RFC 6265bis's rules, and
    /// what it sends is one clean field. The jar's clock stands still, so an input replays alike.
    @Sendable static func setCookie(_ input: [UInt8]) {
        let jar = CookieJar(now: { now })
        for (index, line) in text(input).split(whereSeparator: \.isNewline).enumerated() {
            let origin = cookieOrigins[index % cookieOrigins.count]
            guard let cookie = try? jar.receive(String(line), from: origin) else { continue }
            checkStored(cookie, from: origin, field: String(line))
        }
        for origin in cookieOrigins {
            if let field = jar.cookieHeader(for: origin),
                field.utf8.contains(where: { $0 < 0x20 && $0 != 0x09 })
            {
                broken("a control character in the Cookie field", field)
            }
            if origin.scheme == "http",
                let secure = jar.cookies(for: origin).first(where: \.isSecure)
            {
                broken("a Secure cookie for plain HTTP", secure.name)
            }
        }
    }

    /// Stops the process when `cookie`, stored from `field` received from `origin`, breaks a rule.
    /// Plain HTTP is never a secure origin, not even on loopback; a cookie from an IP address is
    /// always host-only.
    private static func checkStored(_ cookie: StoredCookie, from origin: URL, field: String) {
        let host = origin.host!.lowercased()
        let isAddress = host.contains(":") || host.allSatisfy { $0.isNumber || $0 == "." }
        let domainMatches =
            cookie.isHostOnly
            ? cookie.domain == host
            : !isAddress && (host == cookie.domain || host.hasSuffix("." + cookie.domain))
        if !domainMatches { broken("a cookie for a domain its origin does not match", field) }
        if cookie.isSecure, origin.scheme == "http" { broken("a Secure cookie from plain HTTP", field) }
        if !cookie.path.hasPrefix("/") { broken("a path that does not start with /", field) }
        if (cookie.name + cookie.value).utf8.contains(where: { ($0 < 0x20 && $0 != 0x09) || $0 == 0x7F }) {
            broken("a control character in a name or value", field)
        }
        if cookie.name.isEmpty, cookie.value.isEmpty { broken("a cookie with neither name nor value", field) }
        if cookie.name.utf8.count + cookie.value.utf8.count > 4096 {
            broken("a cookie over 4096 bytes", field)
        }
        let name = cookie.name.lowercased()
        if name.hasPrefix("__secure-"), !cookie.isSecure {
            broken("a __Secure- cookie without Secure", field)
        }
        if name.hasPrefix("__host-"), !cookie.isSecure || !cookie.isHostOnly || cookie.path != "/" {
            broken("a __Host- cookie that is not Secure, host-only and for /", field)
        }
        if !cookie.isHostOnly, cookie.domain != host, CommonPublicSuffixes().isPublicSuffix(cookie.domain) {
            broken("a cookie for a public suffix", field)
        }
    }

    /// A Public Suffix List read from the input, asked about names.
    @Sendable static func publicSuffixes(_ input: [UInt8]) {
        let text = text(input)
        if let rules = try? PublicSuffixRules(text) {
            _ = rules.isPublicSuffix("a.b.example.co.uk")
            _ = rules.isPublicSuffix(String(text.prefix(40)))
        }
        _ = CommonPublicSuffixes().isPublicSuffix(text)
    }
}
