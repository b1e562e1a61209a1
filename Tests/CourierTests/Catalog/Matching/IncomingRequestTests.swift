import Foundation
import Testing

@testable import Courier

struct IncomingRequestTests {
    /// `&`, `=`, `?` and `/` are found by their bytes, as URL and form parsers read code points:
    /// a combining mark after one does not join it into one `Character` that hides it.
    @Test func aSeparatorFollowedByACombiningMarkStillSeparates() {
        #expect(
            IncomingRequest.pairs("a=b&\u{301}c=d")
                == [QueryItem(name: "a", value: "b"), QueryItem(name: "\u{301}c", value: "d")])
        #expect(
            IncomingRequest.pairs("a=\u{301}b") == [
                QueryItem(name: "a", value: "\u{301}b")
            ])
        #expect(
            IncomingRequest.pairs("a+\u{301}=b") == [
                QueryItem(name: "a \u{301}", value: "b")
            ])
        let request = IncomingRequest(
            method: .get, target: "/x/\u{301}y?\u{301}q=1", headers: HeaderFields(), body: Data())
        #expect(request.pathSegments == ["x", "\u{301}y"])
        #expect(request.queryItems == [QueryItem(name: "\u{301}q", value: "1")])
        // A query reads `+` as a space, as HTML forms and URLSearchParams write one.
        let form = IncomingRequest(
            method: .get, target: "/s?q=a+b%2Bc", headers: HeaderFields(), body: Data())
        #expect(form.queryItems == [QueryItem(name: "q", value: "a b+c")])
    }

    @Test func pairsDecodeAndKeepOrderAndEmptyValues() {
        #expect(
            IncomingRequest.pairs("a=1&&b&c=%20+&=e")
                == [
                    QueryItem(name: "a", value: "1"), QueryItem(name: "b", value: ""),
                    QueryItem(name: "c", value: "  "), QueryItem(name: "", value: "e"),
                ])
        #expect(
            IncomingRequest.pairs("c=+&d=%2B") == [
                QueryItem(name: "c", value: " "), QueryItem(name: "d", value: "+"),
            ])
        #expect(IncomingRequest.pairs("a=%zz") == nil)
    }
}
