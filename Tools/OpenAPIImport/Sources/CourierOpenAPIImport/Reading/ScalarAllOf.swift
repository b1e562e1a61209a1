/// An `allOf` of scalars of one type, read as one schema of that type: a value must match every
/// member, so it takes the largest minimum, the smallest maximum and every pattern.
///
/// A `format` only annotates (JSON Schema 2020-12), so members of different formats still
/// merge when their values can be one: the narrower of `int32` and `int64` or of `float` and
/// `double`, and a format the importer reads as a Swift type before one it does not know. Only
/// formats read as different Swift types (`date-time` and `uuid`) conflict.
///
/// The members (through `$ref`s and `allOf`s inside them, and the keywords beside the `allOf`)
/// may each be a `string`, `integer`, `number` or `boolean` schema, a schema of limits without a
/// type, or one that constrains nothing; at least one names a type. `integer` and `number`
/// together are `integer`. `null` is allowed when every member that names a type allows it.
/// The import and the comparison read such an `allOf` alike.
enum ScalarAllOf {
    /// How an `allOf` reads.
    enum Reading: Equatable {
        /// It is not an `allOf` of scalars: a member is an object, an array, an enum or a
        /// composition, or none names a type.
        case notScalar
        /// One scalar schema, without `null`; whether every member that names a type allows
        /// `null`; and what of the members it does not keep, for the report.
        case scalar(DocumentValue, allowsNull: Bool, notKept: [NotKept])
        /// Scalars that no value is at once; the sentence says why.
        case conflict(String)
    }

    /// A member's keyword that the merged schema does not keep, since it keeps one value of it.
    struct NotKept: Equatable {
        /// `format` or `multipleOf`.
        var keyword: String
        /// The sentence that says which values were not kept.
        var reason: String
    }

    /// The types a member may name.
    private static let scalarTypes: Set<String> = ["string", "integer", "number", "boolean"]

    /// The keywords a member may have besides `type` and those that only describe.
    private static let limitKeywords: Set<String> = [
        "format", "minLength", "maxLength", "pattern", "minimum", "maximum", "exclusiveMinimum",
        "exclusiveMaximum", "multipleOf", "contentEncoding", "contentMediaType",
    ]

    /// Lengths of which a value must meet the largest (`true`) or the smallest (`false`).
    private static let lengths: [(keyword: String, largest: Bool)] = [
        ("minLength", true), ("maxLength", false),
    ]

    /// Bounds of which a value must meet the largest (`true`) or the smallest (`false`), each
    /// with the keyword that makes it exclusive.
    private static let bounds: [(keyword: String, exclusive: String, largest: Bool)] = [
        ("minimum", "exclusiveMinimum", true), ("maximum", "exclusiveMaximum", false),
    ]

    /// The Swift type the importer reads each format of a type as (``ModelBuilder``'s
    /// `stringType`, `integerType` and number types); it reads any other format as the type's
    /// plain Swift type.
    private static let formatTypes: [String: [String: String]] = [
        "string": [
            "date-time": "Date", "uuid": "UUID", "uri": "URL", "url": "URL", "byte": "Data", "binary": "Data",
        ],
        "integer": ModelBuilder.integerFormatTypes,
        "number": ["float": "Float", "double": "Double"],
    ]

    /// Formats each of whose values is one of another format: the narrower is kept.
    private static let narrowerFormat: [String: String] = ["int64": "int32", "double": "float"]

    /// A member with whether it was reached through a `$ref`: documentation written beside the
    /// `allOf` or in it comes before that of a schema it refers to.
    private typealias Member = (schema: DocumentValue.Members, isReferenced: Bool)

