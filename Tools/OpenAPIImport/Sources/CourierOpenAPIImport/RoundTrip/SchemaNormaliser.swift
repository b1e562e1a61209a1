/// Reads one level of a schema as OpenAPI 3.1 JSON Schema, whichever version wrote it.
///
/// - A Boolean `exclusiveMinimum` or `exclusiveMaximum` (3.0) becomes the numeric form: `true`
///   takes the `minimum` or `maximum` value, `false` is dropped.
/// - `format: byte` is `contentEncoding: base64`; `format: binary` is dropped, as 3.1 says bytes
///   with `contentMediaType` or no schema at all.
/// - `true` is the empty schema.
/// - `null` is split off: `nullable: true`, `null` in a `type` array or an `enum`, and a
///   `{"type": "null"}` member of `anyOf` or `oneOf` each allow it, and the rest is the schema
///   the comparison goes on with.
enum SchemaNormaliser {
    /// Keywords that say nothing about which values a schema accepts.
    static let ignoredKeywords: Set<String> = [
        "title", "description", "example", "examples", "default", "readOnly", "writeOnly", "deprecated",
        "externalDocs", "xml", "nullable", "$comment", "$schema", "$id", "$anchor", "$defs", "definitions",
    ]

    /// Whether `key` is a keyword the comparison reads: not an ignored one, not an `x-` extension.
    static func isSignificant(_ key: String) -> Bool {
        !key.hasPrefix("x-") && !ignoredKeywords.contains(key)
    }

    /// Whether `schema` accepts any value: `true`, or an object without a significant keyword.
    static func acceptsAnything(_ schema: DocumentValue) -> Bool {
        if schema == .bool(true) { return true }
        return schema.members.map { !$0.keys.contains(where: isSignificant) } ?? false
    }

    /// The type names of a `type` value, a string or an array of strings.
    static func typeNames(_ type: DocumentValue?) -> [String]? {
        if let name = type?.string { return [name] }
        return type?.array?.compactMap(\.string)
    }

    /// The schema with 3.0's spellings in their 3.1 form.
    static func as31(_ schema: DocumentValue) -> DocumentValue {
        if schema == .bool(true) { return .object(DocumentValue.Members()) }
        guard var members = schema.members else { return schema }
        for (bound, exclusive) in [("minimum", "exclusiveMinimum"), ("maximum", "exclusiveMaximum")] {
            guard let isExclusive = members[exclusive]?.bool else { continue }
            members[exclusive] = isExclusive ? members[bound] : nil
            if isExclusive { members[bound] = nil }
        }
        if members["format"]?.string == "byte" {
            members["format"] = nil
            members["contentEncoding"] = members["contentEncoding"] ?? .string("base64")
        }
        if members["format"]?.string == "binary" { members["format"] = nil }
        return .object(members)
    }

    /// The schema without what allows `null`, and whether something did.
    ///
    /// `null` members of `anyOf` and `oneOf` stay in place, so that the members keep their
    /// indices; ``members(_:of:)`` leaves them out.
    static func splittingNull(_ schema: DocumentValue) -> (rest: DocumentValue, allowsNull: Bool) {
        guard var members = schema.members else { return (schema, false) }
        var allowsNull = members["nullable"]?.bool == true
        members["nullable"] = nil
        if let types = typeNames(members["type"]), types.contains("null") {
            allowsNull = true
            let others = types.filter { $0 != "null" }
            if others.count == 1 {
                members["type"] = .string(others[0])
            } else if !others.isEmpty {
                members["type"] = .array(others.map(DocumentValue.string))
            }
        }
        if let values = members["enum"]?.array, values.contains(.null) {
            allowsNull = true
            if values.count > 1 { members["enum"] = .array(values.filter { $0 != .null }) }
        }
        for keyword in ["anyOf", "oneOf"] {
            if let list = members[keyword]?.array, list.contains(where: isNullSchema) { allowsNull = true }
        }
        return (.object(members), allowsNull)
    }

    /// The members of the composition `keyword` with their indices: for `anyOf` and `oneOf`
    /// without those that only allow `null`, for `allOf` without those that accept anything
    /// (when another one is left).
    static func members(_ keyword: String, of schema: DocumentValue) -> [(index: Int, schema: DocumentValue)]
    {
        let list = (schema[keyword]?.array ?? []).enumerated().map { (index: $0.offset, schema: $0.element) }
        guard keyword == "allOf" else { return list.filter { !isNullSchema($0.schema) } }
        let constraining = list.filter { !acceptsAnything($0.schema) }
        return constraining.isEmpty ? list : constraining
    }

    /// The one member a schema stands for when it says nothing but `allOf`, `anyOf` or `oneOf`
    /// of a single schema (not counting `null`), such as the `anyOf` of a schema and `null`.
    static func onlyMember(of schema: DocumentValue) -> (keyword: String, index: Int)? {
        guard let keys = schema.members?.keys.filter(isSignificant), keys.count == 1,
            let keyword = keys.first, ["allOf", "anyOf", "oneOf"].contains(keyword)
        else { return nil }
        let candidates = members(keyword, of: schema)
        guard candidates.count == 1 else { return nil }
        return (keyword, candidates[0].index)
    }

    /// Whether `schema` allows `null` and nothing else.
    static func isNullSchema(_ schema: DocumentValue) -> Bool {
        guard let members = schema.members else { return false }
        let keys = members.keys.filter(isSignificant)
        if keys == ["type"] { return typeNames(members["type"]) == ["null"] }
        if keys == ["enum"] { return members["enum"] == .array([.null]) }
        if keys == ["const"] { return members["const"] == .null }
        return false
    }
}
