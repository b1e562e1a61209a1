import Foundation
import Testing

@testable import Courier

/// A wall clock that moves only when a test says so.
final class CookieClock: Sendable {
    private let time = LockedValue(Date(timeIntervalSince1970: 1_700_000_000))

    var now: Date { time.withLock { $0 } }

    func advance(by seconds: TimeInterval) {
        time.withLock { $0 += seconds }
    }

    func jar(limits: CookieLimits = CookieLimits()) -> CookieJar {
        CookieJar(limits: limits, now: { self.now })
    }
}

func url(_ text: String) -> URL {
    URL(string: text)!
}

/// The rules of RFC 6265bis §5.7 and §5.8, with the examples of its §3.1 first.
struct CookieJarTests {
    let clock = CookieClock()

    // MARK: The RFC's examples (§3.1)

    @Test func aHostOnlyCookieGoesBackToItsHostOnly() throws {
        let jar = clock.jar()
        try jar.receive("SID=31d4d96e407aad42", from: url("https://example.com/"))
        #expect(jar.cookieHeader(for: url("https://example.com/")) == "SID=31d4d96e407aad42")
        #expect(jar.cookieHeader(for: url("https://www.example.com/")) == nil)
    }

    @Test func aDomainCookieGoesToTheDomainAndItsSubdomains() throws {
        let jar = clock.jar()
        try jar.receive("SID=31d4d96e407aad42; Path=/; Domain=example.com", from: url("https://example.com/"))
        #expect(jar.cookieHeader(for: url("https://example.com/")) == "SID=31d4d96e407aad42")
        #expect(jar.cookieHeader(for: url("https://www.example.com/a")) == "SID=31d4d96e407aad42")
        #expect(jar.cookieHeader(for: url("https://notexample.com/")) == nil)
    }

    @Test func twoCookiesGoInOneHeaderAndAnExpiredOneIsRemoved() throws {
        let jar = clock.jar()
        let site = url("https://example.com/")
        try jar.receive("SID=31d4d96e407aad42; Path=/; Secure; HttpOnly", from: site)
        try jar.receive("lang=en-US; Path=/; Domain=example.com", from: site)
        #expect(jar.cookieHeader(for: site) == "SID=31d4d96e407aad42; lang=en-US")
        try jar.receive("lang=; Expires=Sun, 06 Nov 1994 08:49:37 GMT", from: site)
        // A host-only `lang` is not the domain `lang`: both are distinct cookies, and this one expired.
        #expect(jar.cookieHeader(for: site) == "SID=31d4d96e407aad42; lang=en-US")
        try jar.receive("lang=; Domain=example.com; Expires=Sun, 06 Nov 1994 08:49:37 GMT", from: site)
        #expect(jar.cookieHeader(for: site) == "SID=31d4d96e407aad42")
    }

    @Test func expiresMakesAPersistentCookieThatLeavesAtItsTime() throws {
        let jar = clock.jar()
        let site = url("https://example.com/")
        let expires = HTTPDate.format(clock.now + 3_600)
        let stored = try #require(try jar.receive("lang=en-US; Expires=\(expires)", from: site))
        #expect(stored.isPersistent)
        #expect(stored.expires == clock.now + 3_600)
        clock.advance(by: 3_599)
        #expect(jar.cookieHeader(for: site) == "lang=en-US")
        clock.advance(by: 1)
        #expect(jar.cookieHeader(for: site) == nil)
        #expect(jar.all.isEmpty)
    }

    // MARK: Expiry