    /// Reads `schema`, whose own `null` is already split off, when it has an `allOf` of more
    /// than one schema.
    ///
    /// - Parameters:
    ///   - readsNullable: Whether `nullable: true` in a member allows `null` (OpenAPI 3.0).
    ///   - resolve: The schema a `$ref` names, or `nil` when it names none.
    static func read(
        _ schema: DocumentValue, readsNullable: Bool, resolve: (String) -> DocumentValue?
    ) -> Reading {
        guard let parts = schema["allOf"]?.array, parts.count > 1,
            let members = flattened(schema, isReferenced: false, depth: 0, resolve: resolve)
        else { return .notScalar }
        var types: [String] = []
        var allowsNull = true
        for (member, _) in members {
            guard
                member.keys.allSatisfy({
                    !SchemaNormaliser.isSignificant($0) || $0 == "type" || limitKeywords.contains($0)
                })
            else { return .notScalar }
            guard let names = SchemaNormaliser.typeNames(member["type"]) else { continue }
            let named = names.filter { $0 != "null" }
            guard named.count == 1, scalarTypes.contains(named[0]) else { return .notScalar }
            if !types.contains(named[0]) { types.append(named[0]) }
            allowsNull =
                allowsNull && (names.contains("null") || (readsNullable && member["nullable"]?.bool == true))
        }
        if Set(types) == ["integer", "number"] { types = ["integer"] }
        guard types.count == 1 else {
            if types.isEmpty { return .notScalar }
            return .conflict(
                "The allOf's members are \(phrase(types)), which no value is at once: it is a struct, which "
                    + "has no place for the value.")
        }
        var merged = DocumentValue.Members([("type", .string(types[0]))])
        let limits = members.map(\.schema)
        var notKept: [NotKept] = []
        let formats = distinct(limits.compactMap { $0["format"]?.string })
        if let first = formats.first {
            var kept = first
            for format in formats.dropFirst() {
                guard let narrower = narrower(kept, format, of: types[0]) else {
                    return .conflict(
                        "The allOf's members are \(types[0]) schemas of the formats \(phrase(formats)), which "
                            + "are different Swift types: it is a struct, which has no place for the value.")
                }
                kept = narrower
            }
            merged["format"] = .string(kept)
            if formats.count > 1 {
                notKept.append(
                    NotKept(
                        keyword: "format",
                        reason:
                            "The allOf's members are \(types[0]) schemas of the formats \(phrase(formats)): "
                            + "the value is one of the format \(kept); the export does not say "
                            + "\(phrase(formats.filter { $0 != kept })).")
                )
            }
        }
        for (keyword, largest) in lengths {
            merged[keyword] = strictest(limits.compactMap { $0[keyword] }, largest: largest)
        }
        for (keyword, exclusive, largest) in bounds {
            // 3.0's `exclusiveMinimum: true` makes its member's `minimum` exclusive. The merged
            // bound is the strictest `minimum`, exclusive when its member says so, which the
            // importer reads as a single schema's: `.minimum(x)`, and the exclusion reported.
            let inclusive = limits.compactMap {
                member -> (value: DocumentValue, number: Double, isExclusive: Bool)? in
                guard let value = member[keyword], let number = value.number else { return nil }
                return (value, number, member[exclusive]?.bool == true)
            }
            let bound = inclusive.max { lhs, rhs in
                lhs.number == rhs.number
                    ? !lhs.isExclusive && rhs.isExclusive : (lhs.number < rhs.number) == largest
            }
            merged[keyword] = bound?.value
            if bound?.isExclusive == true {
                merged[exclusive] = .bool(true)
            } else {
                // 3.1's numeric exclusive bound.
                merged[exclusive] = strictest(limits.compactMap { $0[exclusive] }, largest: largest)
            }
        }
        let multiples = limits.compactMap { $0["multipleOf"] }.filter { $0.number.map { $0 > 0 } ?? false }
        if let multiple = multiples.first {
            var kept = multiple
            // A multiple of the larger is one of the smaller when the smaller divides it.
            for other in multiples.dropFirst() where isMultiple(other, of: kept) { kept = other }
            merged["multipleOf"] = kept
            let others = distinct(multiples.filter { !isMultiple(kept, of: $0) }.map(\.jsonText))
            if !others.isEmpty {
                notKept.append(
                    NotKept(
                        keyword: "multipleOf",
                        reason:
                            "The allOf's members are multiples of \(phrase(distinct(multiples.map(\.jsonText)))), "
                            + "and a schema has one multipleOf: it keeps \(kept.jsonText), not \(phrase(others))."
                    ))
            }
        }
        for keyword in ["contentEncoding", "contentMediaType"] {
            merged[keyword] = limits.lazy.compactMap { $0[keyword] }.first
        }
        let patterns = distinct(limits.compactMap { $0["pattern"]?.string })
        merged["pattern"] =
            patterns.count > 1 ? .string(everyPattern(patterns)) : patterns.first.map { .string($0) }
        // The documentation written here comes before that of a schema a member refers to.
        for (member, _) in members.filter({ !$0.isReferenced }) + members.filter(\.isReferenced) {
            for (key, value) in member where !SchemaNormaliser.isSignificant(key) && key != "nullable" {
                if merged[key] == nil { merged[key] = value }
            }
        }
        return .scalar(.object(merged), allowsNull: allowsNull, notKept: notKept)
    }

