import Foundation

/// The items of a URL's query as written, for the secrets a request carries there.
enum QueryText {
    /// One query item, its name and value percent-decoded.
    struct Item: Hashable, Sendable {
        let name: String
        let value: String
    }

    /// The items of `url`'s query whose value is secret: under one of `declaredSecret` (items
    /// marked secret, which the URL cannot tell) or a name sensitive by default
    /// (``QueryItem/isSensitiveByDefault(name:)``).
    static func secretItems(of url: URL, declaredSecret: Set<String>) -> Set<Item> {
        Set(
            items(of: url).compactMap { _, readings in
                let item = readings[0]
                return declaredSecret.contains(item.name) || QueryItem.isSensitiveByDefault(name: item.name)
                    ? item : nil
            })
    }

    /// `url` without the query items that are among `removed`, read with `+` as itself or as a
    /// space (as a form encoder writes one); the others are kept as written.
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

    /// Each `name=value` of `url`'s query as written, with its decoded item: first with `+` as
    /// itself, as Courier writes a query, then with `+` as a space. A part that does not decode
    /// is read as written.
    private static func items(of url: URL) -> [(text: String, readings: [Item])] {
        guard let query = URLComponents(url: url, resolvingAgainstBaseURL: false)?.percentEncodedQuery else {
            return []
        }
        func decoded(_ part: Substring) -> String { PercentEncoding.decode(part) ?? String(part) }
        func formDecoded(_ part: Substring) -> String {
            decoded(Substring(part.replacingOccurrences(of: "+", with: " ")))
        }
        return query.split(separator: "&", omittingEmptySubsequences: false).map { pair in
            let equals = pair.firstIndex(of: "=")
            let name = pair[..<(equals ?? pair.endIndex)]
            let value = equals.map { pair[pair.index(after: $0)...] } ?? ""
            let readings = [
                Item(name: decoded(name), value: decoded(value)),
                Item(name: formDecoded(name), value: formDecoded(value)),
            ]
            return (String(pair), readings)
        }
    }
}
