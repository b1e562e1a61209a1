import Foundation

/// Which URLs a `BaseURL` literal accepts, restated: the generated `servers` list is
/// `BaseURL("…")` literals, which trap on any URL `BaseURL(validating:)` refuses, and the tool
/// does not depend on Courier (`CourierRulesTests` holds the two together).
///
/// This mirrors Courier's `BaseURL.init(validating:)` and `BaseURL.init(reading:)`
/// (`Sources/Courier/Request/BaseURL.swift`), with the host and port rules of `URLAuthority`
/// (`URLAuthority.swift`), the escape and dot-segment rules of `PercentEncoding` and
/// `RequestRules.isDotSegment`, and the `xn--` labels of `Punycode`. When one of those changes, this
/// changes with it; the reasons are Courier's, the end of a sentence ("its port is not between 1
/// and 65535").
enum BaseURLRule {
    /// Why a text is no base URL: the end of a sentence ("its port is not between 1 and 65535").
    struct Refusal: Error {
        let reason: String
    }

    /// Why `BaseURL(validating: text)` refuses `text`, or `nil` when it accepts it.
    static func refusal(of text: String) -> String? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        let lowercased = trimmed.lowercased()
        let withScheme: String
        if let separator = trimmed.range(of: "://"), isScheme(trimmed[..<separator.lowerBound]) {
            withScheme = trimmed
        } else if lowercased.hasPrefix("http:") || lowercased.hasPrefix("https:") {
            return "its scheme is not followed by two slashes (http://…)"
        } else {
            withScheme = "https://" + trimmed
        }
        do {
            try read(withScheme)
            return nil
        } catch {
            return error.reason
        }
    }

    /// `BaseURL.init(reading:)`: reads `text`, an absolute URL, the scheme and authority by
    /// `URLAuthority`'s rules (``readAuthority(_:scheme:)``), the path by Foundation's.
    private static func read(_ text: String) throws(Refusal) {
        guard let separator = text.range(of: "://"), isScheme(text[..<separator.lowerBound]) else {
            throw Refusal(reason: "it is not a URL")
        }
        let scheme = text[..<separator.lowerBound].lowercased()
        guard scheme == "http" || scheme == "https" else {
            throw Refusal(reason: "its scheme is not http or https")
        }
        let authority = text[separator.upperBound...].prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        guard !authority.contains("@") else {
            throw Refusal(reason: "it contains userinfo; put credentials in an Authorization header instead")
        }
        let (host, port) = try readAuthority(authority, scheme: scheme)
        let rest = text[authority.endIndex...]
        let path = rest.prefix { $0 != "?" && $0 != "#" }
        guard path.count == rest.count else {
            throw Refusal(reason: "it has a query or fragment; declare query parameters with Query")
        }
        guard hasWellFormedEscapes(path) else {
            throw Refusal(reason: "its path has a % that is not followed by two hexadecimal digits")
        }
        let hostHeader =
            (host.utf8.contains(UInt8(ascii: ":")) ? "[\(host)]" : host) + (port.map { ":\($0)" } ?? "")
        guard let components = URLComponents(string: "\(scheme)://\(hostHeader)" + path) else {
            throw Refusal(reason: "its path is not a URL's")
        }
        let segments = components.percentEncodedPath.split(separator: "/").map(String.init)
        if let dots = segments.first(where: isDotSegment) {
            throw Refusal(
                reason:
                    "its path has the dot segment \(dots.debugDescription), which a server resolves to another path"
            )
        }
    }

    /// Whether `text` is a URL scheme: an ASCII letter, then ASCII letters, digits, `+`, `-` and
    /// `.` (RFC 3986 §3.1).
    private static func isScheme(_ text: Substring) -> Bool {
        let isLetter = { (byte: UInt8) in (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) }
        guard let first = text.utf8.first, isLetter(first) else { return false }
        return text.utf8.allSatisfy { isLetter($0) || (0x30...0x39).contains($0) || "+-.".utf8.contains($0) }
    }

    /// `RequestRules.isDotSegment`: `.` or `..`, a dot percent-encoded or not.
    private static func isDotSegment(_ segment: String) -> Bool {
        guard segment.utf8.count <= 6, let first = segment.utf8.first,
            first == UInt8(ascii: ".") || first == UInt8(ascii: "%")
        else { return false }
        let decoded = segment.utf8.contains(UInt8(ascii: "%")) ? percentDecoded(segment) ?? segment : segment
        return segment == "." || segment == ".." || decoded == "." || decoded == ".."
    }

    /// `PercentEncoding.hasWellFormedEscapes`: every `%` starts a `%XX` escape.
    private static func hasWellFormedEscapes(_ text: some StringProtocol) -> Bool {
        var bytes = text.utf8.makeIterator()
        while let byte = bytes.next() {
            guard byte == UInt8(ascii: "%") else { continue }
            guard bytes.next().flatMap(hexValue) != nil, bytes.next().flatMap(hexValue) != nil else {
                return false
            }
        }
        return true
    }

    /// `PercentEncoding.decode`: the UTF-8 text `text` percent-encodes, or `nil` when an escape is
    /// malformed or the bytes are not UTF-8.
    static func percentDecoded(_ text: some StringProtocol) -> String? {
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
        let decoded = String(decoding: bytes, as: UTF8.self)
        // Invalid bytes decode as U+FFFD, which does not encode back to them.
        return decoded.utf8.elementsEqual(bytes) ? decoded : nil
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
