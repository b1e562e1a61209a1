/// `camelCase` to `snake_case` by the rules of `JSONEncoder.KeyEncodingStrategy.convertToSnakeCase`:
/// a new word starts at each uppercase letter after a lowercase one, and before the last capital
/// of an acronym that is followed by a lowercase letter (`userID` → `user_id`,
/// `URLValue` → `url_value`). Leading and trailing underscores are kept.
enum SnakeCase {
    static func convert(_ key: String) -> String {
        guard !key.isEmpty else { return key }
        let characters = Array(key)
        guard let first = characters.firstIndex(where: { $0 != "_" }) else { return key }
        let last = characters.lastIndex(where: { $0 != "_" }) ?? first
        var words: [String] = []
        var current = ""
        for index in first...last {
            let character = characters[index]
            if character.isUppercase, !current.isEmpty {
                let previous = characters[index - 1]
                let next = index + 1 <= last ? characters[index + 1] : nil
                if previous.isLowercase || previous.isNumber
                    || (previous.isUppercase && next.map { $0.isLowercase } == true)
                {
                    words.append(current)
                    current = ""
                }
            }
            current.append(character)
        }
        words.append(current)
        let prefix = String(characters[..<first])
        let suffix = String(characters[(last + 1)...])
        return prefix + words.map { $0.lowercased() }.joined(separator: "_") + suffix
    }
}
