/// An `allOf` of scalars of one type, read as one schema of that type: a value must match every
/// member, so it takes the largest minimum, the smallest maximum and every pattern.
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
        /// One scalar schema, without `null`, and whether every member that names a type allows
        /// `null`.
        case scalar(DocumentValue, allowsNull: Bool)
        /// Scalars that no value is at once; the sentence says why.
        case conflict(String)
    }

    /// The types a member may name.
    private static let scalarTypes: Set<String> = ["string", "integer", "number", "boolean"]

    /// The keywords a member may have besides `type` and those that only describe.
    private static let limitKeywords: Set<String> = [
        "format", "minLength", "maxLength", "pattern", "minimum", "maximum", "exclusiveMinimum",
        "exclusiveMaximum", "multipleOf", "contentEncoding", "contentMediaType",
    ]

    /// Limits of which a value must meet the largest (`true`) or the smallest (`false`).
    private static let bounds: [(keyword: String, largest: Bool)] = [
        ("minLength", true), ("maxLength", false), ("minimum", true), ("maximum", false),
        ("exclusiveMinimum", true), ("exclusiveMaximum", false),
    ]

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
        let limits = members.map { exclusiveBoundsAsNumbers($0.schema) }
        let formats = limits.compactMap { $0["format"]?.string }.reduce(into: [String]()) {
            if !$0.contains($1) { $0.append($1) }
        }
        if Set(formats) == ["int32", "int64"] {
            merged["format"] = .string("int32")
        } else if formats.count > 1 {
            return .conflict(
                "The allOf's members are \(types[0]) schemas of the formats \(phrase(formats)), which no value "
                    + "has at once: it is a struct, which has no place for the value.")
        } else if let format = formats.first {
            merged["format"] = .string(format)
        }
        for (keyword, largest) in bounds {
            let values = limits.compactMap { $0[keyword] }.compactMap { value in
                value.number.map { (value, $0) }
            }
            merged[keyword] = values.max { largest ? $0.1 < $1.1 : $0.1 > $1.1 }?.0
        }
        for keyword in ["multipleOf", "contentEncoding", "contentMediaType"] {
            merged[keyword] = limits.lazy.compactMap { $0[keyword] }.first
        }
        let patterns = limits.compactMap { $0["pattern"]?.string }.reduce(into: [String]()) {
            if !$0.contains($1) { $0.append($1) }
        }
        merged["pattern"] =
            patterns.count > 1 ? .string(everyPattern(patterns)) : patterns.first.map { .string($0) }
        // The documentation written here comes before that of a schema a member refers to.
        for (member, _) in members.filter({ !$0.isReferenced }) + members.filter(\.isReferenced) {
            for (key, value) in member where !SchemaNormaliser.isSignificant(key) && key != "nullable" {
                if merged[key] == nil { merged[key] = value }
            }
        }
        return .scalar(.object(merged), allowsNull: allowsNull)
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

    /// `member` with 3.0's Boolean `exclusiveMinimum` and `exclusiveMaximum` as 3.1's numbers.
    private static func exclusiveBoundsAsNumbers(_ member: DocumentValue.Members) -> DocumentValue.Members {
        var member = member
        for (bound, exclusive) in [("minimum", "exclusiveMinimum"), ("maximum", "exclusiveMaximum")] {
            guard let isExclusive = member[exclusive]?.bool else { continue }
            member[exclusive] = isExclusive ? member[bound] : nil
            if isExclusive { member[bound] = nil }
        }
        return member
    }

    /// `a string and an integer`, `int32 and uuid`.
    private static func phrase(_ names: [String]) -> String {
        let words = names.map {
            ["integer"].contains($0) ? "an \($0)" : scalarTypes.contains($0) ? "a \($0)" : $0
        }
        return words.dropLast().joined(separator: ", ") + " and " + words.last!
    }
}
