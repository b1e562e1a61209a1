import Courier
import CourierTestSupport
import Foundation
import Testing

/// The Public Suffix List's algorithm over a few of its own kinds of rule.
struct PublicSuffixRulesTests {
    /// Rules in the list's format: plain, wildcard, exception, Unicode, comments and blank lines.
    private let text = """
        // ===BEGIN ICANN DOMAINS===
        com
        uk
        co.uk

        // A wildcard with an exception.
        *.ck
        !www.ck
        jp
        *.kawasaki.jp
        !city.kawasaki.jp
        // Unicode rules are matched in their ASCII form.
        公司.cn
        cn
        // ===BEGIN PRIVATE DOMAINS===
        github.io extra words after a space are ignored
        """

    @Test func plainRulesAndSingleLabelsAreSuffixes() throws {
        let rules = try PublicSuffixRules(text)
        #expect(rules.isPublicSuffix("com"))
        #expect(rules.isPublicSuffix("co.uk"))
        #expect(rules.isPublicSuffix("github.io"))
        // A domain of one label is a suffix even when no rule names it (the list's `*` rule).
        #expect(rules.isPublicSuffix("localdomain"))
        #expect(!rules.isPublicSuffix("example.com"))
        #expect(!rules.isPublicSuffix("example.co.uk"))
        #expect(!rules.isPublicSuffix("octocat.github.io"))
        #expect(!rules.isPublicSuffix("io.example"))
    }

    @Test func wildcardsNameOneLabelMoreAndExceptionsWin() throws {
        let rules = try PublicSuffixRules(text)
        #expect(rules.isPublicSuffix("anything.ck"))
        #expect(!rules.isPublicSuffix("www.ck"))
        #expect(!rules.isPublicSuffix("a.b.ck"))
        #expect(rules.isPublicSuffix("shop.kawasaki.jp"))
        #expect(!rules.isPublicSuffix("city.kawasaki.jp"))
        #expect(!rules.isPublicSuffix("kawasaki.jp"))
    }

    @Test func unicodeRulesMatchTheirASCIIForm() throws {
        let rules = try PublicSuffixRules(text)
        #expect(rules.isPublicSuffix("xn--55qx5d.cn"))
        #expect(rules.isPublicSuffix("公司.cn"))
        #expect(!rules.isPublicSuffix("example.xn--55qx5d.cn"))
        // RFC 3492's encoding, label by label, after lower-casing.
        let german = try PublicSuffixRules("bücher.example\nMünchen.example")
        #expect(german.isPublicSuffix("xn--bcher-kva.example"))
        #expect(german.isPublicSuffix("xn--mnchen-3ya.example"))
    }

    @Test func aJarRefusesACookieForASuffixTheListNames() throws {
        let jar = CookieJar(publicSuffixes: try PublicSuffixRules(text))
        let target = try #require(URL(string: "https://octocat.github.io/"))
        // The common rules would let one github.io site set a cookie for every other.
        #expect(try CookieJar().receive("id=1; Domain=github.io", from: target) != nil)
        #expect(try jar.receive("id=1; Domain=github.io", from: target) == nil)
        #expect(try jar.receive("id=2; Domain=octocat.github.io", from: target)?.value == "2")
    }

    @Test func aTrailingDotNamesTheSameSuffix() throws {
        let jar = CookieJar(publicSuffixes: try PublicSuffixRules(text))
        let target = try #require(URL(string: "https://octocat.github.io./"))
        #expect(try jar.receive("id=1; Domain=github.io.", from: target) == nil)
        #expect(
            try CookieJar().receive("id=1; Domain=com.", from: try #require(URL(string: "https://a.com./")))
                == nil)
    }

    @Test func aFileThatCannotBeReadIsRefusedWithItsCause() {
        let error = expectCourierError(.invalidPublicSuffixList, stage: .building) {
            _ = try PublicSuffixRules(contentsOf: URL(fileURLWithPath: "/nonexistent/public_suffix_list.dat"))
        }
        #expect(error?.underlying != nil)
    }

    @Test func textWithoutARuleIsRefused() {
        let error = expectCourierError(.invalidPublicSuffixList, stage: .building) {
            _ = try PublicSuffixRules("// only a comment\n\n")
        }
        #expect(error?.message == "The Public Suffix List text has no rule.")
    }
}
