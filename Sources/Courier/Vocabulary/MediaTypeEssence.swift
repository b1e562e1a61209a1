/// The `type/subtype` of a media type's text, read from its UTF-8 bytes without building strings.
///
/// It exists only where it reads exactly what ``MediaType/essence`` reads from `Character`s: the
/// text is ASCII (so every byte is one character, `\r\n` aside, which is never part of an essence)
/// and the part before the first `;`, between spaces and tabs, is one `/` between two non-empty
/// parts. Any other text is left to the `Character`-based reading.
struct MediaTypeEssence {
    private typealias Bytes = Slice<UnsafeBufferPointer<UInt8>>

    private let text: String
    /// The byte offsets of the type and of the subtype in `text`.
    private let type: Range<Int>
    private let subtype: Range<Int>
    /// Whether every byte is a tab or printable ASCII, as in a valid header value.
    let isPrintable: Bool

    /// Reads `text`, or returns `nil` when the text is not ASCII or its essence is not
    /// `type/subtype`.
    init?(_ text: String) {
        // `withUTF8` makes the copy native and contiguous if it is not, and the copy is kept, so
        // that `withBytes` reads the ranges found here in place.
        var text = text
        guard let (type, subtype, isPrintable) = text.withUTF8(Self.parse) else { return nil }
        self.text = text
        self.type = type
        self.subtype = subtype
        self.isPrintable = isPrintable
    }

    private static func parse(_ bytes: UnsafeBufferPointer<UInt8>) -> (Range<Int>, Range<Int>, Bool)? {
        var end: Int?
        var isPrintable = true
        for index in bytes.indices {
            let byte = bytes[index]
            guard byte < 0x80 else { return nil }
            if (byte < 0x20 && byte != 0x09) || byte == 0x7F { isPrintable = false }
            if byte == UInt8(ascii: ";") && end == nil { end = index }
        }
        var start = 0
        var stop = end ?? bytes.count
        while start < stop && isBlank(bytes[start]) { start += 1 }
        while stop > start && isBlank(bytes[stop - 1]) { stop -= 1 }
        var slash: Int?
        for index in start..<stop where bytes[index] == UInt8(ascii: "/") {
            guard slash == nil else { return nil }
            slash = index
        }
        guard let slash, slash > start, slash + 1 < stop else { return nil }
        return (start..<slash, (slash + 1)..<stop, isPrintable)
    }

    private static func isBlank(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t")
    }

    /// Whether `type` and `subtype` are RFC 9110 tokens.
    var isValid: Bool {
        withBytes { type, subtype in HTTPToken.isValid(bytes: type) && HTTPToken.isValid(bytes: subtype) }
    }

    /// `type/subtype`, lowercased: ``MediaType/essence``.
    var lowercased: String {
        withBytes { type, subtype in
            String(unsafeUninitializedCapacity: type.count + 1 + subtype.count) { buffer in
                var count = 0
                for byte in type {
                    buffer[count] = Self.lowercase(byte)
                    count += 1
                }
                buffer[count] = UInt8(ascii: "/")
                count += 1
                for byte in subtype {
                    buffer[count] = Self.lowercase(byte)
                    count += 1
                }
                return count
            }
        }
    }

    /// Whether a body of type `candidate` matches this accepted type, as
    /// ``ResponseValidation/accepts(contentType:)`` describes: `*` or the same type, and `*`, the
    /// same subtype, or the candidate's structured suffix (`json` of `problem+json`).
    func accepts(_ candidate: MediaTypeEssence) -> Bool {
        withBytes { type, subtype in
            candidate.withBytes { candidateType, candidateSubtype in
                guard Self.isWildcard(type) || Self.equal(type, candidateType) else { return false }
                if Self.isWildcard(subtype) || Self.equal(subtype, candidateSubtype) { return true }
                guard let plus = candidateSubtype.lastIndex(of: UInt8(ascii: "+")) else { return false }
                return Self.equal(subtype, candidateSubtype[(plus + 1)...])
            }
        }
    }

    private func withBytes<Result>(_ body: (_ type: Bytes, _ subtype: Bytes) -> Result) -> Result {
        text.withUTF8Bytes { body($0[type], $0[subtype]) }
    }

    private static func isWildcard(_ bytes: Bytes) -> Bool {
        bytes.count == 1 && bytes.first == UInt8(ascii: "*")
    }

    /// Whether two ASCII byte sequences are equal ignoring case.
    private static func equal(_ lhs: Bytes, _ rhs: Bytes) -> Bool {
        lhs.count == rhs.count && zip(lhs, rhs).allSatisfy { lowercase($0) == lowercase($1) }
    }

    private static func lowercase(_ byte: UInt8) -> UInt8 {
        (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte + 32 : byte
    }
}
