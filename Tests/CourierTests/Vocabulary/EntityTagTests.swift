import Foundation
import Testing

@testable import Courier

@Suite struct EntityTagTests {
    @Test func readsStrongAndWeakTagsAsFieldsCarryThem() throws {
        let strong = try #require(EntityTag(#""xyzzy""#))
        #expect(strong.opaqueTag == "xyzzy" && !strong.isWeak)
        let weak = try #require(EntityTag(#"  W/"xyzzy" "#))
        #expect(weak.opaqueTag == "xyzzy" && weak.isWeak)
        #expect(weak.description == #"W/"xyzzy""#)
        #expect(EntityTag(#""""#)?.opaqueTag == "")
        for bad in ["xyzzy", #""xy"zy""#, #"w/"xyzzy""#, #""xy zy""#, "\"", #"W/xyzzy"#, "\"\u{7F}\""] {
            #expect(EntityTag(bad) == nil, "\(bad)")
        }
        #expect(EntityTag(opaqueTag: "a\"b") == nil)
        #expect(EntityTag(opaqueTag: "caf\u{E9}")?.description == "\"caf\u{E9}\"")
    }

    /// RFC 9110 §8.8.3.2's table of weak and strong comparison.
    @Test func comparesAsTheRFCsTableSays() throws {
        let cases: [(String, String, strong: Bool, weak: Bool)] = [
            (#"W/"1""#, #"W/"1""#, false, true),
            (#"W/"1""#, #"W/"2""#, false, false),
            (#"W/"1""#, #""1""#, false, true),
            (#""1""#, #""1""#, true, true),
        ]
        for (left, right, strong, weak) in cases {
            let (a, b) = (try #require(EntityTag(left)), try #require(EntityTag(right)))
            #expect(a.matchesStrongly(b) == strong && b.matchesStrongly(a) == strong, "\(left) \(right)")
            #expect(a.matchesWeakly(b) == weak && b.matchesWeakly(a) == weak, "\(left) \(right)")
        }
    }

    @Test func readsAListOfTagsAndRefusesAnythingElse() {
        #expect(EntityTag.list(#""a", W/"b" ,"c,d""#)?.map(\.description) == [#""a""#, #"W/"b""#, #""c,d""#])
        #expect(EntityTag.list("")?.isEmpty == true)
        #expect(EntityTag.list(#""a" "b""#) == nil)
        #expect(EntityTag.list(#""a", b"#) == nil)
        #expect(EntityTag.list("*") == nil)
    }

    @Test func writesIMFFixdatesThatReadBackToTheSameSecond() throws {
        #expect(HTTPDate.format(Date(timeIntervalSince1970: 784_111_777)) == "Sun, 06 Nov 1994 08:49:37 GMT")
        #expect(HTTPDate.format(Date(timeIntervalSince1970: 0)) == "Thu, 01 Jan 1970 00:00:00 GMT")
        #expect(HTTPDate.format(Date(timeIntervalSince1970: 951_782_400)) == "Tue, 29 Feb 2000 00:00:00 GMT")
        #expect(HTTPDate.format(Date(timeIntervalSince1970: -1)) == "Wed, 31 Dec 1969 23:59:59 GMT")
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<500 {
            let seconds = Double(Int64.random(in: -2_000_000_000...8_000_000_000, using: &generator))
            let text = HTTPDate.format(Date(timeIntervalSince1970: seconds + 0.75))
            #expect(HTTPDate.parse(text) == Date(timeIntervalSince1970: seconds), "\(text)")
        }
    }
}
