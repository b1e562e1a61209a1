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
        var characters = Substring(text)
        characters = characters.drop { $0 != ";" }
        var parameters: [(name: String, value: String)] = []
        while characters.first == ";" {
            characters.removeFirst()
            characters = characters.drop { $0 == " " || $0 == "\t" }
            let name = characters.prefix { $0 != "=" && $0 != ";" }
            characters.removeFirst(name.count)
            guard characters.first == "=" else { continue }
            characters.removeFirst()
            var value = ""
            if characters.first == "\"" {
                characters.removeFirst()
                var closed = false
                while let character = characters.popFirst() {
                    if character == "\\", backslashEscapes || escapesAQuote(characters),
                        let escaped = characters.popFirst()
                    {
                        value.append(escaped)
                    } else if character == "\"", backslashEscapes || endsTheValue(characters) {
                        closed = true
                        break
                    } else {
                        value.append(character)
                    }
                }
                characters = characters.drop { $0 == " " || $0 == "\t" }
                // An unclosed quote, or text after the closing one, is malformed.
                guard closed, characters.isEmpty || characters.first == ";" else { return parameters }
            } else {
                let token = characters.prefix { $0 != ";" }
                characters.removeFirst(token.count)
                value = trimmed(token)
            }
            let trimmedName = trimmed(name)
            guard !trimmedName.isEmpty else { continue }
            parameters.append((name: trimmedName, value: value))
        }
        return parameters
    }

    /// Whether a backslash before `rest` escapes a quote: `rest` starts with `"` and that quote
    /// is not the closing one (more text follows it before the next `;`).
    private static func escapesAQuote(_ rest: Substring) -> Bool {
        rest.first == "\"" && !endsTheValue(rest.dropFirst())
    }

    /// Whether a quote before `rest` closes a form part's value: only `;` or the end follow.
    private static func endsTheValue(_ rest: Substring) -> Bool {
        let after = rest.drop { $0 == " " || $0 == "\t" }
        return after.isEmpty || after.first == ";"
    }

    /// `text` without surrounding spaces and tabs.
    private static func trimmed(_ text: Substring) -> String {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        return String(text.drop(while: isSpace).reversed().drop(while: isSpace).reversed())
    }
}