    /// The format a value of `type` with both formats `kept` and `other` is read as, or `nil`
    /// when the importer reads them as different Swift types.
    private static func narrower(_ kept: String, _ other: String, of type: String) -> String? {
        if narrowerFormat[kept] == other { return other }
        if narrowerFormat[other] == kept { return kept }
        let known = formatTypes[type] ?? [:]
        switch (known[kept], known[other]) {
        case (nil, .some): return other
        case (.some(let keptType), .some(let otherType)) where keptType != otherType: return nil
        default: return kept
        }
    }

    /// Whether `value` is a whole multiple of `divisor`.
    private static func isMultiple(_ value: DocumentValue, of divisor: DocumentValue) -> Bool {
        guard let value = value.number, let divisor = divisor.number else { return false }
        let quotient = value / divisor
        return quotient == quotient.rounded()
    }

    /// The largest (or smallest) of `values` that are numbers.
    private static func strictest(_ values: [DocumentValue], largest: Bool) -> DocumentValue? {
        let numbers = values.compactMap { value in value.number.map { (value: value, number: $0) } }
        return numbers.max { largest ? $0.number < $1.number : $0.number > $1.number }?.value
    }

    /// `values` without repeats, in order.
    private static func distinct(_ values: [String]) -> [String] {
        values.reduce(into: []) { if !$0.contains($1) { $0.append($1) } }
    }

    /// A regular expression that a text contains a match of when it contains a match of each of
    /// `patterns`: a lookahead per pattern, from the start.
    static func everyPattern(_ patterns: [String]) -> String {
        "^" + patterns.map { #"(?=[\s\S]*?(?:"# + $0 + "))" }.joined()
    }

    /// `schema`'s own keywords and those of every schema its `allOf` and `$ref` lead to, or `nil`
    /// when a reference names nothing or they lead back to themselves.
    private static func flattened(
        _ schema: DocumentValue, isReferenced: Bool, depth: Int, resolve: (String) -> DocumentValue?
    ) -> [Member]? {
        // `$ref`s that lead back to themselves would be followed forever, so a schema nested
        // more than 32 `allOf`s and `$ref`s deep is read as no scalar: it is taken for such a
        // cycle, since no document nests that deep otherwise.
        guard depth < 32 else { return nil }
        if schema == .bool(true) { return [] }
        guard var own = schema.members else { return nil }
        var members: [Member] = []
        if let reference = own["$ref"]?.string {
            guard let target = resolve(reference),
                let inner = flattened(target, isReferenced: true, depth: depth + 1, resolve: resolve)
            else { return nil }
            members += inner
            own["$ref"] = nil
        }
        if let parts = own["allOf"]?.array {
            for part in parts {
                guard
                    let inner = flattened(
                        part, isReferenced: isReferenced, depth: depth + 1, resolve: resolve)
                else { return nil }
                members += inner
            }
            own["allOf"] = nil
        }
        return [(own, isReferenced)] + members
    }

    /// `a string and an integer`, `int32 and uuid`, `4`.
    private static func phrase(_ names: [String]) -> String {
        let words = names.map { name in
            if name == "integer" { return "an integer" }
            return scalarTypes.contains(name) ? "a \(name)" : name
        }
        guard let last = words.last, words.count > 1 else { return words.joined() }
        return words.dropLast().joined(separator: ", ") + " and " + last
    }
}
