import Foundation
import Testing

@testable import Courier

struct SetCookieLineTests {
    static let now = Date(timeIntervalSince1970: 1_700_000_000)
    static let limit: TimeInterval = 400 * 86_400

    func parse(_ text: String) -> SetCookieLine? {
        SetCookieLine(text, now: Self.now, ageLimit: Self.limit)
    }

    @Test func nameAndValueAreTrimmedAndSplitAtTheFirstEquals() throws {
        let line = try #require(parse("  SID = 31d4=d96e ; Path=/"))
        #expect(line.name == "SID")
        #expect(line.value == "31d4=d96e")
        #expect(line.attributes == [.path("/")])
    }

    @Test func withoutEqualsTheWholePairIsTheValueOfANamelessCookie() throws {
        let line = try #require(parse("abc; Secure"))
        #expect(line.name == "")
        #expect(line.value == "abc")
        #expect(line.attributes == [.secure])
    }

    @Test(arguments: ["a=b\u{01}", "a=b\nc", "a=\u{7F}", "=", "", "; Secure"])
    func controlCharactersOrNoNameAndValueIgnoreTheField(text: String) {
        #expect(parse(text) == nil)
    }

    @Test func aTabIsNotAControlCharacterHere() throws {
        #expect(try #require(parse("a=b\tc")).value == "b\tc")
    }

    @Test func nameAndValueOver4096BytesAreIgnored() {
        #expect(parse("n=" + String(repeating: "x", count: 4_095)) != nil)
        #expect(parse("n=" + String(repeating: "x", count: 4_096)) == nil)
    }

    @Test func anAttributeValueOver1024BytesIsIgnoredAlone() throws {
        let line = try #require(parse("a=b; Path=/" + String(repeating: "p", count: 1_024) + "; Secure"))
        #expect(line.attributes == [.secure])
    }

    @Test func attributeNamesAreCaseInsensitiveAndUnknownOnesDropped() throws {
        let line = try #require(parse("a=b; SECURE; hTtPoNlY; Priority=High; SameSite=LAX"))
        #expect(line.attributes == [.secure, .httpOnly, .sameSite(.lax)])
    }

    @Test func sameSiteWithAnUnknownValueIsDefault() throws {
        #expect(try #require(parse("a=b; SameSite=Sometimes")).attributes == [.sameSite(.default)])
        #expect(try #require(parse("a=b; SameSite")).attributes == [.sameSite(.default)])
    }

    @Test func domainLosesItsLeadingDotAndCaseAndAnEmptyOneIsIgnored() throws {
        #expect(try #require(parse("a=b; Domain=.Example.COM")).attributes == [.domain("example.com")])
        #expect(try #require(parse("a=b; Domain=")).attributes == [])
    }

    @Test func aPathThatIsNotAbsoluteStandsForTheDefaultPath() throws {
        #expect(try #require(parse("a=b; Path=")).attributes == [.path(nil)])
        #expect(try #require(parse("a=b; Path")).attributes == [.path(nil)])
        #expect(try #require(parse("a=b; Path=relative")).attributes == [.path(nil)])
        #expect(try #require(parse("a=b; Path=/x/y")).attributes == [.path("/x/y")])
    }

    @Test func maxAgeIsSecondsFromNowCappedAndZeroOrLessIsThePast() throws {
        #expect(try #require(parse("a=b; Max-Age=60")).attributes == [.maxAge(Self.now + 60)])
        #expect(try #require(parse("a=b; Max-Age=0")).attributes == [.maxAge(.distantPast)])
        #expect(try #require(parse("a=b; Max-Age=-5")).attributes == [.maxAge(.distantPast)])
        #expect(
            try #require(parse("a=b; Max-Age=99999999999999999999999")).attributes == [
                .maxAge(Self.now + Self.limit)
            ])
    }

    @Test(arguments: ["", "-", "+5", "5s", "1e3", " "])
    func aMaxAgeThatIsNotAnIntegerIsIgnored(value: String) throws {
        #expect(try #require(parse("a=b; Max-Age=\(value)")).attributes == [])
    }

    @Test func expiresIsReadAsACookieDateAndCappedAt400Days() throws {
        #expect(
            try #require(parse("a=b; Expires=Sun, 06 Nov 1994 08:49:37 GMT")).attributes == [
                .expires(CookieDateTests.rfcExample)
            ])
        #expect(
            try #require(parse("a=b; Expires=Fri, 01 Jan 9999 00:00:00 GMT")).attributes == [
                .expires(Self.now + Self.limit)
            ])
        #expect(try #require(parse("a=b; Expires=never")).attributes == [])
    }
}