    @Test func maxAgeWinsOverExpiresWhateverTheOrder() throws {
        let jar = clock.jar()
        let later = HTTPDate.format(clock.now + 86_400)
        let stored = try #require(
            try jar.receive("a=1; Max-Age=60; Expires=\(later)", from: url("https://x.test/")))
        #expect(stored.expires == clock.now + 60)
    }

    @Test func maxAgeZeroDeletesTheCookieItReplaces() throws {
        let jar = clock.jar()
        let site = url("https://x.test/")
        try jar.receive("a=1", from: site)
        #expect(try jar.receive("a=1; Max-Age=0", from: site) == nil)
        #expect(jar.all.isEmpty)
    }

    @Test func aLifetimeIsCappedAt400Days() throws {
        let jar = clock.jar()
        let stored = try #require(try jar.receive("a=1; Max-Age=999999999", from: url("https://x.test/")))
        #expect(stored.expires == clock.now + 400 * 86_400)
    }

    // MARK: Domains

    @Test func aForeignDomainIsRefused() throws {
        let jar = clock.jar()
        #expect(try jar.receive("a=1; Domain=other.com", from: url("https://example.com/")) == nil)
        #expect(try jar.receive("a=1; Domain=www.example.com", from: url("https://example.com/")) == nil)
        #expect(try jar.receive("a=1; Domain=ample.com", from: url("https://example.com/")) == nil)
        #expect(jar.all.isEmpty)
    }

    @Test func aPublicSuffixIsRefusedUnlessItIsTheHostItselfThenHostOnly() throws {
        let jar = clock.jar()
        #expect(try jar.receive("a=1; Domain=com", from: url("https://example.com/")) == nil)
        #expect(try jar.receive("a=1; Domain=co.uk", from: url("https://shop.co.uk/")) == nil)
        let own = try #require(try jar.receive("a=1; Domain=co.uk", from: url("https://co.uk/")))
        #expect(own.isHostOnly)
        #expect(own.domain == "co.uk")
        let allowed = try #require(
            try jar.receive("b=2; Domain=shop.co.uk", from: url("https://www.shop.co.uk/")))
        #expect(!allowed.isHostOnly)
    }

    @Test func anIPAddressHostGetsHostOnlyCookiesAndNoOtherDomain() throws {
        let jar = clock.jar()
        let stored = try #require(
            try jar.receive("a=1; Domain=127.0.0.1", from: url("http://127.0.0.1:8080/")))
        #expect(stored.isHostOnly)
        #expect(try jar.receive("b=2; Domain=0.0.1", from: url("http://127.0.0.1/")) == nil)
        #expect(jar.cookieHeader(for: url("http://127.0.0.1:9000/x")) == "a=1")
        let v6 = try #require(try jar.receive("c=3", from: url("http://[::1]:8080/")))
        #expect(v6.domain == "::1")
    }

    @Test func aDomainWithCharactersBeyondASCIIIsRefused() throws {
        let jar = clock.jar()
        #expect(
            try jar.receive("a=1; Domain=bücher.example", from: url("https://xn--bcher-kva.example/")) == nil)
    }

    /// §5.1.2: a host name is canonicalized to its A-labels, which is how a `Domain` names it.
    @Test func aHostBeyondASCIIIsMatchedInItsASCIIForm() throws {
        let jar = clock.jar()
        try jar.receive("a=1; Domain=xn--bcher-kva.example", from: url("https://Bücher.example/"))
        #expect(jar.cookieHeader(for: url("https://www.bücher.example/")) == "a=1")
        #expect(jar.cookieHeader(for: url("https://www.xn--bcher-kva.example/")) == "a=1")
        clock.advance(by: 1)
        try jar.receive("b=2", from: url("https://xn--bcher-kva.example/"))
        #expect(jar.cookieHeader(for: url("https://bücher.example/")) == "a=1; b=2")
        #expect(jar.cookieHeader(for: url("https://www.bücher.example/")) == "a=1")
    }

    @Test func hostsAndDomainsCompareWithoutCase() throws {
        let jar = clock.jar()
        try jar.receive("a=1; Domain=EXAMPLE.com", from: url("https://WWW.Example.COM/"))
        #expect(jar.cookieHeader(for: url("https://example.com/")) == "a=1")
    }

    @Test func aCustomPublicSuffixListDecides() throws {
        struct Everything: PublicSuffixList {
            func isPublicSuffix(_ domain: String) -> Bool { domain == "example.com" }
        }
        let jar = CookieJar(publicSuffixes: Everything(), now: { self.clock.now })
        #expect(try jar.receive("a=1; Domain=example.com", from: url("https://www.example.com/")) == nil)
    }

    @Test func commonPublicSuffixes() {
        let suffixes = CommonPublicSuffixes()
        #expect(suffixes.isPublicSuffix("com"))
        #expect(suffixes.isPublicSuffix("co.uk"))
        #expect(suffixes.isPublicSuffix("com.au"))
        #expect(!suffixes.isPublicSuffix("example.com"))
        #expect(!suffixes.isPublicSuffix("co.example"))
        #expect(!suffixes.isPublicSuffix("shop.co.uk"))
    }

    // MARK: Paths

    @Test func theDefaultPathIsTheDirectoryOfTheRequestPath() throws {
        let jar = clock.jar()
        #expect(try jar.receive("a=1", from: url("https://x.test/docs/page"))?.path == "/docs")
        #expect(try jar.receive("b=1", from: url("https://x.test/page"))?.path == "/")
        #expect(try jar.receive("c=1", from: url("https://x.test"))?.path == "/")
        #expect(try jar.receive("d=1", from: url("https://x.test/docs/"))?.path == "/docs")
    }

    @Test func aPathMatchesItselfAndWhatIsUnderItAtASlash() throws {
        let jar = clock.jar()
        try jar.receive("a=1; Path=/docs", from: url("https://x.test/"))
        #expect(jar.cookieHeader(for: url("https://x.test/docs")) == "a=1")
        #expect(jar.cookieHeader(for: url("https://x.test/docs/")) == "a=1")
        #expect(jar.cookieHeader(for: url("https://x.test/docs/page")) == "a=1")
        #expect(jar.cookieHeader(for: url("https://x.test/docsearch")) == nil)
        #expect(jar.cookieHeader(for: url("https://x.test/")) == nil)
    }

    @Test func longerPathsGoFirstThenEarlierCreated() throws {
        let jar = clock.jar()
        let site = url("https://x.test/")
        try jar.receive("root=1; Path=/", from: site)
        clock.advance(by: 1)
        try jar.receive("deep=2; Path=/a/b", from: site)
        clock.advance(by: 1)
        try jar.receive("mid=3; Path=/a", from: site)
        clock.advance(by: 1)
        try jar.receive("early=4; Path=/", from: site)
        #expect(jar.cookieHeader(for: url("https://x.test/a/b/c")) == "deep=2; mid=3; root=1; early=4")
    }

    @Test func aReplacementKeepsTheCreationTimeOfTheCookieItReplaces() throws {
        let jar = clock.jar()
        let site = url("https://x.test/")
        try jar.receive("a=1", from: site)
        clock.advance(by: 1)
        try jar.receive("b=2", from: site)
        clock.advance(by: 1)
        let replaced = try #require(try jar.receive("a=3", from: site))
        #expect(replaced.created == clock.now - 2)
        #expect(jar.cookieHeader(for: site) == "a=3; b=2")
    }

    @Test func aReplacementKeepsItsPlaceAmongCookiesCreatedAtTheSameTime() throws {
        let jar = clock.jar()
        let site = url("https://x.test/")
        // One response: both are created at the same time, `first` before `second`.
        try jar.receive(["first=1", "second=2"], from: site)
        clock.advance(by: 1)
        try jar.receive("first=3", from: site)
        #expect(jar.cookieHeader(for: site) == "first=3; second=2")
        #expect(jar.all.map(\.pair) == ["first=3", "second=2"])
    }

    @Test func aNamelessCookieIsSentAsItsValue() throws {
        let jar = clock.jar()
        try jar.receive("token", from: url("https://x.test/"))
        try jar.receive("a=1", from: url("https://x.test/"))
        #expect(jar.cookieHeader(for: url("https://x.test/")) == "token; a=1")
    }

    // MARK: Secure

    @Test func aSecureCookieIsNotSetOverPlainHTTPNorSentThere() throws {
        let jar = clock.jar()
        #expect(try jar.receive("a=1; Secure", from: url("http://x.test/")) == nil)
        #expect(try jar.receive("a=1; Secure", from: url("http://127.0.0.1/")) == nil)
        try jar.receive("b=2; Secure", from: url("https://x.test/"))
        #expect(jar.cookieHeader(for: url("http://x.test/")) == nil)
        #expect(jar.cookieHeader(for: url("https://x.test/")) == "b=2")
    }

    @Test func plainHTTPCannotShadowASecureCookie() throws {
        let jar = clock.jar()
        try jar.receive("a=secure; Secure; Domain=x.test", from: url("https://x.test/"))
        #expect(try jar.receive("a=plain", from: url("http://www.x.test/")) == nil)
        #expect(try jar.receive("a=plain; Path=/sub", from: url("http://x.test/")) == nil)
        // Over HTTPS the same cookie may be set, and over HTTP another name may.
        #expect(try jar.receive("a=plain", from: url("https://x.test/")) != nil)
        #expect(try jar.receive("b=plain", from: url("http://x.test/")) != nil)
    }

    @Test func sameSiteNoneNeedsSecure() throws {
        let jar = clock.jar()
        #expect(try jar.receive("a=1; SameSite=None", from: url("https://x.test/")) == nil)
        let stored = try #require(try jar.receive("a=1; SameSite=None; Secure", from: url("https://x.test/")))
        #expect(stored.sameSite == .none)
        #expect(try jar.receive("b=1; SameSite=Strict", from: url("https://x.test/"))?.sameSite == .strict)
    }

    // MARK: Prefixes

    @Test func theSecurePrefixNeedsSecure() throws {
        let jar = clock.jar()
        #expect(try jar.receive("__Secure-a=1", from: url("https://x.test/")) == nil)
        #expect(try jar.receive("__SECURE-a=1", from: url("https://x.test/")) == nil)
        #expect(try jar.receive("__Secure-a=1; Secure", from: url("https://x.test/")) != nil)
    }

    @Test func theHostPrefixNeedsSecureNoDomainAndPathSlash() throws {
        let jar = clock.jar()
        let site = url("https://x.test/a/b")
        #expect(try jar.receive("__Host-a=1; Secure", from: site) == nil)
        #expect(try jar.receive("__Host-a=1; Secure; Path=/; Domain=x.test", from: site) == nil)
        #expect(try jar.receive("__Host-a=1; Secure; Path=/a", from: site) == nil)
        // A Path that defaults to `/` is not `Path=/`, as browsers read it.
        let root = url("https://x.test/")
        #expect(try jar.receive("__Host-a=1; Secure; Path=", from: root) == nil)
        #expect(try jar.receive("__Host-a=1; Secure; Path", from: root) == nil)
        #expect(try jar.receive("__Host-a=1; Secure; Path=/; Path=", from: root) == nil)
        #expect(try jar.receive("__Host-a=1; Secure; Path=; Path=/", from: root) != nil)
        #expect(try jar.receive("__host-a=1; Path=/", from: site) == nil)
        #expect(try jar.receive("__Host-a=1; Secure; Path=/", from: site) != nil)
    }

    @Test func aNamelessCookieCannotLookPrefixed() throws {
        let jar = clock.jar()
        #expect(try jar.receive("__Host-a; Secure; Path=/", from: url("https://x.test/")) == nil)
        #expect(try jar.receive("=__Secure-a; Secure", from: url("https://x.test/")) == nil)
    }

    // MARK: Limits

    @Test func overTheDomainLimitTheLeastRecentlyUsedPlainCookieGoesFirst() throws {
        let jar = clock.jar(limits: CookieLimits(perDomain: 3, total: 10))
        let site = url("https://x.test/")
        try jar.receive("secure=1; Secure", from: site)
        clock.advance(by: 1)
        try jar.receive("old=1", from: site)
        clock.advance(by: 1)
        try jar.receive("new=1", from: site)
        clock.advance(by: 1)
        try jar.receive("newest=1", from: site)
        #expect(Set(jar.all.map(\.name)) == ["secure", "new", "newest"])
    }

    @Test func overTheTotalTheLeastRecentlyUsedGoesFirst() throws {
        let jar = clock.jar(limits: CookieLimits(perDomain: 1, total: 2))
        try jar.receive("a=1", from: url("https://a.test/"))
        clock.advance(by: 1)
        try jar.receive("b=1", from: url("https://b.test/"))
        clock.advance(by: 1)
        _ = jar.cookies(for: url("https://a.test/"))  // `a` is used now, `b` is not
        clock.advance(by: 1)
        try jar.receive("c=1", from: url("https://c.test/"))
        #expect(Set(jar.all.map(\.name)) == ["a", "c"])
    }

    // MARK: Removing

    @Test func removeByNameDomainAndPath() throws {
        let jar = clock.jar()
        try jar.receive("a=1", from: url("https://x.test/"))
        try jar.receive("a=2", from: url("https://y.test/"))
        try jar.receive("b=3", from: url("https://y.test/"))
        try jar.remove(named: "a", domain: "X.test")
        #expect(jar.all.map(\.value) == ["2", "3"])
        try jar.removeAll()
        #expect(jar.all.isEmpty)
    }

    // MARK: Saving

    /// Records the names of the cookies of each save; its save can read the jar it saves for.
    final class RecordingStorage: CookieStorage {
        let saves = LockedValue<[[String]]>([])
        let jar = LockedValue<CookieJar?>(nil)
        let readsJarWhileSaving: Bool

        init(readsJarWhileSaving: Bool = false) { self.readsJarWhileSaving = readsJarWhileSaving }

        func load() throws -> [StoredCookie] { [] }

        func save(_ cookies: [StoredCookie]) throws {
            if readsJarWhileSaving, let jar = jar.withLock({ $0 }) {
                // A request reading the jar while the storage writes.
                _ = jar.cookies(for: url("https://x.test/"))
            }
            saves.withLock { $0.append(cookies.map(\.name)) }
        }
    }

    @Test func theCookiesOfOneResponseAreStoredInOrderThenSavedOnce() throws {
        let storage = RecordingStorage()
        let jar = try CookieJar(storage: storage, now: { self.clock.now })
        let stored = try jar.receive(
            ["a=1; Max-Age=60", "b=2; Max-Age=60", "c=3", "x=\u{1}", "a=4; Max-Age=60"],
            from: url("https://x.test/"))
        #expect(stored.map { $0?.pair } == ["a=1", "b=2", "c=3", nil, "a=4"])
        #expect(storage.saves.withLock { $0 } == [["a", "b"]])
        #expect(jar.all.map(\.pair) == ["a=4", "b=2", "c=3"])
    }

    @Test func aResponseThatChangesNothingIsNotSaved() throws {
        let storage = RecordingStorage()
        let jar = try CookieJar(storage: storage, now: { self.clock.now })
        try jar.receive(["x=\u{1}", "foreign=1; Domain=example.com"], from: url("https://x.test/"))
        #expect(storage.saves.withLock { $0 }.isEmpty)
    }

    @Test func theJarAnswersRequestsWhileItsStorageSaves() throws {
        // The storage reads the jar from inside its save: that returns only if the jar's
        // cookies are not locked during storage I/O.
        let storage = RecordingStorage(readsJarWhileSaving: true)
        let jar = try CookieJar(storage: storage, now: { self.clock.now })
        storage.jar.withLock { $0 = jar }
        try jar.receive("a=1; Max-Age=60", from: url("https://x.test/"))
        #expect(storage.saves.withLock { $0 } == [["a"]])
    }

    // MARK: Secrecy

    @Test func aCookieNeverPrintsItsValue() throws {
        let jar = clock.jar()
        let cookie = try #require(
            try jar.receive("SID=hunter2; Secure; HttpOnly; SameSite=Lax", from: url("https://x.test/a/b")))
        #expect(cookie.description == "SID=<redacted>; Host=x.test; Path=/a; Secure; HttpOnly; SameSite=Lax")
        var dumped = ""
        dump(cookie, to: &dumped)
        #expect(!dumped.contains("hunter2"))
        #expect(!String(reflecting: cookie).contains("hunter2"))
    }
}
