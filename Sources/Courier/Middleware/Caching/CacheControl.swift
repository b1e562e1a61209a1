/// The directives of the `Cache-Control` fields of a request or a response (RFC 9111 §5.2).
///
/// Directive names are compared without case; every field of the name is read, as if their values
/// were one comma-separated list. A value may be a token or a quoted string (`max-age="60"` reads
/// as `max-age=60`). A delta-seconds directive whose value is missing, not a number, or given twice
/// with different values is kept as invalid: the freshness rules then treat the response as stale
/// (§4.2.1), the safe reading.
struct CacheControl: Sendable, Hashable {
    /// The directives by lowercase name, each with its unquoted value (`nil` for a bare name).
    private(set) var directives: [String: String?] = [:]
    /// Names given more than once with conflicting values.
    private var conflicting: Set<String> = []

    /// The directives of every `Cache-Control` field of `headers`.
    init(_ headers: HeaderFields) {
        for value in headers.values(for: .cacheControl) { read(value) }
    }

    /// The directives of one field value, for tests.
    init(_ value: String) {
        read(value)
    }

    /// Whether the directive `name` is present, with or without a value.
    func contains(_ name: String) -> Bool {
        directives[name] != nil
    }

    /// The value of `name` as delta-seconds (RFC 9111 §1.2.2): `nil` when absent, `.invalid` when
    /// present without a valid value. A value too large for an `Int` is the largest (2^31 per the
    /// RFC's guidance is a floor, not a cap).
    func seconds(_ name: String) -> Seconds? {
        guard let entry = directives[name] else { return nil }
        guard !conflicting.contains(name), let text = entry, !text.isEmpty,
            text.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") })
        else { return .invalid }
        return .valid(Int(text) ?? Int(Int32.max))
    }

    /// A delta-seconds directive's reading.
    enum Seconds: Sendable, Hashable {
        case valid(Int)
        case invalid

        /// The value, or `nil` when invalid.
        var value: Int? {
            if case .valid(let seconds) = self { return seconds }
            return nil
        }
    }

    private mutating func read(_ value: String) {
        for part in Self.split(value) {
            let equals = part.utf8.firstIndex(of: UInt8(ascii: "="))
            let name = part[..<(equals ?? part.endIndex)].trimmingOptionalWhitespace().lowercased()
            guard !name.isEmpty else { continue }
            let argument = equals.map {
                Self.unquote(part[part.utf8.index(after: $0)...].trimmingOptionalWhitespace())
            }
            if let existing = directives[name], existing != argument { conflicting.insert(name) }
            directives[name] = .some(argument)
        }
    }

    /// `value` split at commas outside quoted strings. The delimiters are ASCII, so the value is
    /// read byte by byte, as the field grammar is written (RFC 9110 §5.6).
    private static func split(_ value: String) -> [Substring] {
        var parts: [Substring] = []
        var start = value.startIndex
        var quoted = false
        var escaped = false
        for index in value.utf8.indices {
            let byte = value.utf8[index]
            if escaped {
                escaped = false
            } else if quoted && byte == UInt8(ascii: "\\") {
                escaped = true
            } else if byte == UInt8(ascii: "\"") {
                quoted.toggle()
            } else if byte == UInt8(ascii: ",") && !quoted {
                parts.append(value[start..<index])
                start = value.utf8.index(after: index)
            }
        }
        parts.append(value[start...])
        return parts
    }

    /// `text` without its surrounding quotes and escapes, when it is a quoted string.
    private static func unquote(_ text: Substring) -> String {
        guard text.count >= 2, text.first == "\"", text.last == "\"" else { return String(text) }
        var result = ""
        var escaped = false
        for character in text.dropFirst().dropLast() {
            if !escaped && character == "\\" {
                escaped = true
                continue
            }
            escaped = false
            result.append(character)
        }
        return result
    }
}
