import Foundation

/// One `Set-Cookie` field value parsed by RFC 6265bis §5.6: a name, a value and the attributes a
/// user agent understands, in order; attributes it does not understand are dropped.
struct SetCookieLine: Sendable, Hashable {
    /// An understood attribute with its value already interpreted.
    enum Attribute: Sendable, Hashable {
        /// `Expires` or `Max-Age`: when the cookie expires, capped at the age limit.
        case expires(Date)
        case maxAge(Date)
        /// `Domain`, without a leading dot, lower-cased.
        case domain(String)
        /// `Path`, as written when it is absolute; `nil` when it is empty or not absolute, which
        /// stands for the request's default path (§5.6.4).
        case path(String?)
        case secure
        case httpOnly
        case sameSite(StoredCookie.SameSite)
    }

    var name: String
    var value: String
    var attributes: [Attribute]

    /// The most bytes of a name and value together, and of one attribute's value (RFC 6265bis
    /// §5.6, §5.7).
    static let maxNameValueBytes = 4_096
    static let maxAttributeValueBytes = 1_024

    /// Parses `text`, received at `now`; `nil` when the algorithm ignores the whole field.
    ///
    /// - Parameter ageLimit: The longest lifetime `Expires` or `Max-Age` may give.
    init?(_ text: String, now: Date, ageLimit: TimeInterval) {
        let bytes = Array(text.utf8)
        // Control characters other than HTAB void the whole field.
        guard !bytes.contains(where: { $0 <= 0x08 || (0x0A...0x1F).contains($0) || $0 == 0x7F }) else {
            return nil
        }
        let pairEnd = bytes.firstIndex(of: UInt8(ascii: ";")) ?? bytes.endIndex
        let pair = bytes[..<pairEnd]
        if let equals = pair.firstIndex(of: UInt8(ascii: "=")) {
            name = Self.trimmed(pair[..<equals])
            value = Self.trimmed(pair[(equals + 1)...])
        } else {
            name = ""
            value = Self.trimmed(pair)
        }
        guard name.utf8.count + value.utf8.count <= Self.maxNameValueBytes,
            !(name.isEmpty && value.isEmpty)
        else { return nil }
        attributes = []
        for cookieAV in bytes[pairEnd...].split(
            separator: UInt8(ascii: ";"), omittingEmptySubsequences: false
        )
        .dropFirst() {
            let attributeName: String
            let attributeValue: String
            if let equals = cookieAV.firstIndex(of: UInt8(ascii: "=")) {
                attributeName = Self.trimmed(cookieAV[..<equals])
                attributeValue = Self.trimmed(cookieAV[(equals + 1)...])
            } else {
                attributeName = Self.trimmed(cookieAV)
                attributeValue = ""
            }
            guard attributeValue.utf8.count <= Self.maxAttributeValueBytes else { continue }
            if let attribute = Self.attribute(
                attributeName.lowercased(), attributeValue, now: now, ageLimit: ageLimit)
            {
                attributes.append(attribute)
            }
        }
    }

    /// The attribute `name` (lower-cased) with `value` means, or `nil` when it is ignored.
    private static func attribute(
        _ name: String, _ value: String, now: Date, ageLimit: TimeInterval
    ) -> Attribute? {
        switch name {
        case "expires":
            guard let date = CookieDate.parse(value) else { return nil }
            return .expires(min(date, now.addingTimeInterval(ageLimit)))
        case "max-age":
            guard let first = value.utf8.first, first == UInt8(ascii: "-") || (0x30...0x39).contains(first),
                value.utf8.dropFirst().allSatisfy({ (0x30...0x39).contains($0) }), value != "-"
            else { return nil }
            // A run of digits too long for an Int is still a number of seconds: past the limit.
            guard first != UInt8(ascii: "-"), value.utf8.contains(where: { $0 != UInt8(ascii: "0") }) else {
                return .maxAge(.distantPast)
            }
            let seconds = Int(value).map(TimeInterval.init) ?? .infinity
            return .maxAge(now.addingTimeInterval(min(seconds, ageLimit)))
        case "domain":
            guard !value.isEmpty else { return nil }
            let domain = value.hasPrefix(".") ? String(value.dropFirst()) : value
            return .domain(domain.lowercased())
        case "path":
            return .path(value.hasPrefix("/") ? value : nil)
        case "secure":
            return .secure
        case "httponly":
            return .httpOnly
        case "samesite":
            switch value.lowercased() {
            case "none": return .sameSite(.none)
            case "strict": return .sameSite(.strict)
            case "lax": return .sameSite(.lax)
            default: return .sameSite(.default)
            }
        default:
            return nil
        }
    }

    /// `bytes` without leading or trailing spaces and tabs, as text (invalid UTF-8 repaired).
    private static func trimmed(_ bytes: ArraySlice<UInt8>) -> String {
        let isSpace = { (byte: UInt8) in byte == 0x20 || byte == 0x09 }
        guard let start = bytes.firstIndex(where: { !isSpace($0) }),
            let end = bytes.lastIndex(where: { !isSpace($0) })
        else { return "" }
        return String(decoding: bytes[start...end], as: UTF8.self)
    }
}
