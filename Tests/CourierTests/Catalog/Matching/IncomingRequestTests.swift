import Foundation
import Testing

@testable import Courier

struct IncomingRequestTests {
    /// `&`, `=`, `?` and `/` are found by their bytes, as URL and form parsers read code points:
    /// a combining mark after one does not join it into one `Character` that hides it.
    @Test func aSeparatorFollowedByACombiningMarkStillSeparates() {
        #expect(
            IncomingRequest.pairs("a=b&\u{301}c=d", plusIsSpace: false)
                == [QueryItem(name: "a", value: "b"), QueryItem(name: "\u{301}c", value: "d")])
        #expect(
            IncomingRequest.pairs("a=\u{301}b", plusIsSpace: false) == [
                QueryItem(name: "a", value: "\u{301}b")
            ])
        #expect(
            IncomingRequest.pairs("a+\u{301}=b", plusIsSpace: true) == [
                QueryItem(name: "a \u{301}", value: "b")
            ])
        let request = IncomingRequest(
            method: .get, target: "/x/\u{301}y?\u{301}q=1", headers: HeaderFields(), body: Data())
        #expect(request.pathSegments == ["x", "\u{301}y"])
        #expect(request.queryItems == [QueryItem(name: "\u{301}q", value: "1")])
    }

    @Test func pairsDecodeAndKeepOrderAndEmptyValues() {
        #expect(
            IncomingRequest.pairs("a=1&&b&c=%20+&=e", plusIsSpace: true)
                == [
                    QueryItem(name: "a", value: "1"), QueryItem(name: "b", value: ""),
                    QueryItem(name: "c", value: "  "), QueryItem(name: "", value: "e"),
                ])
        #expect(IncomingRequest.pairs("c=+", plusIsSpace: false) == [QueryItem(name: "c", value: "+")])
        #expect(IncomingRequest.pairs("a=%zz", plusIsSpace: false) == nil)
    }
}
