import Foundation

/// The cookies a client received, and the rules that decide which it keeps and where it sends
/// them back: RFC 6265bis's storage and retrieval models.
///
/// Copies share one set of cookies, safely from any task. Give it to a ``CookieMiddleware`` to
/// store every `Set-Cookie` a response carries and send a `Cookie` header with each request.
///
/// ```swift
/// let jar = CookieJar()
/// let client = Client(baseURL: BaseURL("api.example.com"), middleware: [CookieMiddleware(jar: jar)])
/// ```
///
/// The rules it follows and the ones a client has no use for: <doc:CachingAndCookies#Cookies>.
public struct CookieJar: Sendable {
    /// The limits it keeps to.
    public let limits: CookieLimits
    let publicSuffixes: any PublicSuffixList
    let storage: (any CookieStorage)?
    let now: @Sendable () -> Date
    let cookies: LockedValue<[StoredCookie]>
    /// How many changes were made that a save must cover, counted after each change.
    private let changes = LockedValue(0)
    /// Held while the storage saves, one save at a time, while ``cookies`` stays free for
    /// requests: the number of changes the last completed save covered.
    private let saving = LockedValue(0)

    /// Creates an empty jar that keeps its cookies in memory.
    ///
    /// - Parameters:
    ///   - limits: How many cookies it keeps, and for how long at most.
    ///   - publicSuffixes: The domains no cookie may be set for; ``CommonPublicSuffixes`` by default.
    ///   - now: The clock expiry is read on; the system's by default.
    public init(
        limits: CookieLimits = CookieLimits(),
        publicSuffixes: any PublicSuffixList = CommonPublicSuffixes(),
        now: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.limits = limits
        self.publicSuffixes = publicSuffixes
        self.storage = nil
        self.now = now
        self.cookies = LockedValue([])
    }

    /// Creates a jar with the cookies `storage` holds, which saves its persistent cookies there
    /// after each change; expired ones are dropped as they load.
    ///
    /// - Throws: What `storage` throws when it loads.
    public init(
        storage: any CookieStorage, limits: CookieLimits = CookieLimits(),
        publicSuffixes: any PublicSuffixList = CommonPublicSuffixes(),
        now: @escaping @Sendable () -> Date = { Date() }
    ) throws {
        self.limits = limits
        self.publicSuffixes = publicSuffixes
        self.storage = storage
        self.now = now
        let loaded = try storage.load()
        let time = now()
        self.cookies = LockedValue(loaded.filter { !$0.isExpired(at: time) })
    }

    /// Every cookie it holds that has not expired, in the order they were created (a replacement
    /// takes the place of the cookie it replaces, whose creation time it keeps).
    public var all: [StoredCookie] {
        let time = now()
        return cookies.withLock { cookies in
            cookies.removeAll { $0.isExpired(at: time) }
            return cookies
        }
    }

    /// Stores the cookie a `Set-Cookie` field value sets, received in a response from `url`, by
    /// RFC 6265bis §5.6 and §5.7: the cookie that replaces one of the same name, domain and
    /// path, or `nil` when the rules ignore it (or it arrived already expired, removing any it
    /// replaces).
    ///
    /// ```swift
    /// try jar.receive("session=abc; Path=/; Secure; HttpOnly", from: loginURL)
    /// ```
    ///
    /// - Throws: What the jar's ``CookieStorage`` throws when it saves; the cookie is in the jar.
    @discardableResult
    public func receive(_ setCookie: String, from url: URL) throws -> StoredCookie? {
        try receive([setCookie], from: url).first ?? nil
    }

    /// Stores the cookies the `Set-Cookie` field values of one response set, received from
    /// `url`, in order, then saves once: for each value, the cookie stored, or `nil` when the
    /// rules ignore it.
    ///
    /// ```swift
    /// try jar.receive(response.headers.values(for: .setCookie), from: hopURL)
    /// ```
    ///
    /// - Throws: What the jar's ``CookieStorage`` throws when it saves; the cookies are in the jar.
    @discardableResult
    public func receive(_ setCookies: [String], from url: URL) throws -> [StoredCookie?] {
        guard let target = CookieTarget(url) else { return setCookies.map { _ in nil } }
        let time = now()
        let received = setCookies.map { setCookie in
            SetCookieLine(setCookie, now: time, ageLimit: limits.maxAge)
                .flatMap { cookie(from: $0, target: target, at: time) }
        }
        let (stored, changed) = cookies.withLock { cookies in
            var changed = false
            let stored = received.map { cookie -> StoredCookie? in
                guard let cookie else { return nil }
                let (stored, inserted) = insert(cookie, into: &cookies, at: time, fromSecure: target.isSecure)
                changed = changed || inserted
                return stored
            }
            return (stored, changed)
        }
        if changed { try save() }
        return stored
    }

