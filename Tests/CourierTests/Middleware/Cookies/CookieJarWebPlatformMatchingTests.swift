import Foundation
import Testing

@testable import Courier

/// The domain, path, prefix and overwrite behaviour web-platform-tests checks in
/// `cookies/attributes/resources/domain-child.sub.html`, `cookies/path`, `cookies/prefix` and the
/// `-overwrite` tests, read from its tests and checked here through a ``CookieJar``.
struct CookieJarWebPlatformMatchingTests {
    let clock = CookieClock()

    // MARK: cookies/attributes/resources/domain-child.sub.html

    /// WPT's hosts: `{{host}}` is example.org, `www` home.example.org, `www1` sibling.example.org
    /// and `www2.www` subdomain.home.example.org; the page that sets the cookies is on `www`, and
    /// every field gets `; path=/cookies/attributes`.
    static func domainHeader(
        _ fields: [String], at host: String, clock: CookieClock
    ) throws -> String? {
        let jar = clock.jar()
        try jar.receive(
            fields.map { "\($0); path=/cookies/attributes" },
            from: url("http://home.example.org/cookies/resources/cookie.py"))
        return jar.cookieHeader(for: url("http://\(host)/cookies/attributes/resources/path.html"))
    }

    @Test(
        arguments: [
            (["test=1; domain=home.example.org"], "home.example.org", "test=1"),
            (["test=2; domain=home.example.org"], "sibling.example.org", nil),
            (["test=3; domain=.home.example.org"], "home.example.org", "test=3"),
            (["test=4; domain=home.example.org"], "subdomain.home.example.org", "test=4"),
            (["test=5; domain=.home.example.org"], "subdomain.home.example.org", "test=5"),
            (["test=6; domain=.home.example.org"], "sibling.example.org", nil),
            (["test=7; domain=sibling.example.org"], "sibling.example.org", nil),
            (["test=8; domain=.example.org"], "home.example.org", "test=8"),
            (["test=9; domain=example.org"], "home.example.org", "test=9"),
            (["test=10; domain=..home.example.org"], "home.example.org", nil),
            (["test=11; domain=www..example.org"], "home.example.org", nil),
            (["test=12; domain=  .home.example.org"], "home.example.org", "test=12"),
            (["test=13; domain=  .  home.example.org"], "home.example.org", nil),
            (["test=14; domain=home.example.org."], "home.example.org", nil),
            (["test=15; domain=home.example.org.."], "home.example.org", nil),
            (["test=16; domain=home.example.org ."], "home.example.org", nil),
            (["test=17; domain=.org"], "home.example.org", nil),
            (["test=18; domain=..org"], "home.example.org", nil),
            (["test=18b; domain=..org."], "home.example.org", nil),
            (
                ["testA=19; domain=home.example.org", "testB=19; domain=.home.example.org"],
                "home.example.org",
                "testA=19; testB=19"
            ),
            (
                ["testB=20; domain=.home.example.org", "testA=20; domain=home.example.org"],
                "home.example.org",
                "testB=20; testA=20"
            ),
            (["test=21; domain=\"home.example.org\""], "home.example.org", nil),
            (
                ["testA=22; domain=home.example.org", "testB=22; domain=.example.org"], "home.example.org",
                "testA=22; testB=22"
            ),
            (
                ["testB=23; domain=.example.org", "testA=23; domain=home.example.org"], "home.example.org",
                "testB=23; testA=23"
            ),
            (["test=24; domain=.example.org; domain=home.example.org"], "sibling.example.org", nil),
            (["test=25; domain=home.example.org; domain=.example.org"], "sibling.example.org", "test=25"),
            (["test=26; domain=home.eXaMpLe.org"], "home.example.org", "test=26"),
            (["test=27; domain=\"home.example.org:8000\""], "home.example.org", nil),
            (["test=28; domain=subdomain.home.example.org"], "subdomain.home.example.org", nil),
            (["test=29"], "subdomain.home.example.org", nil),
            (["test=30; domain="], "home.example.org", "test=30"),
            (["test=31; domain=home.example.org"], "home.eXaMpLe.org", "test=31"),
            (["test=32; domain=home.example.org; domain=home.example.orgzzz"], "home.example.org", nil),
            (["test=33; domain=home.example.orgzzz; domain=home.example.org"], "home.example.org", "test=33"),
            (
                ["test=34; domain=home.example.org; domain=home.example.orgzzz; domain=home.example.org"],
                "home.example.org", "test=34"
            ),
            (
                ["test=35; domain=home.example.orgzzz; domain=home.example.org; domain=home.example.orgzzz"],
                "home.example.org", nil
            ),
            (["test=36; domain=home.example.org; domain=home.example.org"], "home.example.org", "test=36"),
            (["test=37; domain=home.example.org; domain=example.org"], "home.example.org", "test=37"),
            (["test=38; domain=example.org; domain=home.example.org"], "home.example.org", "test=38"),
            (["test=39; domain=.sibling.example.org"], "sibling.example.org", nil),
            (["test=40; domain=.subdomain.home.example.org"], "subdomain.home.example.org", nil),
            (["test=41; domain=example.org; domain="], "home.example.org", "test=41"),
            (["test=42; domain=sibling.example.org; domain="], "home.example.org", nil),
            (["test=43 domain=sibling.example.org; domain="], "subdomain.home.example.org", nil),
            (
                ["test=not44; domain=home.example.org", "test=44; domain=.home.example.org"],
                "home.example.org",
                "test=44"
            ),
            (
                ["test=not45; domain=.home.example.org", "test=45; domain=home.example.org"],
                "home.example.org",
                "test=45"
            ),
        ] as [([String], String, String?)])
    func domain(fields: [String], host: String, expected: String?) throws {
        #expect(try Self.domainHeader(fields, at: host, clock: clock) == expected)
    }

