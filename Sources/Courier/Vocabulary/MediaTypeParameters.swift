/// Reads the `; name=value` parameters of a media type (RFC 9110 §5.6.6), with quoted strings.
enum MediaTypeParameters {
    /// The parameters in order; a malformed parameter ends the list.
    ///
    /// With `backslashEscapes` false, a backslash inside quotes is an ordinary character, as
    /// in the `Content-Disposition` of form parts, which browsers escape with `%22` instead.
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
                    if character == "\\", backslashEscapes, let escaped = characters.popFirst() {
                        value.append(escaped)
                    } else if character == "\"" {
                        closed = true
                        break
                    } else {
                        value.append(character)
                    }
                }
                guard closed else { return parameters }
                characters = characters.drop { $0 != ";" }
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

    /// `text` without surrounding spaces and tabs.
    private static func trimmed(_ text: Substring) -> String {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        return String(text.drop(while: isSpace).reversed().drop(while: isSpace).reversed())
    }
}
