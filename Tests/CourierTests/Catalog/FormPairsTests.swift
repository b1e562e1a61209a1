import Foundation
import Testing

@testable import Courier

@Suite struct FormPairsTests {
    private struct Tagged: Decodable, Equatable {
        let tags: [String]
        let meta: [String: String]
    }

    /// 50,000 indexed elements and 20,000 dictionary keys. Read by scanning every pair per name
    /// (as before the index), this took minutes; indexed, well under a second on an idle machine.
    /// The bound is 60 times that, so a loaded machine passes and a quadratic reading does not.
    @Test func aLargeFormDecodesInLinearTime() throws {
        var encoding = FormEncoding()
        encoding.arrays = .indexed
        let items =
            (0..<50_000).map { QueryItem(name: "tags[\($0)]", value: "t\($0)") }
            + (0..<20_000).map { QueryItem(name: "meta[k\($0)]", value: "v\($0)") }
        let clock = ContinuousClock()
        let start = clock.now
        let value = try FormDecoder(items: items, encoding: encoding, position: .named(nil)).value(
            Tagged.self)
        let elapsed = start.duration(to: clock.now)
        #expect(value.tags.count == 50_000)
        #expect(value.tags[49_999] == "t49999")
        #expect(value.meta.count == 20_000)
        #expect(value.meta["k19999"] == "v19999")
        #expect(elapsed < .seconds(30), "took \(elapsed)")
    }

    @Test func namesNestedUnderOthersAreFoundAtEveryLevel() {
        let pairs = FormPairs(
            [
                QueryItem(name: "a[b][c]", value: "1"), QueryItem(name: "a[b][d]", value: "2"),
                QueryItem(name: "a[e]", value: "3"), QueryItem(name: "x[2]", value: "y"),
                QueryItem(name: "x[0]", value: "z"), QueryItem(name: "x[1", value: "w"),
            ], nesting: .brackets)
        #expect(pairs.keys(under: nil) == ["a", "x"])
        #expect(pairs.keys(under: "a") == ["b", "e"])
        #expect(pairs.keys(under: "a[b]") == ["c", "d"])
        #expect(pairs.carries("a[b]") && pairs.carries("a[e]") && !pairs.carries("a[c]"))
        #expect(pairs.indices(under: "x") == [0, 2])
        let dots = FormPairs(
            [QueryItem(name: "a.b.c", value: "1"), QueryItem(name: "a.d[0]", value: "2")], nesting: .dots)
        #expect(dots.keys(under: "a") == ["b", "d"])
        #expect(dots.keys(under: "a.b") == ["c"])
        #expect(dots.indices(under: "a.d") == [0])
    }

    private struct Range: Codable, Equatable {
        var from: String?
        var to: String?
    }

    private struct Prefs: Codable, Equatable {
        var tags: [String]
    }

    private struct Filter: Codable, Equatable {
        var name: String
        var range: Range
        var prefs: Prefs
        var labels: [String: String]
        var count: Int?
    }

    /// What prints no pair (a nested value whose properties are all nil or empty, an empty
    /// dictionary) reads back as that value, not as a missing key.
    @Test func nestedValuesThatPrintNothingReadBack() throws {
        let value = Filter(name: "a", range: Range(), prefs: Prefs(tags: []), labels: [:], count: nil)
        let items = try FormEncoding().queryItems(for: value)
        #expect(items == [QueryItem(name: "name", value: "a")])
        let decoded = try FormDecoder(items: items, encoding: FormEncoding(), position: .named(nil)).value(
            Filter.self)
        #expect(decoded == value)
    }

    @Test func aMissingScalarIsStillMissing() {
        let items = [QueryItem(name: "range[from]", value: "x")]
        #expect(throws: DecodingError.self) {
            try FormDecoder(items: items, encoding: FormEncoding(), position: .named(nil)).value(Filter.self)
        }
    }
}
