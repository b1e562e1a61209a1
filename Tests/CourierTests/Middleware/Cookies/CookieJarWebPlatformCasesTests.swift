import Foundation
import Testing

@testable import Courier

/// The behaviour web-platform-tests checks in `cookies/name`, `cookies/value`,
/// `cookies/attributes`, `cookies/size`, `cookies/encoding`, `cookies/path` and `cookies/prefix`,
/// read from its tests and checked here through a ``CookieJar``: fields received from
/// `http://home.example.org/cookies/resources/cookie.py`, read back at the default path
/// `/cookies/resources/` unless a case reads elsewhere.
struct CookieJarWebPlatformCasesTests {
    /// One case: the fields of one response, where the cookies are read, and the header expected.
    struct Case: Sendable, CustomTestStringConvertible {
        let fields: [String]
        let expected: String?
        let reader: String
        let testDescription: String

        init(
            _ fields: String..., expected: String?, at reader: String = defaultPathPage, _ description: String
        ) {
            self.fields = fields
            self.expected = expected
            self.reader = reader
            testDescription = description
        }
    }

    static let setter = url("http://home.example.org/cookies/resources/cookie.py")
    static let defaultPathPage = "http://home.example.org/cookies/resources/echo-cookie.html"
    /// The test page, for cases that set `Path=/` (WPT's `defaultPath: false`).
    static let page = "http://home.example.org/cookies/attributes/invalid.html"

    let clock = CookieClock()

    func header(after testCase: Case) throws -> String? {
        let jar = clock.jar()
        try jar.receive(testCase.fields, from: Self.setter)
        return jar.cookieHeader(for: url(testCase.reader))
    }

    @Test(arguments: nameCases + valueCases + invalidAttributeCases + lifetimeCases + charsetCases)
    func webPlatformCase(_ testCase: Case) throws {
        #expect(try header(after: testCase) == testCase.expected)
    }

    // MARK: cookies/name/name.html

