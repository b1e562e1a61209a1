import Courier
import Foundation
import HTTPTypes

/// A seeded generator (SplitMix64), so that every run checks the same generated values and a
/// failure names the seed that shows it.
struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var mixed = state
        mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
        mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
        return mixed ^ (mixed >> 31)
    }
}

/// Values both vocabularies can hold, drawn from `generator`.
enum GeneratedValues {
    /// The characters of an RFC 9110 token.
    static let tokenCharacters = Array(
        "!#$%&'*+-.^_`|~0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ")

    /// Visible ASCII, and characters beyond ASCII that are not controls.
    static let valueCharacters = Array(
        "!\"#$%&'()*+,-./0123456789:;<=>?@ABCXYZ[\\]^_`abcxyz{|}~éüß€日本語🙂")

    static func token(_ generator: inout SeededGenerator, length: ClosedRange<Int> = 1...12) -> String {
        String(
            (0..<Int.random(in: length, using: &generator)).map { _ in
                tokenCharacters.randomElement(using: &generator)!
            })
    }

    /// A field value: visible characters with spaces and tabs inside, never at either end; may be
    /// empty.
    static func fieldValue(_ generator: inout SeededGenerator) -> String {
        let count = Int.random(in: 0...24, using: &generator)
        var characters: [Character] = []
        for index in 0..<count {
            let inside = index > 0 && index < count - 1
            if inside && Int.random(in: 0..<6, using: &generator) == 0 {
                characters.append(Bool.random(using: &generator) ? " " : "\t")
            } else {
                characters.append(valueCharacters.randomElement(using: &generator)!)
            }
        }
        return String(characters)
    }

    static let names: [HeaderName] = [.accept, .authorization, .cookie, .contentType, .etag, .cacheControl]

    /// A field with a known or generated name, marked secret at random.
    static func headerField(_ generator: inout SeededGenerator) -> HeaderField {
        let name =
            Bool.random(using: &generator)
            ? names.randomElement(using: &generator)!
            : HeaderName(validating: token(&generator))!
        return HeaderField(
            name: name, value: fieldValue(&generator), isSecret: Bool.random(using: &generator))
    }

    static func headerFields(_ generator: inout SeededGenerator) -> HeaderFields {
        HeaderFields((0..<Int.random(in: 0...8, using: &generator)).map { _ in headerField(&generator) })
    }

    /// Text for a path segment or query value: anything, including `/`, `?`, `%`, spaces and
    /// characters beyond ASCII; never empty.
    static func text(_ generator: inout SeededGenerator) -> String {
        let pieces = ["a", "Z", "0", "/", "?", "%", "&", "=", "+", " ", "é", "日", "🙂", "-", ".", "~", "#"]
        return (0..<Int.random(in: 1...10, using: &generator)).map { _ in
            pieces.randomElement(using: &generator)!
        }
        .joined()
    }
}
