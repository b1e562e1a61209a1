import Foundation

/// The character sets Courier encodes request text in and decodes response text from.
///
/// Names are matched case-insensitively, with their common aliases: `utf-8`/`utf8`,
/// `us-ascii`/`ascii`, `iso-8859-1`/`latin1`, `utf-16` (big-endian unless a byte-order mark
/// says otherwise), `utf-16le` and `utf-16be`. Other charsets are refused with an error rather
/// than guessed.
enum Charset: String, Sendable, CaseIterable {
    case utf8 = "utf-8"
    case usASCII = "us-ascii"
    case isoLatin1 = "iso-8859-1"
    case utf16 = "utf-16"
    case utf16LittleEndian = "utf-16le"
    case utf16BigEndian = "utf-16be"

    init?(name: String) {
        switch name.lowercased() {
        case "utf-8", "utf8": self = .utf8
        case "us-ascii", "ascii": self = .usASCII
        case "iso-8859-1", "iso8859-1", "latin1", "iso-latin-1": self = .isoLatin1
        case "utf-16", "utf16": self = .utf16
        case "utf-16le": self = .utf16LittleEndian
        case "utf-16be": self = .utf16BigEndian
        default: return nil
        }
    }

    /// The bytes of `text`, or `nil` when a character has no representation in this charset.
    func encode(_ text: String) -> Data? {
        switch self {
        case .utf8: Data(text.utf8)
        case .usASCII: text.data(using: .ascii, allowLossyConversion: false)
        case .isoLatin1: text.data(using: .isoLatin1, allowLossyConversion: false)
        case .utf16, .utf16BigEndian: text.data(using: .utf16BigEndian, allowLossyConversion: false)
        case .utf16LittleEndian: text.data(using: .utf16LittleEndian, allowLossyConversion: false)
        }
    }

    /// The text in `data`, or `nil` when the bytes are not valid in this charset.
    func decode(_ data: Data) -> String? {
        switch self {
        case .utf8:
            return String(data: data, encoding: .utf8)
        case .usASCII:
            return data.allSatisfy { $0 < 0x80 } ? String(data: data, encoding: .ascii) : nil
        case .isoLatin1:
            return String(data: data, encoding: .isoLatin1)
        case .utf16, .utf16LittleEndian, .utf16BigEndian:
            guard data.count.isMultiple(of: 2) else { return nil }
            return decodeUTF16(data)
        }
    }

    /// UTF-16 of an even number of bytes, by this charset's byte order; `nil` for an unpaired
    /// surrogate. Decoded by Courier, so every platform refuses the same bytes.
    private func decodeUTF16(_ data: Data) -> String? {
        var bytes = Array(data)
        var littleEndian = self == .utf16LittleEndian
        if self == .utf16, bytes.count >= 2 {
            if bytes[0] == 0xFF, bytes[1] == 0xFE {
                littleEndian = true
                bytes.removeFirst(2)
            } else if bytes[0] == 0xFE, bytes[1] == 0xFF {
                bytes.removeFirst(2)
            }
        }
        // Split and typed, so that the closure type-checks quickly.
        let units = stride(from: 0, to: bytes.count, by: 2).map { index -> UInt16 in
            let first = UInt16(bytes[index])
            let second = UInt16(bytes[index + 1])
            return littleEndian ? second << 8 | first : first << 8 | second
        }
        var text = ""
        let failed = transcode(units.makeIterator(), from: UTF16.self, to: UTF32.self, stoppingOnError: true)
        {
            text.unicodeScalars.append(Unicode.Scalar($0) ?? "\u{FFFD}")
        }
        return failed ? nil : text
    }
}
