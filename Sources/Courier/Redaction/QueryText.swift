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
            items(of: url).compactMap { _, item in
                declaredSecret.contains(item.name) || QueryItem.isSensitiveByDefault(name: item.name)
                    ? item : nil
            })
    }

    /// `url` without the query items that are among `removed`; the others are kept as written.
    static func removing(_ removed: Set<Item>, from url: URL) -> URL {
        let written = items(of: url)
        guard written.contains(where: { removed.contains($0.item) }),
            var components = URLComponents(url: url, resolvingAgainstBaseURL: false)
        else { return url }
        let kept = written.filter { !removed.contains($0.item) }.map(\.text)
        components.percentEncodedQuery = kept.isEmpty ? nil : kept.joined(separator: "&")
        return components.url ?? url
    }

    /// Each `name=value` of `url`'s query as written, with its decoded item; a pair that does not
    /// decode is compared as written.
    private static func items(of url: URL) -> [(text: String, item: Item)] {
        guard let query = URLComponents(url: url, resolvingAgainstBaseURL: false)?.percentEncodedQuery else {
            return []
        }
        return query.split(separator: "&", omittingEmptySubsequences: false).map { pair in
            let (name, value) =
                pair.firstIndex(of: "=").map { (pair[..<$0], pair[pair.index(after: $0)...]) } ?? (
                    pair[...], ""
                )
            return (
                String(pair),
                Item(
                    name: PercentEncoding.decode(name) ?? String(name),
                    value: PercentEncoding.decode(value) ?? String(value))
            )
        }
    }
}
