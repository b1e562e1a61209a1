import Testing

@testable import Courier

@Suite struct CacheControlTests {
    @Test func readsDirectivesWithoutCaseAcrossFields() {
        let control = CacheControl(
            HeaderFields([
                HeaderField(name: .cacheControl, value: "Max-Age=60, PRIVATE"),
                HeaderField(name: .cacheControl, value: "stale-if-error=30"),
            ]))
        #expect(control.seconds("max-age") == .valid(60))
        #expect(control.contains("private"))
        #expect(control.seconds("stale-if-error") == .valid(30))
        #expect(!control.contains("no-store"))
    }

    @Test func quotedValuesAreUnquotedAndCommasInsideQuotesDoNotSplit() {
        let control = CacheControl(#"max-age="3600", no-cache="Set-Cookie, X-Id", public"#)
        #expect(control.seconds("max-age") == .valid(3600))
        #expect(control.directives["no-cache"] == .some("Set-Cookie, X-Id"))
        #expect(control.contains("public"))
    }

    @Test func anEscapedQuoteKeepsAQuotedValueOpen() {
        let control = CacheControl(#"no-cache="a\"b, é", max-age = 5 ,public"#)
        #expect(control.directives["no-cache"] == .some(#"a"b, é"#))
        #expect(control.seconds("max-age") == .valid(5))
        #expect(control.contains("public"))
        #expect(control.directives.count == 3)
    }

    @Test func whitespaceAroundTheEqualsSignIsTolerated() {
        // Not the grammar's (RFC 9111 §5.2), but servers write it, and they mean the directive.
        #expect(CacheControl("max-age = 60").seconds("max-age") == .valid(60))
        #expect(CacheControl("max-age =60 , public").contains("public"))
    }

    @Test func invalidOrConflictingSecondsAreInvalid() {
        #expect(CacheControl("max-age").seconds("max-age") == .invalid)
        #expect(CacheControl("max-age=abc").seconds("max-age") == .invalid)
        #expect(CacheControl("max-age=-1").seconds("max-age") == .invalid)
        #expect(CacheControl("max-age=1, max-age=2").seconds("max-age") == .invalid)
        #expect(CacheControl("max-age=5, max-age=5").seconds("max-age") == .valid(5))
        #expect(CacheControl("no-store").seconds("max-age") == nil)
    }

    @Test func hugeDeltaSecondsSaturate() {
        #expect(CacheControl("max-age=99999999999999999999999").seconds("max-age") == .valid(Int(Int32.max)))
    }
}
