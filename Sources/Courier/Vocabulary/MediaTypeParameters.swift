/// Reads the `; name=value` parameters of a media type (RFC 9110 §5.6.6), with quoted strings.
enum MediaTypeParameters {
    /// The parameters in order; a malformed parameter ends the list.
    ///
    /// With `backslashEscapes` false, as in the `Content-Disposition` of form parts, a quoted
    /// value ends only at a quote followed by `;` or the end, so a quote some clients leave
    /// unescaped stays in the value; a backslash is an ordinary character (browsers escape a
    /// quote as `%22` and leave backslashes alone), except in `\"` inside the value, which other
    /// clients write for a quote.
    static func parse(_ text: String, backslashEscapes: Bool = true) -> [(name: String, value: String)] {
        // Unicode scalars, not characters: a quote or `;` followed by a combining mark is still
        // a quote or a `;`.
        var scalars = Substring(text).unicodeScalars
        scalars = scalars.drop { $0 != ";" }
        var parameters: [(name: String, value: String)] = []
        while scalars.first == ";" {
            scalars.removeFirst()
            scalars = scalars.drop { $0 == " " || $0 == "\t" }
            let name = scalars.prefix { $0 != "=" && $0 != ";" }
            scalars.removeFirst(name.count)
            guard scalars.first == "=" else { continue }
            scalars.removeFirst()
            scalars = scalars.drop { $0 == " " || $0 == "\t" }
            var value = String.UnicodeScalarView()
            if scalars.first == "\"" {
                scalars.removeFirst()
                var closed = false
                while let scalar = scalars.popFirst() {
                    if scalar == "\\", backslashEscapes || escapesAQuote(scalars),
                        let escaped = scalars.popFirst()
                    {
                        value.append(escaped)
                    } else if scalar == "\"", backslashEscapes || endsTheValue(scalars) {
                        closed = true
                        break
                    } else {
                        value.append(scalar)
                    }
                }
                scalars = scalars.drop { $0 == " " || $0 == "\t" }
                // An unclosed quote, or text after the closing one, is malformed.
                guard closed, scalars.isEmpty || scalars.first == ";" else { return parameters }
            } else {
                let token = scalars.prefix { $0 != ";" }
                scalars.removeFirst(token.count)
                value = trimmed(token).unicodeScalars
            }
            let trimmedName = trimmed(name)
            guard !trimmedName.isEmpty else { continue }
            parameters.append((name: trimmedName, value: String(value)))
        }
        return parameters
    }

    /// Whether the parameters of media type `text`, after its `type/subtype`, are RFC 9110's
    /// `*( OWS ";" OWS [ token "=" ( token / quoted-string ) ] )`.
    static func isValidList(_ text: String) -> Bool {
        var bytes = Substring(text).utf8.drop { $0 != UInt8(ascii: ";") }
        func skipWhitespace() {
            bytes = bytes.drop { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }
        }
        func token() -> Bool {
            let token = bytes.prefix(while: HTTPToken.isTokenCharacter)
            bytes.removeFirst(token.count)
            return !token.isEmpty
        }
        while true {
            skipWhitespace()
            guard let first = bytes.popFirst() else { return true }
            guard first == UInt8(ascii: ";") else { return false }
            skipWhitespace()
            if bytes.isEmpty || bytes.first == UInt8(ascii: ";") { continue }
            guard token(), bytes.popFirst() == UInt8(ascii: "=") else { return false }
            guard bytes.first == UInt8(ascii: "\"") else {
                guard token() else { return false }
                continue
            }
            bytes.removeFirst()
            var closed = false
            while let byte = bytes.popFirst() {
                if byte == UInt8(ascii: "\"") {
                    closed = true
                    break
                }
                // qdtext, or a quoted-pair's backslash and the character it escapes.
                let character = byte == UInt8(ascii: "\\") ? bytes.popFirst() : byte
                guard let character,
                    EntityTag.isTagCharacter(character) || character == UInt8(ascii: "\"")
                        || character == UInt8(ascii: " ") || character == UInt8(ascii: "\t")
                else { return false }
            }
            guard closed else { return false }
        }
    }

    /// Whether a backslash before `rest` escapes a quote: `rest` starts with `"` and that quote
    /// is not the closing one (more text follows it before the next `;`).
    private static func escapesAQuote(_ rest: Substring.UnicodeScalarView) -> Bool {
        rest.first == "\"" && !endsTheValue(rest.dropFirst())
    }

    /// Whether a quote before `rest` closes a form part's value: only `;` or the end follow.
    private static func endsTheValue(_ rest: Substring.UnicodeScalarView) -> Bool {
        let after = rest.drop { $0 == " " || $0 == "\t" }
        return after.isEmpty || after.first == ";"
    }

    /// `text` without surrounding spaces and tabs.
    private static func trimmed(_ text: Substring.UnicodeScalarView) -> String {
        String(Substring(text).trimmingOptionalWhitespace())
    }
}
