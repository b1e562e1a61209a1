import Foundation
import Testing

@testable import Courier

struct QueryTextTests {
    @Test func pairsKeepEmptyOnesAndSplitAtTheFirstEquals() {
        let pairs = QueryText.pairs(of: "a=1=2&&b&=c"[...])
        #expect(pairs.map(\.text) == ["a=1=2", "", "b", "=c"])
        #expect(pairs.map(\.name) == ["a", "", "b", ""])
        #expect(pairs.map(\.value) == ["1=2", nil, nil, "c"])
        // A combining mark after `&` or `=` does not hide it.
        let marked = QueryText.pairs(of: "a=1&\u{301}b=\u{301}2"[...])
        #expect(marked.map(\.name) == ["a", "\u{301}b"])
        #expect(marked.map(\.value) == ["1", "\u{301}2"])
    }

    @Test(arguments: [
        ("a+b", ["a+b", "a b"]), ("a%2Bb", ["a+b", "a+b"]), ("a%20b", ["a b", "a b"]),
        ("a+%2", ["a+%2", "a %2"]), ("plain", ["plain", "plain"]),
    ])
    func aPartReadsWithPlusAsItselfThenAsASpace(part: String, readings: [String]) {
        #expect(QueryText.readings(of: part[...]) == readings)
    }

    @Test func secretItemsComeInBothReadingsAndOnlyTheirPairsAreRemoved() throws {
        let url = try #require(URL(string: "https://x.example/p?token=ab+cd&page=2&note=x+y"))
        let secrets = QueryText.secretItems(of: url, declaredSecret: [])
        #expect(secrets == [.init(name: "token", value: "ab+cd"), .init(name: "token", value: "ab cd")])
        let echoed = try #require(
            URL(string: "https://y.example/q?token=ab%20cd&page=2&token=ab%2Bcd&note=x+y"))
        #expect(
            QueryText.removing(secrets, from: echoed).absoluteString == "https://y.example/q?page=2&note=x+y")
    }
}
