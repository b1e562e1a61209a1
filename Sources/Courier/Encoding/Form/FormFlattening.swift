/// Turns a ``FormNode`` tree into ordered name/value pairs by the array and nesting strategies.
struct FormFlattening {
    let encoding: FormEncoding

    /// The pairs for a whole value, whose keys become parameter names.
    func items(for node: FormNode) throws(FormEncodingError) -> [QueryItem] {
        switch node {
        case .null, .excluded:
            return []
        case .object(let entries):
            var items: [QueryItem] = []
            for entry in entries {
                try checkKey(entry.key, path: [])
                try flatten(entry.value, name: entry.key, path: [entry.key], into: &items)
            }
            return items
        case .scalar, .list:
            throw FormEncodingError(
                "A whole query or form needs a keyed value such as a struct or a dictionary; "
                    + "declare a single value with a name instead, as in Query(\"name\", value).")
        }
    }

    /// The pairs for one named value.
    func items(for node: FormNode, name: String) throws(FormEncodingError) -> [QueryItem] {
        var items: [QueryItem] = []
        try flatten(node, name: name, path: [name], into: &items)
        return items
    }

    private func flatten(
        _ node: FormNode, name: String, path: [String], into items: inout [QueryItem]
    ) throws(FormEncodingError) {
        switch node {
        case .null, .excluded:
            return
        case .scalar(let text):
            items.append(QueryItem(name: name, value: text))
        case .object(let entries):
            for entry in entries {
                try checkKey(entry.key, path: path)
                let childName =
                    switch encoding.nesting {
                    case .brackets: "\(name)[\(entry.key)]"
                    case .dots: "\(name).\(entry.key)"
                    }
                try flatten(entry.value, name: childName, path: path + [entry.key], into: &items)
            }
        case .list(let elements):
            try flattenList(elements, name: name, path: path, into: &items)
        }
    }

    /// Refuses a key (a dictionary's, in practice) that a server would read as nesting: one with
    /// `[` or `]` (or `.` under dots nesting), or an empty one (`tags[]` reads as an array).
    private func checkKey(_ key: String, path: [String]) throws(FormEncodingError) {
        let nests = key.contains("[") || key.contains("]") || (encoding.nesting == .dots && key.contains("."))
        guard nests || key.isEmpty else { return }
        throw FormEncodingError(
            key.isEmpty
                ? "An empty key cannot be told from an array's brackets when the form is read back."
                : "The key \(key.debugDescription) contains \(encoding.nesting == .dots ? "\"[\", \"]\" or \".\"" : "\"[\" or \"]\""), "
                    + "which would read back as nesting; use keys without them, or send the value as JSON.",
            codingPath: path + [key])
    }

    private func flattenList(
        _ elements: [FormNode], name: String, path: [String], into items: inout [QueryItem]
    ) throws(FormEncodingError) {
        switch encoding.arrays {
        case .repeatedKey:
            for (index, element) in elements.enumerated() {
                try flatten(element, name: name, path: path + [String(index)], into: &items)
            }
        case .brackets:
            for (index, element) in elements.enumerated() {
                try flatten(element, name: name + "[]", path: path + [String(index)], into: &items)
            }
        case .indexed:
            for (index, element) in elements.enumerated() {
                try flatten(element, name: "\(name)[\(index)]", path: path + [String(index)], into: &items)
            }
        case .commaSeparated:
            var texts: [String] = []
            for (index, element) in elements.enumerated() {
                switch element {
                case .null, .excluded:
                    continue
                case .scalar(let text) where !text.contains(","):
                    texts.append(text)
                case .scalar:
                    throw FormEncodingError(
                        "A comma-separated array element contains a comma, which would split it in two.",
                        codingPath: path + [String(index)])
                case .list, .object:
                    throw FormEncodingError(
                        "A comma-separated array can only hold scalar values.",
                        codingPath: path + [String(index)])
                }
            }
            if !texts.isEmpty {
                items.append(QueryItem(name: name, value: texts.joined(separator: ",")))
            }
        }
    }
}
