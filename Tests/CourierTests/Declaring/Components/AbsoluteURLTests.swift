import CourierTestSupport
import Foundation
import Testing

@testable import Courier

@Suite struct AbsoluteURLTests {
    static let next = URL(string: "https://cdn.example.com/v2/items/?cursor=abc%2Fdef&limit=20")!

    @Test func theURLIsSentAsGivenWithDeclaredPartsAfterIt() throws {
        let plain = try Endpoint<Data, Never> {
            Method.get
            AbsoluteURL(Self.next)
        }.request()
        #expect(
            try exampleBase.url(for: plain).absoluteString
                == "https://cdn.example.com/v2/items/?cursor=abc%2Fdef&limit=20")
        #expect(plain.absoluteURL == Self.next)
        let extended = try Endpoint<Data, Never> {
            Method.get
            AbsoluteURL("https://cdn.example.com/v2?x=1")
            Path("images", "a b.png")
            Query("size", 2)
        }.request()
        #expect(
            try exampleBase.url(for: extended).absoluteString
                == "https://cdn.example.com/v2/images/a%20b.png?x=1&size=2")
    }

    @Test func aURLCourierCannotSendToIsRejectedWhenBuilt() {
        for text in ["ftp://cdn.example.com/a", "https://user:pass@cdn.example.com/a", "/relative/only"] {
            let error = expectCourierError(.invalidBaseURL, stage: .building) {
                try Endpoint<Data, Never> {
                    Method.get
                    AbsoluteURL(text)
                }.request()
            }
            #expect(error?.message.contains("pass") == false)
        }
        expectCourierError(.invalidBaseURL, stage: .building) {
            try Endpoint<Data, Never> {
                Method.get
                AbsoluteURL(Self.next)
                AbsoluteURL(Self.next)
            }.request()
        }
    }

    @Test func anInvalidTextIsQuotedWithoutItsQueryFragmentOrUserinfo() {
        #expect(
            AbsoluteURL.shown("https://user:pw@cdn.example.com/a b?access_token=T#frag")
                == "https://…@cdn.example.com/a b…")
        #expect(AbsoluteURL.shown("not a url#x") == "not a url…")
        #expect(AbsoluteURL.shown("https://cdn.example.com/a") == "https://cdn.example.com/a")
        let error = expectCourierError(.invalidBaseURL, stage: .building) {
            try Endpoint<Data, Never> {
                Method.get
                AbsoluteURL("")
            }.request()
        }
        #expect(error?.message.contains("\"\"") == true)
    }

    @Test func aURLInAPathIsRefusedWithTheNewSpelling() {
        let next = Self.next.absoluteString
        let literal = expectCourierError(.invalidPathSegment, stage: .building) {
            try Endpoint<Data, Never> {
                Method.get
                Path("https://cdn.example.com/a.png")
            }.request()
        }
        #expect(literal?.message.contains("Write AbsoluteURL(url)") == true)
        let value = expectCourierError(.invalidPathSegment, stage: .building) {
            try Endpoint<Data, Never> {
                Method.get
                Path(next)
            }.request()
        }
        #expect(
            value?.message
                == #"Path takes path segments, not a URL: "https://"… would be sent as a segment under the base URL. "#
                + "Write AbsoluteURL(url) to send the request to another URL.")
        #expect(value?.message.contains("cursor") == false)
        let segment = try? Endpoint<Data, Never> {
            Method.get
            Path("proxy", next)
        }.request()
        #expect(segment?.pathSegments == ["proxy", next])
    }

    @Test func theDescriptionShowsTheOriginOnly() {
        let endpoint = Endpoint<Data, Never> {
            Method.get
            AbsoluteURL(Self.next)
            Path("images", 7)
        }
        #expect(endpoint.description == "GET https://cdn.example.com/…/images/{…}")
    }
}
