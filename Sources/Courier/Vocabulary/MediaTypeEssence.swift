/// The `type/subtype` of a media type's text, read from its UTF-8 bytes without building strings.
///
/// It exists only where it reads exactly what ``MediaType/essence`` reads from `Character`s: the
/// text is ASCII (so every byte is one character, `\r\n` aside, which is never part of an essence)
/// and the part before the first `;`, between spaces and tabs, is one `/` between two non-empty
/// parts. Any other text is left to the `Character`-based reading.
struct MediaTypeEssence {
    /// The bytes before the `/`, as written.
    let type: Substring.UTF8View
    /// The bytes after the `/`, as written.
    let subtype: Substring.UTF8View

    /// Reads `text`, or returns `nil` when the text is not ASCII or its essence is not
    /// `type/subtype`.
    init?(_ text: String) {
        let utf8 = Substring(text).utf8
        guard utf8.allSatisfy({ $0 < 0x80 }) else { return nil }
        let isBlank: (UInt8) -> Bool = { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }
        var essence = utf8.prefix { $0 != UInt8(ascii: ";") }
        while let first = essence.first, isBlank(first) { essence.removeFirst() }
        while let last = essence.last, isBlank(last) { essence.removeLast() }
        guard let slash = essence.firstIndex(of: UInt8(ascii: "/")) else { return nil }
        let type = essence[..<slash]
        let subtype = essence[essence.index(after: slash)...]
        guard !type.isEmpty, !subtype.isEmpty, !subtype.contains(UInt8(ascii: "/")) else { return nil }
        self.type = type
        self.subtype = subtype
    }

    /// Whether `type` and `subtype` are RFC 9110 tokens.
    var isValid: Bool {
        HTTPToken.isValid(bytes: type) && HTTPToken.isValid(bytes: subtype)
    }

    /// `type/subtype`, lowercased: ``MediaType/essence``.
    var lowercased: String {
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

    /// Whether a body of type `candidate` matches this accepted type, as
    /// ``ResponseValidation/accepts(contentType:)`` describes: `*` or the same type, and `*`, the
    /// same subtype, or the candidate's structured suffix (`json` of `problem+json`).
    func accepts(_ candidate: MediaTypeEssence) -> Bool {
        guard Self.isWildcard(type) || Self.equal(type, candidate.type) else { return false }
        if Self.isWildcard(subtype) || Self.equal(subtype, candidate.subtype) { return true }
        guard let plus = candidate.subtype.lastIndex(of: UInt8(ascii: "+")) else { return false }
        return Self.equal(subtype, candidate.subtype[candidate.subtype.index(after: plus)...])
    }

    private static func isWildcard(_ bytes: Substring.UTF8View) -> Bool {
        bytes.count == 1 && bytes.first == UInt8(ascii: "*")
    }

    /// Whether two ASCII byte sequences are equal ignoring case.
    private static func equal(_ lhs: Substring.UTF8View, _ rhs: Substring.UTF8View) -> Bool {
        lhs.count == rhs.count && zip(lhs, rhs).allSatisfy { lowercase($0) == lowercase($1) }
    }

    private static func lowercase(_ byte: UInt8) -> UInt8 {
        (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte + 32 : byte
    }
}
