import Foundation
import Testing

@testable import Courier

/// Fields in the shapes the http-state parser tests exercise, received from
/// `http://home.example.org:8888/cookie-parser` and read back at `/cookie-parser-result`.
struct CookieJarParsingCasesTests {
    let clock = CookieClock()
    static let origin = url("http://home.example.org:8888/cookie-parser?test")
    static let result = url("http://home.example.org:8888/cookie-parser-result?test")

    func header(after fields: [String], at target: URL = result) throws -> String? {
        let jar = clock.jar()
        for field in fields { try jar.receive(field, from: Self.origin) }
        return jar.cookieHeader(for: target)
    }

    @Test(
        arguments: [
            (["foo=bar"], "foo=bar"),
            (["foo=bar; max-age=10000;"], "foo=bar"),
            (["foo=bar; max-age=0;"], nil),
            (["foo=bar; version=1;"], "foo=bar"),
            (["foo=bar; customvalue=\"1000 or more\";"], "foo=bar"),
            (["foo=b;max-age=3600, c=d;path=/"], "foo=b"),  // no comma splits one field
            (["foo=bar, bar=baz"], "foo=bar, bar=baz"),
            (["=foo=bar"], "foo=bar"),  // a nameless cookie
            (["foo"], "foo"),
            (["\"foo\"=bar"], "\"foo\"=bar"),
            (["foo=  bar  "], "foo=bar"),
            (["foo=\"bar\""], "foo=\"bar\""),
            (["foo=bar", "foo=qux"], "foo=qux"),
            (["foo=bar; secure"], nil),  // plain http
            (["foo=bar; domain=home.example.org"], "foo=bar"),
            (["foo=bar; domain=.home.example.org"], "foo=bar"),
            (["foo=bar; domain=HOME.EXAMPLE.ORG"], "foo=bar"),
            (["foo=bar; domain=  .home.example.org  "], "foo=bar"),
            (["foo=bar; domain=.example.org"], "foo=bar"),
            (["foo=bar; domain=..home.example.org"], nil),
            (["foo=bar; domain=home..example.org"], nil),
            (["foo=bar; domain=.org"], nil),
            (["foo=bar; domain=.org."], nil),
            (["foo=bar; domain=sibling.example.org"], nil),
            (["foo=bar; domain=home.example.org."], nil),
            (["foo=bar; domain=.org; domain=home.example.org"], "foo=bar"),
            (["foo=bar; domain=home.example.org; domain=.org"], nil),
            (["foo=bar; domain=.home.example.org; domain="], "foo=bar"),  // the empty one is ignored
            (["foo=bar; path=/cookie-parser-result"], "foo=bar"),
            (["foo=bar; path=/cookie-parser-result/"], nil),
            (["foo=bar; path=/cookie"], nil),  // not at a slash
            (["foo=bar; path=/; path=/wrong"], nil),
            (["foo=bar; path=/wrong; path=/"], "foo=bar"),
            (["foo=bar; path= /cookie-parser-result "], "foo=bar"),
            (["foo=bar; expires=Fri, 07 Aug 2007 08:04:19 GMT", "foo2=bar2; max-age=60"], "foo2=bar2"),
            (["a=b; path=/", "c=d; path=/cookie-parser-result"], "c=d; a=b"),
        ] as [([String], String?)])
    func httpStateShapes(fields: [String], expected: String?) throws {
        #expect(try header(after: fields) == expected)
    }

    @Test func aDomainCookieReachesASubdomainAndAHostOnlyOneDoesNot() throws {
        let sub = url("http://subdomain.home.example.org:8888/cookie-parser-result")
        #expect(try header(after: ["foo=bar; domain=home.example.org"], at: sub) == "foo=bar")
        #expect(try header(after: ["foo=bar"], at: sub) == nil)
        #expect(
            try header(after: ["foo=bar; domain=.example.org"], at: url("http://sibling.example.org/"))
                == "foo=bar")
    }
}
