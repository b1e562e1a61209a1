import Foundation

extension BaseURLRule {
    /// `URLAuthority.read`: the host (an IPv6 address without brackets) and port (`nil` for the
    /// scheme's default) of `authority`, a URL's text between `scheme://` and its path, without
    /// userinfo. A name is percent-decoded, mapped much as IDNA maps it and written in ASCII; one
    /// that ends in a number must be an IPv4 address; an IPv6 address may not name a zone; the
    /// port is a number from 1 to 65535.
    static func readAuthority(_ authority: Substring, scheme: String) throws(Refusal) -> (
        host: String, port: Int?
    ) {
        let host: String
        let portText: Substring?
        if authority.hasPrefix("[") {
            guard let close = authority.firstIndex(of: "]") else {
                throw Refusal(reason: "its IPv6 address has no closing bracket")
            }
            host = try ipv6(authority[authority.index(after: authority.startIndex)..<close])
            let rest = authority[authority.index(after: close)...]
            guard rest.isEmpty || rest.hasPrefix(":") else {
                throw Refusal(reason: "text follows its IPv6 address")
            }
            portText = rest.isEmpty ? nil : rest.dropFirst()
        } else {
            let colon = authority.firstIndex(of: ":")
            host = try name(colon.map { authority[..<$0] } ?? authority)
            portText = colon.map { authority[authority.index(after: $0)...] }
        }
        return (host, try port(portText, scheme: scheme))
    }

