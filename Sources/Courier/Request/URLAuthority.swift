import Foundation

/// The host and port of an http(s) URL, read from the text between `scheme://` and the path as
/// the WHATWG URL Standard reads a special URL's host, and written the one way they are sent:
///
/// - a name is percent-decoded, mapped as IDNA maps it (compatibility forms, case, ideographic
///   full stops) and written in ASCII, each label with other characters as `xn--` Punycode;
///   a name with a character no host may have (`/`, `@`, `%`, a space, a control…), however it was
///   encoded, is refused;
/// - a name that ends in a number is an IPv4 address, written as four decimal numbers
///   (`127.1` is `127.0.0.1`, `0x7f.1` too), or refused when it is not one (`256.0.0.1`);
/// - an IPv6 address in brackets is written compressed in lowercase; one that names a zone
///   (`%25eth0`) or is not an IPv6 address is refused;
/// - the port is a number from 1 to 65535; the scheme's default port is left out.
enum URLAuthority {
    /// Why an authority cannot be used: the end of a sentence ("its port is not between 1 and
    /// 65535").
    struct Refusal: Error {
        let reason: String
    }

    /// The host (an IPv6 address without brackets) and port (`nil` for the scheme's default) of
    /// `authority`, a URL's text between `scheme://` and its path, without userinfo.
    static func read(_ authority: Substring, scheme: String) throws(Refusal) -> (host: String, port: Int?) {
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

    /// The port of `text` (`nil` when empty or the scheme's default).
    private static func port(_ text: Substring?, scheme: String) throws(Refusal) -> Int? {
        guard let text, !text.isEmpty else { return nil }
        guard text.utf8.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }) else {
            throw Refusal(reason: "its port is not a number")
        }
        let digits = text.drop { $0 == "0" }
        guard digits.count <= 5, let port = Int(digits), (1...65535).contains(port) else {
            throw Refusal(reason: "its port is not between 1 and 65535")
        }
        return port == BaseURL.defaultPort(forScheme: scheme) ? nil : port
    }

    /// The compressed lowercase text of the IPv6 address `text` (between the brackets).
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
        var buffer = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN))
        guard inet_ntop(AF_INET6, &address, &buffer, socklen_t(buffer.count)) != nil else {
            throw Refusal(reason: "[\(text)] is not an IPv6 address")
        }
        let bytes = buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
        return String(decoding: bytes, as: UTF8.self).lowercased()
    }

    /// The ASCII form of the host name `text`, or its IPv4 address.
    private static func name(_ text: Substring) throws(Refusal) -> String {
        guard !text.isEmpty else { throw Refusal(reason: "it has no host") }
        guard let decoded = text.contains("%") ? PercentEncoding.decode(String(text)) : String(text) else {
            throw Refusal(reason: "its host is not percent-encoded UTF-8")
        }
        let mapped = decoded.precomposedStringWithCompatibilityMapping.lowercased()
            .replacingOccurrences(of: "\u{3002}", with: ".")
        guard !mapped.unicodeScalars.contains(where: isForbidden) else {
            throw Refusal(reason: "its host has a character no host name may have")
        }
        let ascii = Punycode.asciiDomain(mapped)
        var labels = ascii.split(separator: ".", omittingEmptySubsequences: false)
        if labels.count > 1, labels.last?.isEmpty == true { labels.removeLast() }
        guard let last = labels.last,
            !last.isEmpty && last.utf8.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) })
                || ipv4Number(last) != nil
        else { return ascii }
        return try ipv4(labels)
    }

    /// Whether no host name may have `scalar` (the URL Standard's forbidden domain code points).
    private static func isForbidden(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x21 || scalar.value == 0x7F || "#%/:<>?@[\\]^|".unicodeScalars.contains(scalar)
    }

    /// The dotted-quad text of the IPv4 address whose parts are `labels` (one to four numbers,
    /// each decimal, octal after a leading `0`, or hexadecimal after `0x`; the last fills the
    /// bytes the others leave).
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

    /// The value of one part of an IPv4 address, or `nil` when it is not a number.
    private static func ipv4Number(_ text: Substring) -> UInt64? {
        guard !text.isEmpty,
            text.unicodeScalars.allSatisfy({ $0.properties.isASCIIHexDigit || $0 == "x" || $0 == "X" })
        else { return nil }
        if text.hasPrefix("0x") || text.hasPrefix("0X") {
            let digits = text.dropFirst(2)
            return digits.isEmpty ? 0 : UInt64(digits, radix: 16)
        }
        if text.count > 1, text.hasPrefix("0") { return UInt64(text.dropFirst(), radix: 8) }
        return UInt64(text, radix: 10)
    }
}
