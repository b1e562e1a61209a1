/// The state of one round-trip comparison: both documents, the schema renames, the differences
/// found so far and the pairs of schemas already compared.
///
/// Its extensions compare one concern each: operations and parameters, bodies and responses,
/// schemas.
struct RoundTripComparison {
    /// Which of the two documents a value comes from.
    enum Side {
        case original
        case exported

        /// `document` or `export`, as the messages say it.
        var name: String {
            switch self {
            case .original: "document"
            case .exported: "export"
            }
        }
    }

    /// Two schemas compared once: by where each one sits in its document, after following
    /// `$ref`s, which also ends the walk through a recursive schema.
    struct SchemaPair: Hashable {
        var original: JSONPointer
        var exported: JSONPointer
    }

    let original: DocumentValue
    let exported: DocumentValue
    let schemaRenames: [String: String]
    private(set) var differences: [RoundTripDifference] = []
    var comparedSchemas: Set<SchemaPair> = []
    /// The places of the original's schemas the comparison has read, `$ref`s on the way included.
    var readSchemas: Set<JSONPointer> = []

    init(original: DocumentValue, exported: DocumentValue, schemaRenames: [String: String]) {
        self.original = original
        self.exported = exported
        self.schemaRenames = schemaRenames
    }

    /// The document of `side`.
    func document(_ side: Side) -> DocumentValue {
        side == .original ? original : exported
    }

    /// Records a difference at `pointer` into the original document.
    mutating func report(_ pointer: JSONPointer, _ message: String) {
        differences.append(RoundTripDifference(pointer: pointer.text, message: message))
    }

    /// Records that `subject` is `inDocument` in the original and `inExport` in the export.
    mutating func report(_ pointer: JSONPointer, _ subject: String, is inDocument: String, _ inExport: String)
    {
        report(pointer, "\(subject) is \(inDocument) in the document and \(inExport) in the export")
    }

    /// `located`, or what its `$ref` (and theirs) points at in the document of `side`; `nil` when
    /// a reference does not resolve there, is not local, or loops.
    func resolved(_ located: Located, on side: Side) -> Located? {
        following(located, on: side).target
    }

    /// ``resolved(_:on:)``, reporting a reference that does not resolve: in the original at the
    /// value that holds it, in the export at `site`.
    mutating func resolving(_ located: Located, on side: Side, reportingAt site: JSONPointer) -> Located? {
        let (target, last) = following(located, on: side)
        if let target { return target }
        let reference = last.value["$ref"]?.string ?? ""
        report(
            side == .original ? last.pointer : site,
            "$ref \(reference) resolves to nothing in the \(side.name)")
        return nil
    }

    /// Follows `$ref`s from `located`: the value they end at, or `nil` and the value holding the
    /// reference that does not resolve.
    private func following(_ located: Located, on side: Side) -> (target: Located?, last: Located) {
        var current = located
        var followed: Set<String> = []
        while let reference = current.value["$ref"]?.string {
            guard followed.insert(reference).inserted, let target = target(of: reference, on: side) else {
                return (nil, current)
            }
            current = target
        }
        return (current, current)
    }

    /// What the local reference `reference` (`#/components/schemas/Pet`) points at in the document
    /// of `side`; `nil` for another document's, or a place the document does not have.
    func target(of reference: String, on side: Side) -> Located? {
        guard reference.hasPrefix("#"), let pointer = JSONPointer(reference) else { return nil }
        return located(pointer, on: side)
    }

    /// The value at `pointer` in the document of `side`, with its place.
    func located(_ pointer: JSONPointer, on side: Side) -> Located? {
        document(side).value(at: pointer).map { Located(value: $0, pointer: pointer) }
    }
}

/// A value of a document with the place it sits at, which is where a difference about it points.
struct Located {
    var value: DocumentValue
    var pointer: JSONPointer

    /// The member `key`, placed below this value.
    subscript(key: String) -> Located? {
        value[key].map { Located(value: $0, pointer: pointer.appending(key)) }
    }

    /// The members of an object, each placed below it, in document order; none for another value.
    var members: [(key: String, value: Located)] {
        (value.members.map(Array.init) ?? []).map {
            (key: $0.key, value: Located(value: $0.value, pointer: pointer.appending($0.key)))
        }
    }

    /// The elements of an array, each placed below it; none for another value.
    var elements: [Located] {
        (value.array ?? []).enumerated().map {
            Located(value: $0.element, pointer: pointer.appending(String($0.offset)))
        }
    }

    /// The pointer to `key` below this value when the value has that member, else this value's
    /// pointer: the deepest place in the document where a keyword's difference shows.
    func place(_ key: String) -> JSONPointer {
        value[key] == nil ? pointer : pointer.appending(key)
    }
}

extension DocumentValue {
    /// Whether two values are the same JSON value: numbers by value (`1` and `1.0`), objects
    /// whatever their member order.
    func isSameValue(as other: DocumentValue) -> Bool {
        switch (self, other) {
        case (.integer(let left), .integer(let right)): return left == right
        case (.integer, .number), (.number, .integer), (.number, .number): return number == other.number
        case (.array(let left), .array(let right)):
            return left.count == right.count && zip(left, right).allSatisfy { $0.isSameValue(as: $1) }
        case (.object(let left), .object(let right)):
            return Set(left.keys) == Set(right.keys)
                && left.allSatisfy { member in right[member.key].map(member.value.isSameValue) ?? false }
        default: return self == other
        }
    }

    /// The value as a message says it: text unquoted, an array as `[a, b]`, an object as
    /// shortened JSON.
    var phrase: String {
        switch self {
        case .string(let text): return text
        case .array(let elements): return "[" + elements.map(\.phrase).joined(separator: ", ") + "]"
        case .object:
            let text = jsonText
            return text.count > 80 ? String(text.prefix(77)) + "..." : text
        default: return jsonText
        }
    }
}

extension Optional where Wrapped == DocumentValue {
    /// The value as a message says it, `absent` for none.
    var phrase: String { map(\.phrase) ?? "absent" }
}