    /// `cookies/domain/domain-attribute-idn-host`: a `Domain` in its ASCII form matches an
    /// internationalized host. WPT expects browsers to also take the name in UTF-8 (with an
    /// ideographic full stop too); RFC 6265bis §5.7 ignores a cookie whose `Domain` is not ASCII.
    @Test(
        arguments: [
            ("a=b; Domain=xn--lve-6lad.example.org", "a=b"), ("a=b; Domain=xn--lve-6la7i.example.org", nil),
            ("a=b; Domain=élève.example.org", nil), ("a=b; Domain=élève。example.org", nil),
            ("a=b; Domain=ÿlève.example.org", nil),
        ] as [(String, String?)])
    func internationalizedDomains(field: String, expected: String?) throws {
        let jar = clock.jar()
        let page = url("https://xn--lve-6lad.example.org/cookies/domain/support/idn.py")
        try jar.receive(field, from: page)
        #expect(jar.cookieHeader(for: page) == expected)
    }

    // MARK: cookies/path

    /// `match-segment-boundaries`: a cookie path matches the request path or a prefix of it that
    /// ends at a `/`, never a longer path.
    @Test(
        arguments: [
            ("/cookies/path/resources/echo.py", true), ("/cookies/path/resources", true),
            ("/cookies/path/resources/", true), ("/cookies/path/resources/echo", false),
            ("/cookies/path/resources/echo.py/", false), ("/cookies/path/resources/echo.py/sub", false),
        ])
    func pathSegmentBoundaries(path: String, matches: Bool) throws {
        let jar = clock.jar()
        let site = "https://home.example.org"
        try jar.receive("c=1; Path=\(path)", from: url("\(site)/cookies/resources/cookie.py"))
        #expect(
            jar.cookieHeader(for: url("\(site)/cookies/path/resources/echo.py")) == (matches ? "c=1" : nil))
    }

    /// `match-percent-encoded` (its ASCII cases) and `non-ascii-path-attribute`: the path is
    /// compared as the URL writes it, and a cookie whose winning `Path` holds what no URL path
    /// holds reaches no page, not even by its default path.
    @Test func pathsAreComparedAsTheURLWritesThem() throws {
        let site = "https://home.example.org"
        let setter = url("\(site)/cookies/resources/cookie.py")
        let scope = "/cookies/path/resources/probe/"
        let cases: [(field: String, page: String, sent: Bool)] = [
            ("c=1; Path=\(scope)zz a", "\(scope)zz%20a/probe.html", false),
            ("c=1; Path=\(scope)zz%20a", "\(scope)zz%20a/probe.html", true),
            ("c=1; Path=\(scope)zz%C2%B8", "\(scope)zz%C2%B8/probe.html", true),
            ("c=1; Path=\(scope)zz中", "\(scope)zz%E4%B8%AD/probe.html", false),
            (
                "c=1; Path=/cookies/path/resources; Path=/cookies/path/resources/zz中",
                "/cookies/path/resources/echo.py", false
            ),
            (
                "c=1; Path=/cookies/path/resources/zz中; Path=/cookies/path/resources",
                "/cookies/path/resources/echo.py", true
            ),
            ("c=1; Path=/cookies/path/resources中", "/cookies/path/resources/echo.py", false),
            ("c=1; Path=/cookies/path/resources/zz中", "/cookies/resources/list.py", false),
        ]
        for (field, page, sent) in cases {
            let jar = clock.jar()
            try jar.receive(field, from: setter)
            #expect(jar.cookieHeader(for: url(site + page)) == (sent ? "c=1" : nil), "\(field) at \(page)")
        }
    }

    // MARK: cookies/prefix and cookies/rfc6265bis/prefix

    /// `__host.explicit-path`: `__Host-` needs a `Path` attribute of `/`, not a default path of `/`.
    @Test(
        arguments: [
            ("Secure; Path=/", true), ("Secure; Path=/cookies", false), ("Secure", false),
            ("Secure; Path=", false),
            ("Secure; Path", false),
        ])
    func hostPrefixNeedsAnExplicitRootPath(attributes: String, stored: Bool) throws {
        let jar = clock.jar()
        let root = url("https://home.example.org/")
        try jar.receive("__Host-explicit-path=1; \(attributes)", from: root)
        #expect(jar.cookieHeader(for: root) == (stored ? "__Host-explicit-path=1" : nil))
    }

    /// `__secure.http.non-secure`, `__host.http.non-secure`, `__secure.http.secure`: a prefixed
    /// cookie is kept only from a secure origin with what its prefix asks.
    @Test func prefixedCookiesNeedASecureOrigin() throws {
        let plain = url("http://home.example.org/")
        let secure = url("https://home.example.org/")
        let jar = clock.jar()
        try jar.receive(["__Secure-a=1; Secure; Path=/", "__Host-b=1; Secure; Path=/"], from: plain)
        #expect(jar.cookieHeader(for: secure) == nil)
        try jar.receive(["__Secure-a=1; Path=/", "__Secure-c=1; Secure; Path=/"], from: secure)
        #expect(jar.cookieHeader(for: secure) == "__Secure-c=1")
    }

    // MARK: The -overwrite tests

    /// `value-overwrite`: a cookie with the same attributes and another value replaces the first,
    /// in one response or two; the empty value is a value too.
    @Test(
        arguments: [
            "Path=/", "Path=/; Secure", "Path=/; HttpOnly", "Path=/; SameSite=Strict", "Path=/; SameSite=Lax",
            "Path=/; SameSite=None; Secure", "Path=/; Expires=Fri, 01 Jan 2100 00:00:00 GMT",
            "Path=/; Secure; HttpOnly; SameSite=Strict; Expires=Fri, 01 Jan 2100 00:00:00 GMT",
            "Path=/; Max-Age=1000",
        ])
    func aValueIsOverwritten(attributes: String) throws {
        let site = url("https://home.example.org/cookies/resources/cookie.py")
        let separate = clock.jar()
        try separate.receive("test=1; \(attributes)", from: site)
        try separate.receive("test=2; \(attributes)", from: site)
        #expect(separate.all.map(\.pair) == ["test=2"])
        let together = clock.jar()
        try together.receive(["test=1; \(attributes)", "test=2; \(attributes)"], from: site)
        #expect(together.all.map(\.pair) == ["test=2"])
    }

    @Test func theEmptyValueOverwritesAndIsOverwritten() throws {
        let site = url("https://home.example.org/cookies/resources/cookie.py")
        let jar = clock.jar()
        try jar.receive(["test=1; Path=/", "test=; Path=/"], from: site)
        #expect(jar.all.map(\.pair) == ["test="])
        try jar.receive("test=1; Path=/", from: site)
        #expect(jar.all.map(\.pair) == ["test=1"])
    }

    /// `httponly-overwrite`: a cookie with the same value and another `HttpOnly` replaces the
    /// first, in one response or two.
    @Test(arguments: [true, false])
    func httpOnlyIsOverwrittenWithAnUnchangedValue(addsHTTPOnly: Bool) throws {
        let site = url("https://home.example.org/cookies/resources/cookie.py")
        let (first, second) =
            addsHTTPOnly
            ? ("test=1; Path=/", "test=1; Path=/; HttpOnly") : ("test=1; Path=/; HttpOnly", "test=1; Path=/")
        let separate = clock.jar()
        try separate.receive(first, from: site)
        try separate.receive(second, from: site)
        let together = clock.jar()
        try together.receive([first, second], from: site)
        for jar in [separate, together] {
            #expect(jar.cookieHeader(for: site) == "test=1")
            #expect(jar.all.map(\.isHTTPOnly) == [addsHTTPOnly])
        }
    }
}