    static let nameCases: [Case] = [
        Case("test1=;  path = /", expected: "test1=", at: page, "valueless cookie"),
        Case("=test=2", expected: "test=2", "nameless, with = in its value"),
        Case("===test=2b", expected: "==test=2b", "nameless, with several = in its value"),
        Case("=test2c", expected: "test2c", "nameless"),
        Case("test =3", expected: "test=3", "whitespace after the name"),
        Case("   test=4", expected: "test=4", "whitespace before the name"),
        Case(#""test=5"=test"#, #""test=5"#, expected: #""test=5"#, "the new cookie of the same name"),
        Case("test6;cool=dude", expected: "test6", "attributes after a nameless cookie"),
        Case("$Version=1; test=7", expected: "$Version=1", "a Cookie2 version name"),
        Case("test test=8", expected: "test test=8", "whitespace inside the name"),
        Case(#""test9;test"=9"#, expected: #""test9"#, "nameless, up to the first semicolon"),
        Case(#""test\"10;baz"=qux"#, expected: #""test\"10"#, "nameless, up to the first semicolon (2)"),
        Case("=test=11", "test11", expected: "test11", "the latest nameless cookie"),
        Case("test11", "test11a", expected: "test11a", "the latest nameless cookie, without ="),
        Case("test11", "test11a", "=test11b", expected: "test11b", "the latest nameless cookie, with ="),
        Case(
            "test11", "test11a", "=test11b", "test=11c", expected: "test11b; test=11c",
            "the latest nameless cookie beside a named one"),
        Case("test12=11", "test12=12", expected: "test12=12", "the last value of a name"),
        Case("testA=13", "testB=13", expected: "testA=13; testB=13", "first in, first out"),
        Case("a=test14", "z=test14", expected: "a=test14; z=test14", "first in, first out, one letter"),
        Case("z=test15", "a=test15", expected: "z=test15; a=test15", "first in, first out, not by name"),
        Case("z=test16, a=test16", expected: "z=test16, a=test16", "a comma splits nothing"),
        Case("testA=16", "=test16", "testB=16", expected: "testA=16; test16; testB=16", "=test16"),
        Case("test17a", "test17b", expected: "test17b", "a nameless cookie overwritten"),
        Case("=", expected: nil, "empty name and value"),
        Case("", expected: nil, "nothing"),
        Case("%74%65%73%74=20", expected: "%74%65%73%74=20", "a percent-encoded name stays encoded"),
    ]

    @Test(
        arguments: [
            "a", "1", "$", "!a", "@a", "#a", "$a", "%a", "^a", "&a", "*a", "(a", ")a", "-a", "_a", "+",
            #""a"#,
            #""a=b""#,
        ])
    func nameCharacters(_ name: String) throws {
        let field = "\(name)=test"
        #expect(try header(after: Case(field, expected: field, name)) == field)
    }

    // MARK: cookies/value/value.html

    static let valueCases: [Case] = [
        Case("test=1, baz=qux", expected: "test=1, baz=qux", "a comma in the value"),
        Case(#"test="2, baz=qux""#, expected: #"test="2, baz=qux""#, "a comma in a quoted value"),
        Case(#"test="3zz;pp" ; ;"#, expected: #"test="3zz"#, "nothing after the semicolon"),
        Case(#"test="4zz ;"#, expected: #"test="4zz"#, "no whitespace at the end"),
        Case(#"test="5zzz "   "ppp"  ;"#, expected: #"test="5zzz "   "ppp""#, "quotes and inner space"),
        Case(#"test=6A"B ;"#, expected: #"test=6A"B"#, "a lone quote"),
        Case("test7", expected: "test7", "nameless"),
        Case(#""test8\"HHH""#, expected: #""test8\"HHH""#, "nameless with an escaped quote"),
        Case(#"test="9"#, expected: #"test="9"#, "an unbalanced leading quote"),
        Case("=test10", expected: "test10", "nameless after ="),
        Case(
            "test=11" + String(repeating: "a", count: 4_089),
            expected: "test=11" + String(repeating: "a", count: 4_089), "4096 bytes with the ="),
        Case("test=12" + String(repeating: "a", count: 4_091), expected: nil, "over 4096 bytes"),
        Case(#"test="14 "   ;"#, expected: #"test="14 ""#, "whitespace after the closing quote"),
        Case("test=15    ;", expected: "test=15", "whitespace and a semicolon after the value"),
        Case("test=  16", expected: "test=16", "whitespace before the value"),
        Case(#"test="17""#, expected: #"test="17""#, "quotes kept"),
        Case(#"test="  18 ""#, expected: #"test="  18 ""#, "whitespace inside quotes kept"),
        Case(#"test="19;wow""#, expected: #"test="19"#, "nothing after a semicolon inside quotes"),
        Case(#"test="20=20""#, expected: #"test="20=20""#, "= inside quotes"),
        Case("test\t=\t21\t \t;\tttt", expected: "test=21", "tabs around the value"),
        Case("testA=22", "test22=", "testB=22", expected: "testA=22; test22=; testB=22", "test22="),
        Case("test=%32%33", expected: "test=%32%33", "a percent-encoded value stays encoded"),
    ]

    /// A browser's HTTP parser ends the field at a line feed, so WPT expects `test=13`; a field a
    /// client is given with a line feed in it holds a control character, and RFC 6265bis §5.6
    /// ignores it entirely.
    @Test func aLineFeedInTheFieldVoidsIt() throws {
        #expect(try header(after: Case("test=13\nZYX", expected: nil, "a line feed")) == nil)
    }

    // MARK: cookies/attributes/invalid.html

    static let invalidAttributeCases: [Case] = [
        Case("test=1; lol; Path=/", expected: "test=1", at: page, "an unknown attribute"),
        Case("test=2; Path=/; lol", expected: "test=2", at: page, "an unknown attribute last"),
        Case("test=3; Path=/; 'lol'", expected: "test=3", at: page, "a single-quoted one"),
        Case(#"test=4; Path=/; "lol""#, expected: "test=4", at: page, "a double-quoted one"),
        Case("test=5; Path=/; lol=", expected: "test=5", at: page, "an unknown one with ="),
        Case(#"test=6; lol="aaa;bbb"; Path=/"#, expected: "test=6", at: page, "a quoted semicolon"),
        Case(#"test=7; Path=/; lol="aaa;bbb""#, expected: "test=7", at: page, "a quoted semicolon last"),
        Case(#"test=8; "Secure""#, expected: "test=8", "a quoted Secure is not Secure"),
        Case("test=9; Secure qux", expected: "test=9", "Secure qux is not Secure"),
        Case("test=10; b,az=qux", expected: "test=10", "a comma in an attribute name"),
        Case("test=11; baz=q,ux", expected: "test=11", "a comma in an attribute value"),
        Case("  test  = 12  ;foo;;;   bar", expected: "test=12", "whitespace and empty attributes"),
        Case("  test=== 13  ;foo;;;   bar", expected: "test=== 13", "= in the value"),
        Case("test=14; version=1;", expected: "test=14", "version=1"),
        Case("test=15; version=1000;", expected: "test=15", "version=1000"),
        Case("test=16; customvalue='1000 or more';", expected: "test=16", "a custom attribute"),
        Case("test=17; customvalue='1000 or more'", expected: "test=17", "a custom attribute last"),
        Case("test=18; foo=bar, a=b", expected: "test=18", "a comma after an attribute"),
        Case("test=19;max-age=3600, c=d;path=/", expected: "test=19", at: page, "no comma split"),
        Case("testA=20", "=", "testb=20", expected: "testA=20; testb=20", "Set-Cookie: ="),
        Case("test=21", "", expected: "test=21", "an empty field"),
        Case("test22", "=", expected: "test22", "= beside a nameless cookie"),
        Case("testA23", "; testB23", expected: "testA23", "; testB23"),
        Case("test24", "   ", expected: "test24", "spaces"),
        Case("test25", "\t", expected: "test25", "a tab"),
        Case(
            "test=26; domain=.parser.test; ;; ;=; ,,, ===,abc,=; abracadabra! max-age=20;=;;",
            expected: nil,
            "a domain that does not match"),
    ]

    // MARK: cookies/attributes/max-age.html and expires.html

    static let lifetimeCases: [Case] = [
        Case("test=1; Max-Age=50,399", expected: "test=1", "a comma voids Max-Age"),
        Case("test=2; max-age=10000", expected: "test=2", "an age"),
        Case("test=3; max-age=0", expected: nil, "max-age=0"),
        Case("test=4; max-age=-1", expected: nil, "max-age=-1"),
        Case("test=5; max-age=-20", expected: nil, "max-age=-20"),
        Case("testA=6; max-age=60", "testB=6; max-age=60", expected: "testA=6; testB=6", "two"),
        Case(
            "testA=7; max-age=60", "testB=7; max-age=60", "testA=differentvalue; max-age=0",
            expected: "testB=7", "max-age=0 removes the cookie of that name"),
        Case(
            "testA=8; max-age=60", "testB=8; max-age=60", "testA=differentvalue; max-age=0",
            "testC=8; max-age=0",
            expected: "testB=8", "and sets none of its own"),
        Case(
            #"test="9! = foo;bar\";" parser; max-age=6"#, "test9; max-age=2.63,",
            expected: #"test="9! = foo; test9"#,
            "a quoted semicolon and an invalid age"),
        Case("test=10; max-age=0", "test10; max-age=0", expected: nil, "two with max-age=0"),
        Case("test=1; Expires=Fri, 01 Jan 2038 00:00:00 GMT", expected: "test=1", "a date with a comma"),
        Case(
            "test=2; Expires=Fri 01 Jan 2038 00:00:00 GMT, baz=qux", expected: "test=2",
            "a comma after a date"),
        Case(
            "test=expired; Expires=Fri, 07 Aug 2007 08:04:19 GMT",
            "test=4; Expires=Fri, 07 Aug 2027 08:04:19 GMT",
            expected: "test=4", "an expired and a valid cookie"),
        Case("test=5; expires=Thu, 10 Apr 1980 16:33:12 GMT", expected: nil, "a date in the past"),
    ]

    // MARK: cookies/encoding/charset.html

    static let charsetCases: [Case] = [
        Case("test=1春节回家路·春运完全手册", expected: "test=1春节回家路·春运完全手册", "UTF-8 value"),
        Case("тест=2", expected: "тест=2", "UTF-8 name"),
        Case(#"test="3春节回家路·春运完全手册""#, expected: #"test="3春节回家路·春运完全手册""#, "quoted UTF-8 value"),
        Case("春节回=4家路·春运完全手册", expected: "春节回=4家路·春运完全手册", "UTF-8 name and value"),
        Case(#""春节回=5家路·春运完全手册""#, expected: #""春节回=5家路·春运完全手册""#, "quoted UTF-8 name and value"),
        Case("春节回=6家路·春运; 完全手册", expected: "春节回=6家路·春运", "a UTF-8 attribute"),
    ]

    // MARK: cookies/size

    @Test(
        arguments: [
            (2_048, 2_048, true), (4_097, 1, false), (4_096, 0, true), (4_097, 0, false), (1, 4_095, true),
            (1, 4_096, false), (4_096, 1, false), (0, 4_096, true), (0, 4_097, false),
        ])
    func nameAndValueSize(nameLength: Int, valueLength: Int, kept: Bool) throws {
        let (name, value) = (
            String(repeating: "t", count: nameLength), String(repeating: "1", count: valueLength)
        )
        let sent = name.isEmpty ? value : "\(name)=\(value)"
        let field = Case("\(name)=\(value)", expected: kept ? sent : nil, "\(nameLength) and \(valueLength)")
        #expect(try header(after: field) == field.expected)
    }

    @Test func aNamelessValueOver4096BytesWithoutEqualsIsIgnored() throws {
        let field = String(repeating: "1", count: 4_097)
        #expect(try header(after: Case(field, expected: nil, "4097 nameless")) == nil)
    }

    @Test func anAttributeValueOver1024BytesIsIgnoredAndTheOtherWins() throws {
        let page = "http://home.example.org/cookies/size/attributes.html"
        let longPath = "/cookies/siz" + String(repeating: "e", count: 1_024)
        let longDomain = String(repeating: "a", count: 1_024) + ".com"
        for testCase in [
            Case("test=1; path=/cookies/size; path=\(longPath)", expected: "test=1", at: page, "path before"),
            Case("test=2; path=\(longPath); path=/cookies/size", expected: "test=2", at: page, "path after"),
            Case("test=3; domain=example.org; domain=\(longDomain)", expected: "test=3", "domain before"),
            Case("test=4; domain=\(longDomain); domain=example.org", expected: "test=4", "domain after"),
        ] {
            #expect(try header(after: testCase) == testCase.expected, "\(testCase.testDescription)")
        }
    }
}
