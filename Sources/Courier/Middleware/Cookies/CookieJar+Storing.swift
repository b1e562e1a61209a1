import Foundation

/// The storage model of RFC 6265bis §5.7: which received cookies a jar keeps, what replaces what,
/// and what it evicts.
extension CookieJar {
    /// The cookie `line` sets, received from `target` at `time`, or `nil` when the rules ignore it.
    func cookie(from line: SetCookieLine, target: CookieTarget, at time: Date) -> StoredCookie? {
        var expires: Date?
        var maxAge: Date?
        var domainAttribute = ""
        // The last `Path` attribute counts; absent, empty or relative, it is the default path.
        var path: String?
        var isSecure = false
        var isHTTPOnly = false
        var sameSite = StoredCookie.SameSite.default
        for attribute in line.attributes {
            switch attribute {
            case .expires(let date): expires = date
            case .maxAge(let date): maxAge = date
            case .domain(let domain): domainAttribute = domain
            case .path(let value): path = value
            case .secure: isSecure = true
            case .httpOnly: isHTTPOnly = true
            case .sameSite(let value): sameSite = value
            }
        }
        guard domainAttribute.unicodeScalars.allSatisfy(\.isASCII) else { return nil }
        // `github.io.` names the same domain as `github.io` (a fully qualified name).
        let suffixQuery =
            domainAttribute.hasSuffix(".") ? String(domainAttribute.dropLast()) : domainAttribute
        if !domainAttribute.isEmpty, publicSuffixes.isPublicSuffix(suffixQuery) {
            // A public suffix is the host's own name at most: then the cookie is host-only.
            guard domainAttribute == target.host else { return nil }
            domainAttribute = ""
        }
        let isHostOnly: Bool
        let domain: String
        if domainAttribute.isEmpty || target.isIPAddress {
            guard domainAttribute.isEmpty || domainAttribute == target.host else { return nil }
            (isHostOnly, domain) = (true, target.host)
        } else {
            guard target.domainMatches(domainAttribute) else { return nil }
            (isHostOnly, domain) = (false, domainAttribute)
        }
        let cookie = StoredCookie(
            name: line.name, value: line.value, domain: domain, path: path ?? target.defaultPath,
            expires: maxAge ?? expires, created: time, isHostOnly: isHostOnly, isSecure: isSecure,
            isHTTPOnly: isHTTPOnly, sameSite: sameSite)
        guard !isSecure || target.isSecure, sameSite != .none || isSecure,
            Self.keepsPrefixRules(cookie, writesRootPath: path == "/")
        else { return nil }
        return cookie
    }

    /// `__Secure-` needs `Secure`; `__Host-` needs `Secure`, no `Domain` and `Path=/` written
    /// as such (an empty `Path` that defaults to `/` is not, as browsers and the layered cookies
    /// draft read it; §5.7 asks only for a path of `/`); a nameless cookie may not look like
    /// either (§5.7 steps 20-22, prefixes compared in any case).
    private static func keepsPrefixRules(_ cookie: StoredCookie, writesRootPath: Bool) -> Bool {
        let name = cookie.name.lowercased()
        if name.hasPrefix("__secure-"), !cookie.isSecure { return false }
        if name.hasPrefix("__host-"),
            !(cookie.isSecure && cookie.isHostOnly && writesRootPath)
        {
            return false
        }
        if cookie.name.isEmpty {
            let value = cookie.value.lowercased()
            if value.hasPrefix("__secure-") || value.hasPrefix("__host-") { return false }
        }
        return true
    }

    /// Inserts `cookie`, received at `time`, into `cookies` (§5.7 steps 16, 23, 24 and eviction):
    /// the stored cookie, or `nil` when it was refused or has already expired; and whether
    /// `cookies` changed.
    func insert(_ new: StoredCookie, into cookies: inout [StoredCookie], at time: Date, fromSecure: Bool)
        -> (StoredCookie?, changed: Bool)
    {
        let before = cookies
        cookies.removeAll { $0.isExpired(at: time) }
        // Over plain HTTP, no cookie may shadow a `Secure` one of the same name.
        if !new.isSecure, !fromSecure,
            cookies.contains(where: { old in
                old.name == new.name && old.isSecure
                    && (Self.domain(old.domain, matches: new.domain)
                        || Self.domain(new.domain, matches: old.domain))
                    && CookieTarget.path(new.path, matches: old.path)
            })
        {
            return (nil, cookies != before)
        }
        var new = new
        let replaced = cookies.firstIndex(where: {
            $0.name == new.name && $0.domain == new.domain && $0.isHostOnly == new.isHostOnly
                && $0.path == new.path
        })
        if let replaced { new.created = cookies[replaced].created }
        guard !new.isExpired(at: time) else {
            if let replaced { cookies.remove(at: replaced) }
            return (nil, cookies != before)
        }
        // A replacement takes the place of the cookie it replaces, so the jar stays in the order
        // the cookies were created in, which orders those created at the same time (§5.8.3).
        if let replaced { cookies[replaced] = new } else { cookies.append(new) }
        evict(from: &cookies)
        let stored = cookies.contains(new) ? new : nil
        return (stored, cookies != before)
    }

    /// Whether the name `string` domain-matches `domain` (§5.1.3), neither being an IP address.
    private static func domain(_ string: String, matches domain: String) -> Bool {
        string == domain || string.hasSuffix("." + domain)
    }

    /// Evicts cookies until every domain and the jar are within limits: of an over-full domain
    /// those that are not `Secure` first, then any of it; then any at all; the least recently
    /// used first.
    private func evict(from cookies: inout [StoredCookie]) {
        let domains = Dictionary(grouping: cookies.indices, by: { cookies[$0].domain })
        var evicted: Set<Int> = []
        for (_, indices) in domains where indices.count > limits.perDomain {
            let ordered = indices.sorted { first, second in
                let (a, b) = (cookies[first], cookies[second])
                if a.isSecure != b.isSecure { return !a.isSecure }
                return a.lastAccessed != b.lastAccessed ? a.lastAccessed < b.lastAccessed : first < second
            }
            evicted.formUnion(ordered.prefix(indices.count - limits.perDomain))
        }
        let remaining = cookies.indices.filter { !evicted.contains($0) }
        if remaining.count > limits.total {
            let ordered = remaining.sorted { first, second in
                let (a, b) = (cookies[first].lastAccessed, cookies[second].lastAccessed)
                return a != b ? a < b : first < second
            }
            evicted.formUnion(ordered.prefix(remaining.count - limits.total))
        }
        guard !evicted.isEmpty else { return }
        cookies = cookies.indices.filter { !evicted.contains($0) }.map { cookies[$0] }
    }
}
