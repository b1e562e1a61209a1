import Foundation
import Testing

@testable import Courier

@Suite struct StringUTF8BytesTests {
    /// Small (inline) strings, large native ones, and strings made from a substring, a `Data`'s
    /// bytes and an `NSString`: every kind Linux makes. (A string that keeps its bytes outside
    /// Swift, bridged from `NSString` on Apple platforms, takes the copying path, which Linux has
    /// no such string to reach.)
    @Test(arguments: [
        "", "GET", "café ☕️", String(repeating: "long native text ", count: 8),
        String("prefix/the-rest-of-a-path".dropFirst(7)),
        String(decoding: Data("from data bytes".utf8), as: UTF8.self),
        String(NSString(string: "from an NSString")),
    ])
    func theBytesAreTheStringsUTF8(text: String) {
        let bytes = text.withUTF8Bytes { Array($0) }
        #expect(bytes == Array(text.utf8))
    }

    @Test func aResultAndAnErrorPassThrough() throws {
        struct Refused: Error {}
        #expect(("abc".withUTF8Bytes { $0.count }) == 3)
        // An optional result stays the closure's own, not the contiguous-storage check's: a
        // `nil` from the closure is returned, not taken for "not contiguous" and read again.
        var calls = 0
        #expect(
            ("abc".withUTF8Bytes { _ -> Int? in
                calls += 1
                return nil
            }) == nil)
        #expect(calls == 1)
        #expect(throws: Refused.self) { try "abc".withUTF8Bytes { _ in throw Refused() } }
    }
}
