import Foundation

/// A percent-encoded query or form body as written (`a=1&b=2`): its pairs, and how their names
/// and values read, for the rules that hide or remove secret values.
///
/// A part reads two ways: percent-decoded with `+` as itself (RFC 3986), and with `+` as a space,
/// as an HTML form encoder writes one (and Courier's, with `FormEncoding(spaces: .plus)`).
/// Courier's queries write neither (`%2B`, `%20`), but a URL from elsewhere may: a rule about
/// secrets takes both readings, so that neither hides a secret from it.
enum QueryText {
    /// One pair as written.
    struct Pair {
        /// The pair, `name=value` or `name`.
        let text: Substring
        /// What comes before the first `=`, or the whole pair.
        let name: Substring
        /// What comes after the first `=`; `nil` when the pair has none.
        let value: Substring?
    }

    /// One query item, its name and value percent-decoded.
    struct Item: Hashable, Sendable {
        let name: String
        let value: String
    }

    /// The pairs of `query`, empty ones included, in order. `&` and `=` are found by their bytes,
    /// as URL parsers read code points: a combining mark after one does not hide it.
    static func pairs(of query: Substring) -> [Pair] {
        query.utf8.split(separator: UInt8(ascii: "&"), omittingEmptySubsequences: false).map { bytes in
            let pair = Substring(bytes)
            guard let equals = bytes.firstIndex(of: UInt8(ascii: "=")) else {
                return Pair(text: pair, name: pair, value: nil)
            }
            return Pair(
                text: pair, name: Substring(bytes[..<equals]),
                value: Substring(bytes[bytes.index(after: equals)...]))
        }
    }

    /// `part` percent-decoded with `+` as itself, then with `+` as a space; a reading that does
    /// not decode is `part` as written.
    static func readings(of part: Substring) -> [String] {
        let plain = PercentEncoding.decode(part) ?? String(part)
        guard part.utf8.contains(UInt8(ascii: "+")) else { return [plain, plain] }
        let spaced = part.replacingOccurrences(of: "+", with: " ")
        return [plain, PercentEncoding.decode(spaced) ?? spaced]
    }

    /// The items of `url`'s query whose value is secret, in both readings: under one of
    /// `declaredSecret` (items marked secret, which the URL cannot tell) or a name sensitive by
    /// default (``QueryItem/isSensitiveByDefault(name:)``), in either reading.
    static func secretItems(of url: URL, declaredSecret: Set<String>) -> Set<Item> {
        Set(
            items(of: url).flatMap { _, readings in
                let isSecret = readings.contains {
                    declaredSecret.contains($0.name) || QueryItem.isSensitiveByDefault(name: $0.name)
                }
                return isSecret ? readings : []
            })
    }

    /// `url` without the query items that are among `removed`, in either reading; the others are
    /// kept as written.
    static func removing(_ removed: Set<Item>, from url: URL) -> URL {
        let written = items(of: url)
        func isRemoved(_ readings: [Item]) -> Bool { readings.contains(where: removed.contains) }
        guard written.contains(where: { isRemoved($0.readings) }),
            var components = URLComponents(url: url, resolvingAgainstBaseURL: false)
        else { return url }
        let kept = written.filter { !isRemoved($0.readings) }.map(\.text)
        components.percentEncodedQuery = kept.isEmpty ? nil : kept.joined(separator: "&")
        return components.url ?? url
    }

    /// Each pair of `url`'s query as written, with its item in both readings; a pair without `=`
    /// is an item with an empty value.
    private static func items(of url: URL) -> [(text: Substring, readings: [Item])] {
        guard let query = URLComponents(url: url, resolvingAgainstBaseURL: false)?.percentEncodedQuery else {
            return []
        }
        return pairs(of: query[...]).map { pair in
            let names = readings(of: pair.name)
            let values = readings(of: pair.value ?? "")
            return (pair.text, zip(names, values).map { Item(name: $0, value: $1) })
        }
    }
}