    /// The cookies to send to `url`, in the order of its `Cookie` header: longer paths first,
    /// then the earlier created (RFC 6265bis §5.8.3). Each counts as used now.
    ///
    /// `HttpOnly` cookies are included: the client is the user agent, not a script in a page.
    /// `SameSite` is not checked: a client's own requests are all same-site.
    public func cookies(for url: URL) -> [StoredCookie] {
        guard let target = CookieTarget(url) else { return [] }
        let time = now()
        return cookies.withLock { cookies in
            cookies.removeAll { $0.isExpired(at: time) }
            var matching: [Int] = []
            for index in cookies.indices where Self.sends(cookies[index], to: target) {
                cookies[index].lastAccessed = time
                matching.append(index)
            }
            // The jar holds cookies in the order they were created: it orders those created at
            // the same time, such as the cookies of one response.
            return matching.sorted { first, second in
                let (a, b) = (cookies[first], cookies[second])
                if a.path.utf8.count != b.path.utf8.count { return a.path.utf8.count > b.path.utf8.count }
                return a.created != b.created ? a.created < b.created : first < second
            }.map { cookies[$0] }
        }
    }

    /// The value of the `Cookie` header for `url`, or `nil` when no cookie goes there.
    ///
    /// ```swift
    /// jar.cookieHeader(for: accountURL)    // "session=abc; theme=dark"
    /// ```
    public func cookieHeader(for url: URL) -> String? {
        let cookies = cookies(for: url)
        guard !cookies.isEmpty else { return nil }
        return cookies.map(\.pair).joined(separator: "; ")
    }

    /// Removes the cookies named `name`, for `domain` when given, and for `path` when given.
    ///
    /// - Throws: What the jar's ``CookieStorage`` throws when it saves.
    public func remove(named name: String, domain: String? = nil, path: String? = nil) throws {
        let removed = cookies.withLock { cookies in
            let before = cookies.count
            let domain = domain?.lowercased()
            cookies.removeAll { cookie in
                cookie.name == name && (domain ?? cookie.domain) == cookie.domain
                    && (path ?? cookie.path) == cookie.path
            }
            return cookies.count != before
        }
        if removed { try save() }
    }

    /// Removes every cookie.
    ///
    /// - Throws: What the jar's ``CookieStorage`` throws when it saves.
    public func removeAll() throws {
        cookies.withLock { $0.removeAll() }
        try save()
    }

    /// Saves the persistent cookies after a change.
    ///
    /// One save at a time, each reading the cookies once it holds ``saving``: the last save to
    /// finish wrote cookies at least as recent as any save before it, so an earlier state never
    /// overwrites a later one. A change a completed save already covered is not written again: a
    /// burst of changes made while one save writes ends in one more save, of the latest cookies.
    /// Requests read and store cookies while the storage writes.
    private func save() throws {
        guard let storage else { return }
        let change = changes.withLock { count in
            count += 1
            return count
        }
        try saving.withLock { saved in
            guard saved < change else { return }
            // Read before the cookies: every change counted by then is in what is read.
            let covered = changes.withLock { $0 }
            let time = now()
            let persistent = cookies.withLock { cookies in
                cookies.filter { $0.isPersistent && !$0.isExpired(at: time) }
            }
            try storage.save(persistent)
            saved = covered
        }
    }

    /// The number of changes that asked for a save so far; for tests, which wait on it.
    var changeCount: Int { changes.withLock { $0 } }

    /// Whether `cookie` goes with a request to `target` (§5.8.3).
    private static func sends(_ cookie: StoredCookie, to target: CookieTarget) -> Bool {
        (cookie.isHostOnly ? target.host == cookie.domain : target.domainMatches(cookie.domain))
            && target.pathMatches(cookie.path) && (!cookie.isSecure || target.isSecure)
    }
}

extension StoredCookie {
    /// `name=value`, or the value alone for a nameless cookie: its part of a `Cookie` header.
    var pair: String { name.isEmpty ? value : "\(name)=\(value)" }
}
