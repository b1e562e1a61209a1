import Foundation

/// Courier's own percent-encoding, identical on every platform.
///
/// Every byte of the UTF-8 form outside RFC 3986 `unreserved` (`A-Z a-z 0-9 - . _ ~`) becomes
/// `%XX` with uppercase hex digits. `URLComponents` is never used for this: on Linux it leaves
/// `+`, `/`, `?` and `@` unescaped in queries.
enum PercentEncoding {
    /// Encodes `text` for use as one path segment, one query name or one query value.
    static func encode(_ text: String) -> String {
        guard !text.utf8.allSatisfy(isUnreserved) else { return text }
        var encoded: [UInt8] = []
        append(text, to: &encoded)
        return String(decoding: encoded, as: UTF8.self)
    }

    /// Appends the UTF-8 of `text`, encoded as ``encode(_:)`` encodes it, to `bytes`.
    static func append(_ text: String, to bytes: inout [UInt8]) {
        guard !text.utf8.allSatisfy(isUnreserved) else {
            appendBytes(of: text, to: &bytes)
            return
        }
        for byte in text.utf8 {
            if isUnreserved(byte) {
                bytes.append(byte)
            } else {
                bytes.append(UInt8(ascii: "%"))
                bytes.append(hexDigit(byte >> 4))
                bytes.append(hexDigit(byte & 0x0F))
            }
        }
    }

    /// Decodes `%XX` sequences; returns `nil` for malformed escapes or bytes that are not UTF-8.
    static func decode(_ text: some StringProtocol) -> String? {
        var bytes: [UInt8] = []
        var iterator = Array(text.utf8).makeIterator()
        while let byte = iterator.next() {
            guard byte == UInt8(ascii: "%") else {
                bytes.append(byte)
                continue
            }
            guard let high = iterator.next().flatMap(hexValue), let low = iterator.next().flatMap(hexValue)
            else { return nil }
            bytes.append(high << 4 | low)
        }
        return String(strictUTF8: bytes)
    }

    /// Whether every `%` in `text` starts a well-formed `%XX` escape, whatever else it holds.
    static func hasWellFormedEscapes(_ text: some StringProtocol) -> Bool {
        var bytes = text.utf8.makeIterator()
        while let byte = bytes.next() {
            guard byte == UInt8(ascii: "%") else { continue }
            guard bytes.next().flatMap(hexValue) != nil, bytes.next().flatMap(hexValue) != nil else {
                return false
            }
        }
        return true
    }

    /// Whether `text` has only unreserved characters and well-formed `%XX` escapes, as
    /// ``encode(_:)`` writes.
    static func isEncoded(_ text: String) -> Bool {
        var bytes = text.utf8.makeIterator()
        while let byte = bytes.next() {
            if isUnreserved(byte) { continue }
            guard byte == UInt8(ascii: "%"), bytes.next().flatMap(hexValue) != nil,
                bytes.next().flatMap(hexValue) != nil
            else { return false }
        }
        return true
    }

    /// Appends the UTF-8 of `text` as it is to `bytes`.
    static func appendBytes(of text: String, to bytes: inout [UInt8]) {
        text.withUTF8Bytes { bytes.append(contentsOf: $0) }
    }

    static func isUnreserved(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."),
            UInt8(ascii: "_"), UInt8(ascii: "~"):
            return true
        default:
            return false
        }
    }

    static func hexDigit(_ value: UInt8) -> UInt8 {
        value < 10 ? UInt8(ascii: "0") + value : UInt8(ascii: "A") + value - 10
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
