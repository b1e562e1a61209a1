import Foundation

/// A short, redacted quotation of a response body for error messages.
enum BodySnippet {
    /// At most this many bytes of body text appear in an error, the closing `…` included.
    static let limit = 512

    /// The body as text of at most `limit` bytes (``limit`` by default), with the values of JSON
    /// keys that name a secret (``QueryItem/isSensitiveByDefault(name:)``, the rule for query
    /// names) and every occurrence of `secrets` redacted.
    static func redacted(_ body: Data, hiding secrets: [String] = [], limit: Int = BodySnippet.limit)
        -> String
    {
        let secrets = secrets.sorted { $0.count > $1.count }
        guard var text = text(of: body, hiding: secrets) else {
            return "<\(body.count) bytes of binary data>"
        }
        // Also the JSON-escaped spelling (`/` as `\/`), in case text was quoted from JSON.
        for secret in secrets {
            text = text.replacingOccurrences(of: secret, with: "<redacted>")
                .replacingOccurrences(
                    of: secret.replacingOccurrences(of: "/", with: "\\/"), with: "<redacted>")
        }
        guard text.utf8.count > limit else { return text }
        let ellipsis = "…"
        var truncated = ""
        for character in text {
            guard truncated.utf8.count + character.utf8.count + ellipsis.utf8.count <= limit else { break }
            truncated.append(character)
        }
        return truncated + ellipsis
    }

    /// The body as text: JSON re-serialized with sensitive keys and every string holding a secret
    /// redacted (before serializing, which escapes `/` and would hide a secret from a text search),
    /// else UTF-8, else `nil`.
    private static func text(of body: Data, hiding secrets: [String]) -> String? {
        if body.isEmpty { return "<empty>" }
        if let json = try? JSONSerialization.jsonObject(with: body, options: [.fragmentsAllowed]),
            let data = try? JSONSerialization.data(
                withJSONObject: redact(json, hiding: secrets), options: [.sortedKeys, .fragmentsAllowed]
            ),
            let serialized = String(data: data, encoding: .utf8)
        {
            return serialized
        }
        return String(data: body, encoding: .utf8)
    }

    private static func redact(_ value: Any, hiding secrets: [String]) -> Any {
        if let object = value as? [String: Any] {
            var result: [String: Any] = [:]
            for (key, value) in object {
                result[key] =
                    QueryItem.isSensitiveByDefault(name: key) ? "<redacted>" : redact(value, hiding: secrets)
            }
            return result
        }
        if let array = value as? [Any] { return array.map { redact($0, hiding: secrets) } }
        if let string = value as? String {
            return secrets.reduce(string) { $0.replacingOccurrences(of: $1, with: "<redacted>") }
        }
        return value
    }
}
