/// An entity tag (RFC 9110 §8.8.3): an opaque validator of one representation of a resource,
/// strong or weak, as sent in `ETag` and compared in `If-Match` and `If-None-Match`.
///
/// ```swift
/// let tag = EntityTag(#"W/"v42""#)  // weak, opaque tag "v42"
/// tag?.matchesWeakly(EntityTag(#""v42""#)!)  // true
/// ```
///
/// Two tags are equal (`==`) when both their opaque tags and their weakness are.
public struct EntityTag: Sendable, Hashable, CustomStringConvertible {
    /// The characters between the quotes.
    public let opaqueTag: String
    /// Whether the tag is weak (`W/` prefix): it names an equivalent representation, not
    /// necessarily a byte-identical one.
    public let isWeak: Bool

    /// Creates a tag from its opaque part, or `nil` when `opaqueTag` holds a character RFC 9110
    /// does not allow there (a quote, a space, a control character or DEL).
    ///
    /// - Parameters:
    ///   - opaqueTag: The characters to put between the quotes.
    ///   - isWeak: Whether the tag is weak.
    public init?(opaqueTag: String, isWeak: Bool = false) {
        guard opaqueTag.utf8.allSatisfy(Self.isTagCharacter) else { return nil }
        self.opaqueTag = opaqueTag
        self.isWeak = isWeak
    }

    /// Reads a tag as a field carries it (`"xyzzy"` or `W/"xyzzy"`), or `nil` when `text` is not
    /// one; whitespace around it is ignored.
    ///
    /// - Parameter text: The field value.
    public init?(_ text: some StringProtocol) {
        var rest = Substring(text).trimmingOptionalWhitespace()
        let isWeak = rest.hasPrefix("W/")
        if isWeak { rest = rest.dropFirst(2) }
        guard rest.count >= 2, rest.first == "\"", rest.last == "\"" else { return nil }
        self.init(opaqueTag: String(rest.dropFirst().dropLast()), isWeak: isWeak)
    }

    /// The tag as a field carries it: `"xyzzy"` or `W/"xyzzy"`.
    public var description: String { (isWeak ? "W/" : "") + "\"\(opaqueTag)\"" }

    /// The strong comparison (RFC 9110 §8.8.3.2): both tags are strong and their opaque tags
    /// equal. `If-Match` and `If-Range` compare this way.
    ///
    /// - Parameter other: The tag to compare with.
    public func matchesStrongly(_ other: EntityTag) -> Bool {
        !isWeak && !other.isWeak && opaqueTag == other.opaqueTag
    }

    /// The weak comparison (RFC 9110 §8.8.3.2): the opaque tags are equal, whatever either
    /// tag's weakness. `If-None-Match` compares this way.
    ///
    /// - Parameter other: The tag to compare with.
    public func matchesWeakly(_ other: EntityTag) -> Bool {
        opaqueTag == other.opaqueTag
    }

    /// The tags of a comma-separated list (`If-Match`, `If-None-Match`), or `nil` when the list
    /// holds something other than tags. `*` is not a tag: callers look for it first.
    static func list(_ text: some StringProtocol) -> [EntityTag]? {
        var tags: [EntityTag] = []
        var rest = Substring(text)
        while true {
            rest = rest.trimmingOptionalWhitespace()
            if rest.first == "," {
                rest = rest.dropFirst()
                continue
            }
            guard !rest.isEmpty else { return tags }
            let prefix = rest.hasPrefix("W/") ? 2 : 0
            let body = rest.dropFirst(prefix)
            guard body.first == "\"", let close = body.dropFirst().firstIndex(of: "\""),
                let tag = EntityTag(rest[rest.startIndex...close])
            else { return nil }
            tags.append(tag)
            rest = rest[rest.index(after: close)...].trimmingOptionalWhitespace()
            guard rest.isEmpty || rest.first == "," else { return nil }
        }
    }

    /// `etagc`: `!`, `#` to `~`, and any byte of a non-ASCII character.
    static func isTagCharacter(_ byte: UInt8) -> Bool {
        byte == 0x21 || (0x23...0x7E).contains(byte) || byte >= 0x80
    }
}