    /// `URLAuthority.port`: the port of `text` (`nil` when empty or the scheme's default).
    private static func port(_ text: Substring?, scheme: String) throws(Refusal) -> Int? {
        guard let text, !text.isEmpty else { return nil }
        guard text.utf8.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }) else {
            throw Refusal(reason: "its port is not a number")
        }
        let digits = text.drop { $0 == "0" }
        guard digits.count <= 5, let port = Int(digits), (1...65535).contains(port) else {
            throw Refusal(reason: "its port is not between 1 and 65535")
        }
        return port == (scheme == "http" ? 80 : 443) ? nil : port
    }

    /// `URLAuthority.ipv6`: the text of the IPv6 address `text` (between the brackets),
    /// compressed in lowercase.
    private static func ipv6(_ text: Substring) throws(Refusal) -> String {
        guard !text.contains("%") else {
            throw Refusal(
                reason: "its IPv6 address names a zone (%25…), which means something on this machine only; "
                    + "leave the zone out")
        }
        var address = in6_addr()
        guard inet_pton(AF_INET6, String(text), &address) == 1 else {
            throw Refusal(reason: "[\(text)] is not an IPv6 address")
        }
        let bytes: [UInt8] = withUnsafeBytes(of: &address) { Array($0) }
        var pieces: [UInt16] = []
        for index in stride(from: 0, to: 16, by: 2) {
            pieces.append(UInt16(bytes[index]) << 8 | UInt16(bytes[index + 1]))
        }
        var zeros: Range<Int>?
        var start = 0
        while start < 8 {
            guard pieces[start] == 0 else {
                start += 1
                continue
            }
            let end = pieces[start...].firstIndex { $0 != 0 } ?? 8
            if end - start >= 2, end - start > (zeros?.count ?? 0) { zeros = start..<end }
            start = end
        }
        let hex = pieces.map { String($0, radix: 16) }
        guard let zeros else { return hex.joined(separator: ":") }
        return hex[..<zeros.lowerBound].joined(separator: ":") + "::"
            + hex[zeros.upperBound...].joined(separator: ":")
    }

    /// `URLAuthority.name`: the ASCII form of the host name `text`, or its IPv4 address.
    private static func name(_ text: Substring) throws(Refusal) -> String {
        guard !text.isEmpty else { throw Refusal(reason: "it has no host") }
        guard let decoded = text.contains("%") ? percentDecoded(text) : String(text) else {
            throw Refusal(reason: "its host is not percent-encoded UTF-8")
        }
        var shown = String.UnicodeScalarView()
        shown.append(contentsOf: decoded.unicodeScalars.filter { !$0.properties.isDefaultIgnorableCodePoint })
        let mapped = String(shown).precomposedStringWithCompatibilityMapping.lowercased()
            .replacingOccurrences(of: "\u{3002}", with: ".")
        let refusal = Refusal(reason: "its host has a character no host name may have")
        guard !mapped.isEmpty else { throw Refusal(reason: "it has no host") }
        guard !mapped.unicodeScalars.contains(where: isDisallowed) else { throw refusal }
        var labels = mapped.split(separator: ".", omittingEmptySubsequences: false)
        guard mapped.unicodeScalars.count <= 253, labels.allSatisfy({ $0.unicodeScalars.count <= 63 }) else {
            throw Refusal(reason: "its host is longer than a host name may be (253 characters, 63 a label)")
        }
        for label in labels where label.hasPrefix("xn--") {
            guard let unicode = Punycode.unicodeLabel(label),
                !unicode.unicodeScalars.contains(where: isDisallowed)
            else { throw Refusal(reason: "its host has an xn-- label that is not Punycode for a name") }
        }
        let ascii = labels.map { Punycode.asciiLabel(String($0)) }.joined(separator: ".")
        guard ascii.utf8.allSatisfy(isNameByte) else { throw refusal }
        if labels.count > 1, labels.last?.isEmpty == true { labels.removeLast() }
        guard let last = labels.last,
            !last.isEmpty && last.utf8.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) })
                || ipv4Number(last) != nil
        else { return ascii }
        return try ipv4(labels)
    }

    /// `URLAuthority.isDisallowed`: the URL Standard's forbidden domain code points, and what
    /// IDNA disallows.
    private static func isDisallowed(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.value < 0x21 || scalar.value == 0x7F || scalar.value == 0xFFFD
            || "#%/:<>?@[\\]^|".unicodeScalars.contains(scalar)
        {
            return true
        }
        switch scalar.properties.generalCategory {
        case .control, .surrogate, .privateUse, .unassigned, .spaceSeparator, .lineSeparator,
            .paragraphSeparator:
            return true
        default:
            return false
        }
    }

    /// `URLAuthority.isNameByte`: RFC 3986 §3.2.2's reg-name, without escapes.
    private static func isNameByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"):
            true
        default: "-._~!$&'()*+,;=".utf8.contains(byte)
        }
    }

    /// `URLAuthority.ipv4`: the dotted-quad text of the IPv4 address whose parts are `labels`.
    private static func ipv4(_ labels: [Substring]) throws(Refusal) -> String {
        let refusal = Refusal(reason: "its host ends in a number but is not an IPv4 address")
        guard labels.count <= 4 else { throw refusal }
        var address: UInt64 = 0
        for (index, label) in labels.enumerated() {
            guard let number = ipv4Number(label) else { throw refusal }
            let isLast = index == labels.count - 1
            // The last part fills the bytes the others leave; each other part is one byte.
            let bits = isLast ? 8 * (4 - index) : 8
            guard number < UInt64(1) << UInt64(bits) else { throw refusal }
            address += isLast ? number : number << UInt64(8 * (3 - index))
        }
        let bytes: [UInt64] = [address >> 24, address >> 16 & 0xFF, address >> 8 & 0xFF, address & 0xFF]
        return bytes.map { String($0) }.joined(separator: ".")
    }

    /// `URLAuthority.ipv4Number`: one part of an IPv4 address (`UInt64.max` for one too large to
    /// hold), or `nil` when it is not a number.
    private static func ipv4Number(_ text: Substring) -> UInt64? {
        let (digits, radix): (Substring, Int) =
            text.hasPrefix("0x") || text.hasPrefix("0X")
            ? (text.dropFirst(2), 16)
            : text.count > 1 && text.hasPrefix("0") ? (text.dropFirst(), 8) : (text, 10)
        guard !text.isEmpty, digits.allSatisfy({ $0.isASCII && $0.hexDigitValue.map { $0 < radix } == true })
        else { return nil }
        return digits.isEmpty ? 0 : UInt64(digits, radix: radix) ?? .max
    }
}
