/// The pairs of one form, indexed once, so that reading a value costs a lookup per name instead
/// of a scan of every pair: a form of n pairs decodes in time linear in n, however its names nest.
final class FormPairs: Sendable {
    /// The pairs, in the order they arrived.
    let items: [QueryItem]
    /// The first value of each name.
    private let firstValues: [String: String]
    /// Every value of each name, in order: a repeated key's elements.
    private let values: [String: [String]]
    /// The names other names nest under, at a `[` (or a `.`, under dots nesting): `a` and `a[b]`
    /// for the pair `a[b][c]`.
    private let parents: Set<String>
    /// The top-level keys, first seen first.
    private let topKeys: [String]
    /// The keys nested directly under each parent, first seen first.
    private let children: [String: [String]]
    /// The integers written in brackets directly under each parent: `tag` → 0, 1 for `tag[0]`, `tag[1]`.
    private let indices: [String: Set<Int>]
    /// Bracketed keys under each parent that read as a number but are not one as an index is
    /// written (`007`, `+7`, `-0`): `tag` → `007` for `tag[007]`.
    private let malformedIndices: [String: [String]]

    init(_ items: [QueryItem], nesting: FormEncoding.NestingStrategy) {
        self.items = items
        var firstValues: [String: String] = [:]
        var values: [String: [String]] = [:]
        var parents = Set<String>()
        var topKeys: [String] = []
        var seenTopKeys = Set<String>()
        var children: [String: [String]] = [:]
        var seenChildren = Set<[String]>()
        var indices: [String: Set<Int>] = [:]
        var malformedIndices: [String: [String]] = [:]
        for item in items {
            if firstValues[item.name] == nil { firstValues[item.name] = item.value }
            values[item.name, default: []].append(item.value)
            let name = Array(item.name.unicodeScalars)
            func text(_ range: Range<Int>) -> String {
                var view = String.UnicodeScalarView()
                view.append(contentsOf: name[range])
                return String(view)
            }
            // The top-level key: up to the first `[` (or `.` under dots nesting).
            let topEnd =
                name.firstIndex { $0 == "[" || (nesting == .dots && $0 == ".") } ?? name.count
            let topKey = text(0..<topEnd)
            if seenTopKeys.insert(topKey).inserted { topKeys.append(topKey) }
            for position in name.indices {
                let scalar = name[position]
                guard scalar == "[" || (nesting == .dots && scalar == ".") else { continue }
                let parent = text(0..<position)
                parents.insert(parent)
                let start = position + 1
                if scalar == "[" {
                    let close = name[start...].firstIndex(of: "]")
                    let key = text(start..<(close ?? name.count))
                    if close != nil, let index = Int(key) {
                        if index >= 0, String(index) == key {
                            indices[parent, default: []].insert(index)
                        } else {
                            malformedIndices[parent, default: []].append(key)
                        }
                    }
                    if nesting == .brackets { Self.add(key, under: parent, to: &children, &seenChildren) }
                } else {
                    let end = name[start...].firstIndex { $0 == "." || $0 == "[" } ?? name.count
                    Self.add(text(start..<end), under: parent, to: &children, &seenChildren)
                }
            }
        }
        self.firstValues = firstValues
        self.values = values
        self.parents = parents
        self.topKeys = topKeys
        self.children = children
        self.indices = indices
        self.malformedIndices = malformedIndices
    }

    private static func add(
        _ key: String, under parent: String, to children: inout [String: [String]],
        _ seen: inout Set<[String]>
    ) {
        guard seen.insert([parent, key]).inserted else { return }
        children[parent, default: []].append(key)
    }

    /// The first value of the pair named `name`.
    func text(of name: String) -> String? { firstValues[name] }

    /// Every value of the pairs named `name`, in order.
    func values(of name: String) -> [String] { values[name] ?? [] }

    /// The bracketed keys under `parent` that look like indices but are not written as one
    /// (`007`, `+7`, `-0`), in the order they arrived.
    func malformedIndices(under parent: String) -> [String] { malformedIndices[parent] ?? [] }

    /// Whether any pair is `name` or nested under it.
    func carries(_ name: String) -> Bool { firstValues[name] != nil || parents.contains(name) }

    /// The keys nested directly under `parent` (`nil` for the top level), first seen first.
    func keys(under parent: String?) -> [String] {
        guard let parent else { return topKeys }
        return children[parent] ?? []
    }

    /// The indices written as `parent[n]`, in ascending order.
    func indices(under parent: String) -> [Int] { (indices[parent] ?? []).sorted() }
}
