import Foundation

/// Deterministic values for the round trip: SplitMix64 from a fixed seed, drawing text from
/// edges a wire gets wrong (reserved characters, whitespace at either end, empty and huge
/// values, emoji, combining marks, percent signs and plus signs).
struct Generator {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }

    mutating func pick<T>(_ choices: [T]) -> T { choices[below(choices.count)] }

    /// Pieces that texts are made of.
    private static let pieces: [String] = [
        "a", "Z", "0", "9", " ", "\t", "\n", "\r\n", ":", "/", "?", "#", "[", "]", "@", "!", "$", "&", "'",
        "(", ")", "*", "+", ",", ";", "=", "%", "%20", "%2F", "%zz", "\"", "\\", "<", ">", "{", "}", "|",
        "^", "`", "~", ".", "..", "-", "_", "é", "e\u{301}", "ß", "日本", "🙂", "👩‍👩‍👧", "🏳️‍🌈", "\u{200B}",
        "\u{00A0}", "\u{FEFF}", "null", "true", "[0]", "a[b]", "a.b", "tag[]",
    ]

    /// Text of 0 to 12 pieces, or now and then empty, one space, or huge.
    mutating func text(hugeLength: Int) -> String {
        switch below(20) {
        case 0: return ""
        case 1: return " "
        case 2: return String(repeating: pick(["x", "é", "🙂", "%", " a"]), count: hugeLength)
        default:
            var text = ""
            for _ in 0..<below(13) { text += pick(Self.pieces) }
            return text
        }
    }

    mutating func integer() -> Int {
        pick([0, -1, 1, Int.max, Int.min, Int(truncatingIfNeeded: next()), below(1000)])
    }

    mutating func double() -> Double {
        pick([0, -0.0, 1.5, -2.25, 1e300, -1e-300, Double(below(1_000_000)) / 7, .greatestFiniteMagnitude])
    }

    mutating func texts(hugeLength: Int) -> [String] {
        (0..<below(5)).map { _ in text(hugeLength: hugeLength) }
    }

    mutating func data() -> Data {
        switch below(10) {
        case 0: return Data()
        case 1: return Data(repeating: 0x2D, count: 70_000)
        default: return Data((0..<below(300)).map { _ in UInt8(truncatingIfNeeded: next()) })
        }
    }
}
