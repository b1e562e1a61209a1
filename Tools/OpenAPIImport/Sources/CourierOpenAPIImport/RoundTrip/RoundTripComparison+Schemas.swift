extension RoundTripComparison {
    /// Keywords compared as values; one only the export has is a difference unless the export's
    /// type implies it (``isImplied(_:_:exported:original:)``).
    private static let limitKeywords = [
        "minimum", "exclusiveMinimum", "maximum", "exclusiveMaximum", "multipleOf", "minLength", "maxLength",
        "pattern", "minItems", "maxItems",
    ]

    /// Keywords holding one schema, compared as schemas; absent is any value.
    private static let subschemaKeywords = [
        "additionalProperties", "items", "not", "propertyNames", "if", "then", "else",
    ]

    /// Keywords holding a list of schemas, compared member by member in order.
    private static let compositionKeywords = ["allOf", "anyOf", "oneOf", "prefixItems"]

    /// Keywords with a rule of their own; any other significant keyword is compared as a value.
    private static let keywordsWithRules: Set<String> =
        Set(limitKeywords + subschemaKeywords + compositionKeywords).union([
            "$ref", "type", "enum", "const", "format", "properties", "required", "contentEncoding",
            "contentMediaType", "contentSchema", "discriminator",
        ])

    /// The lowest and highest value of each integer format, which Courier's exporter writes for a
    /// Swift integer whatever the document said.
    private static let formatBounds: [String: (minimum: Double, maximum: Double)] = [
        "int8": (Double(Int8.min), Double(Int8.max)),
        "int16": (Double(Int16.min), Double(Int16.max)),
        "int32": (Double(Int32.min), Double(Int32.max)),
        "int64": (Double(Int64.min), Double(Int64.max)),
        "uint8": (0, Double(UInt8.max)),
        "uint16": (0, Double(UInt16.max)),
        "uint32": (0, Double(UInt32.max)),
        "uint64": (0, Double(UInt64.max)),
    ]

    /// Compares schema `original` with `exported`, reporting each difference at the deepest place
    /// of the original where it shows; a schema reached through a `$ref` is compared once per
    /// pair of places.
    ///
    /// - Parameters:
    ///   - nullableInExport: Whether the export may allow `null` where the original does not, as a
    ///     Swift optional does for a property the original does not require.
    ///   - comparesNull: Whether it is compared at all whether `null` is allowed.
    mutating func compareSchemas(
        _ original: Located, _ exported: Located, nullableInExport: Bool = false, comparesNull: Bool = true
    ) {
        if compareJSONPart(original, exported, nullableInExport: nullableInExport) { return }
        guard let left = normalised(original, on: .original, reportingAt: original.pointer),
            let right = normalised(exported, on: .exported, reportingAt: original.pointer)
        else { return }
        // A schema that constrains nothing allows null, whether it says so or not.
        let leftAllowsNull = left.allowsNull || SchemaNormaliser.acceptsAnything(left.core.value)
        let rightAllowsNull = right.allowsNull || SchemaNormaliser.acceptsAnything(right.core.value)
        if comparesNull, leftAllowsNull != rightAllowsNull, !(rightAllowsNull && nullableInExport) {
            report(
                original.pointer,
                "null is \(leftAllowsNull ? "allowed" : "not allowed") in the document and "
                    + "\(rightAllowsNull ? "allowed" : "not allowed") in the export")
        }
        if let leftName = left.componentNames.last, let rightName = right.componentNames.last,
            !left.componentNames.contains(where: { (schemaRenames[$0] ?? $0) == rightName })
        {
            report(
                JSONPointer(tokens: ["components", "schemas", leftName]), "the schema's name",
                is: leftName, rightName)
        }
        let pair = SchemaPair(original: left.core.pointer, exported: right.core.pointer)
        guard comparedSchemas.insert(pair).inserted else { return }
        compareKeywords(left.core, right.core)
    }

    private mutating func compareKeywords(_ original: Located, _ exported: Located) {
        guard compareTypes(original, exported) else { return }
        compareEnumerations(original, exported)
        if let format = original.value["format"], format != exported.value["format"] {
            report(original.place("format"), "format", is: format.phrase, exported.value["format"].phrase)
        }
        compareLimits(original, exported)
        // Courier's models have no `allOf`: one made of the members' properties says the same.
        let mergesAllOf = original.value["allOf"] != nil && exported.value["allOf"] == nil
        compareProperties(original, exported, mergingAllOf: mergesAllOf)
        for keyword in Self.subschemaKeywords {
            compareSubschemas(keyword, original, exported)
        }
        if original.value["contentSchema"] != nil { compareSubschemas("contentSchema", original, exported) }
        for keyword in Self.compositionKeywords where !(keyword == "allOf" && mergesAllOf) {
            compareCompositions(keyword, original, exported)
        }
        compareDiscriminators(original, exported)
        compareValues("contentEncoding", original, exported)
        if original.value["contentMediaType"] != nil { compareValues("contentMediaType", original, exported) }
        for (key, _) in original.members where SchemaNormaliser.isSignificant(key) {
            if !Self.keywordsWithRules.contains(key) { compareValues(key, original, exported) }
        }
        for (key, value) in exported.members where original.value[key] == nil {
            if SchemaNormaliser.isSignificant(key), !Self.keywordsWithRules.contains(key) {
                report(original.pointer, key, is: "absent", value.value.phrase)
            }
        }
    }

    /// Compares the types, `null` left out; `false` when they differ, as nothing else then
    /// compares usefully. An original without a type of its own that composes schemas
    /// (`allOf`, `anyOf`, `oneOf`) has its members' types, so the composition is compared instead;
    /// so does an export without a type against an original whose `type: object` only repeats
    /// what every member of its `anyOf` and `oneOf` says (``saysOnlyObjectOfMembers(_:)``). Any
    /// other type beside an `anyOf` or `oneOf` the export leaves out is a difference, and the
    /// members are still compared.
    private mutating func compareTypes(_ original: Located, _ exported: Located) -> Bool {
        let left = Self.types(of: original.value)
        let right = Self.types(of: exported.value)
        guard left != right else { return true }
        if left.isEmpty, ["allOf", "anyOf", "oneOf"].contains(where: { original.value[$0] != nil }) {
            return true
        }
        if right.isEmpty, left == ["object"], saysOnlyObjectOfMembers(original) { return true }
        func phrase(_ types: Set<String>) -> String {
            types.isEmpty ? "unspecified" : types.sorted().joined(separator: " or ")
        }
        report(original.place("type"), "type", is: phrase(left), phrase(right))
        return right.isEmpty && ["anyOf", "oneOf"].contains(where: { original.value[$0] != nil })
    }

    /// Whether `schema` has an `anyOf` or a `oneOf` (or both) whose every member, `null` left out
    /// and references followed, is of type object, so that the schema's own `type: object` adds
    /// nothing to what the members allow.
    private func saysOnlyObjectOfMembers(_ schema: Located) -> Bool {
        let lists = ["anyOf", "oneOf"].filter { schema.value[$0] != nil }
        guard !lists.isEmpty else { return false }
        return lists.allSatisfy { keyword in
            let members = SchemaNormaliser.members(keyword, of: schema.value)
            return !members.isEmpty
                && members.allSatisfy { member in
                    let place = schema.pointer.appending(keyword, String(member.index))
                    guard let target = resolved(Located(value: member.schema, pointer: place), on: .original)
                    else { return false }
                    let core = SchemaNormaliser.splittingNull(SchemaNormaliser.as31(target.value)).rest
                    return Self.types(of: core) == ["object"]
                }
        }
    }

    /// The type names of a schema, or the type its other keywords imply when it has no `type`.
    private static func types(of schema: DocumentValue) -> Set<String> {
        if let names = SchemaNormaliser.typeNames(schema["type"]) { return Set(names) }
        if schema["properties"] != nil || schema["additionalProperties"] != nil { return ["object"] }
        if schema["items"] != nil || schema["prefixItems"] != nil { return ["array"] }
        let values = enumeration(of: schema) ?? []
        if !values.isEmpty, values.allSatisfy({ $0.string != nil }) { return ["string"] }
        if !values.isEmpty, values.allSatisfy({ if case .integer = $0 { true } else { false } }) {
            return ["integer"]
        }
        return []
    }

    private static func enumeration(of schema: DocumentValue) -> [DocumentValue]? {
        schema["enum"]?.array ?? schema["const"].map { [$0] }
    }

    private mutating func compareEnumerations(_ original: Located, _ exported: Located) {
        let left = Self.enumeration(of: original.value)
        let right = Self.enumeration(of: exported.value)
        guard left != nil || right != nil else { return }
        func contains(_ values: [DocumentValue], _ value: DocumentValue) -> Bool {
            values.contains { $0.isSameValue(as: value) }
        }
        if let left, let right, left.allSatisfy({ contains(right, $0) }),
            right.allSatisfy({ contains(left, $0) })
        {
            return
        }
        let place = original.value["enum"] != nil ? original.place("enum") : original.place("const")
        report(
            place, "enum", is: left.map { DocumentValue.array($0) }.phrase,
            right.map { DocumentValue.array($0) }.phrase)
    }

    private mutating func compareLimits(_ original: Located, _ exported: Located) {
        for keyword in Self.limitKeywords {
            let left = original.value[keyword]
            let right = exported.value[keyword]
            if let left, let right, left.isSameValue(as: right) { continue }
            guard left != nil || right != nil else { continue }
            if left == nil, let right,
                Self.isImplied(keyword, right, exported: exported.value, original: original.value)
            {
                continue
            }
            report(original.place(keyword), keyword, is: left.phrase, right.phrase)
        }
    }

    /// Whether the export's `value` of `keyword`, which the original does not have, only says what
    /// the export's type says anyway: an integer format's bound, or the `pattern` of what a Swift
    /// date strategy writes for a `date-time`.
    private static func isImplied(
        _ keyword: String, _ value: DocumentValue, exported: DocumentValue, original: DocumentValue
    ) -> Bool {
        if keyword == "pattern" {
            return original["format"]?.string == "date-time" && exported["format"]?.string == "date-time"
        }
        guard let format = exported["format"]?.string, let bounds = formatBounds[format],
            let number = value.number
        else { return false }
        switch keyword {
        case "minimum": return number == bounds.minimum
        case "maximum": return number == bounds.maximum
        default: return false
        }
    }

    /// Compares the property names, each property's schema and `required`; with
    /// `mergingAllOf`, the original's properties are its own and those of its `allOf` members.
    private mutating func compareProperties(_ original: Located, _ exported: Located, mergingAllOf: Bool) {
        var visited: Set<JSONPointer> = []
        let (left, leftRequired) =
            mergingAllOf
            ? mergedProperties(of: original, visited: &visited)
            : (original["properties"]?.members ?? [], Self.names(original.value["required"]))
        let right = Dictionary(exported["properties"]?.members ?? [], uniquingKeysWith: { first, _ in first })
        let leftNames = Set(left.map(\.key))
        let rightRequired = Self.names(exported.value["required"])
        for (name, property) in left {
            if let counterpart = right[name] {
                compareSchemas(property, counterpart, nullableInExport: !leftRequired.contains(name))
            } else {
                report(property.pointer, "property \(name) is in the document and not in the export")
            }
        }
        for (name, _) in exported["properties"]?.members ?? [] where !leftNames.contains(name) {
            report(original.place("properties"), "property \(name) is in the export and not in the document")
        }
        for name in leftRequired + rightRequired.filter({ !leftRequired.contains($0) })
        where leftRequired.contains(name) != rightRequired.contains(name)
            && leftNames.contains(name) == (right[name] != nil)
        {
            let place = left.first { $0.key == name }?.value.pointer ?? original.place("required")
            let (document, export) =
                leftRequired.contains(name) ? ("required", "optional") : ("optional", "required")
            report(place, "property \(name) is \(document) in the document and \(export) in the export")
        }
    }

    /// The properties of `schema` and of its `allOf` members (theirs too), each at the place it
    /// is written, the first of a name winning, and all their `required` names.
    private mutating func mergedProperties(of schema: Located, visited: inout Set<JSONPointer>)
        -> (properties: [(key: String, value: Located)], required: [String])
    {
        var properties = schema["properties"]?.members ?? []
        var required = Self.names(schema.value["required"])
        guard visited.insert(schema.pointer).inserted else { return (properties, required) }
        for member in schema["allOf"]?.elements ?? [] {
            guard let target = resolving(member, on: .original, reportingAt: member.pointer) else { continue }
            readSchemas.insert(target.pointer)
            let merged = mergedProperties(of: target, visited: &visited)
            properties += merged.properties.filter { property in
                !properties.contains { $0.key == property.key }
            }
            required += merged.required
        }
        return (properties, required)
    }

    private static func names(_ value: DocumentValue?) -> [String] {
        value?.array?.compactMap(\.string) ?? []
    }

    /// Compares the schemas of `keyword`, where no schema and an empty one accept any value.
    private mutating func compareSubschemas(_ keyword: String, _ original: Located, _ exported: Located) {
        let left = original[keyword]
        let right = exported[keyword]
        let leftIsAny = left.map { SchemaNormaliser.acceptsAnything($0.value) } ?? true
        let rightIsAny = right.map { SchemaNormaliser.acceptsAnything($0.value) } ?? true
        if leftIsAny && rightIsAny { return }
        if let left, let right, !leftIsAny, !rightIsAny, left.value != .bool(false),
            right.value != .bool(false)
        {
            compareSchemas(left, right)
        } else if left?.value != right?.value {
            report(
                original.place(keyword), keyword, is: left?.value.phrase ?? "absent",
                right?.value.phrase ?? "absent")
        }
    }

    private mutating func compareCompositions(_ keyword: String, _ original: Located, _ exported: Located) {
        guard original.value[keyword] != nil || exported.value[keyword] != nil else { return }
        let left = SchemaNormaliser.members(keyword, of: original.value)
        let right = SchemaNormaliser.members(keyword, of: exported.value)
        guard left.count == right.count, original.value[keyword] != nil, exported.value[keyword] != nil else {
            func phrase(_ located: Located, _ count: Int) -> String {
                located.value[keyword] == nil ? "absent" : "\(count) schemas"
            }
            report(
                original.place(keyword), keyword, is: phrase(original, left.count),
                phrase(exported, right.count))
            return
        }
        let place = original.pointer.appending(keyword)
        for (member, counterpart) in zip(left, right) {
            compareSchemas(
                Located(value: member.schema, pointer: place.appending(String(member.index))),
                Located(
                    value: counterpart.schema,
                    pointer: exported.pointer.appending(keyword, String(counterpart.index))))
        }
    }

    /// Compares the discriminators' property and the schema each value names: a value a
    /// `mapping` does not list names the component of its own name, and the original's
    /// components by the names the import gave them.
    private mutating func compareDiscriminators(_ original: Located, _ exported: Located) {
        let left = original.value["discriminator"]
        let right = exported.value["discriminator"]
        guard left != nil || right != nil else { return }
        // At the keyword even when only the export has it, so that what explains it explains
        // nothing else in the schema.
        let place = original.pointer.appending("discriminator")
        guard let left, let right else {
            report(place, "discriminator", is: left.phrase, right.phrase)
            return
        }
        if left["propertyName"] != right["propertyName"] {
            report(
                place, "discriminator property", is: left["propertyName"].phrase, right["propertyName"].phrase
            )
        }
        func target(_ discriminator: DocumentValue, _ value: String, renaming: Bool) -> String {
            let reference = discriminator["mapping"]?[value]?.string ?? value
            let name = SourceDocument.componentSchemaName(reference) ?? reference
            return renaming ? schemaRenames[name] ?? name : name
        }
        let values = Set((left["mapping"]?.members ?? .init()).map(\.0))
            .union((right["mapping"]?.members ?? .init()).map(\.0))
        for value in values.sorted()
        where target(left, value, renaming: true) != target(right, value, renaming: false) {
            report(
                place.appending("mapping", value),
                "discriminator value \(value.debugDescription) names \(target(left, value, renaming: false)) in the "
                    + "document and \(target(right, value, renaming: false)) in the export")
        }
    }

    private mutating func compareValues(_ keyword: String, _ original: Located, _ exported: Located) {
        let left = original.value[keyword]
        let right = exported.value[keyword]
        if let left, let right, left.isSameValue(as: right) { return }
        guard left != nil || right != nil else { return }
        report(original.place(keyword), keyword, is: left.phrase, right.phrase)
    }

    /// Compares each component schema of the original that no operation led to with the
    /// export's component of its (renamed) name; one the export does not have is a difference.
    mutating func compareUnreachedComponentSchemas() {
        let place = JSONPointer(tokens: ["components", "schemas"])
        guard let schemas = located(place, on: .original) else { return }
        for (name, schema) in schemas.members {
            guard !readSchemas.contains(where: { $0.tokens.starts(with: schema.pointer.tokens) }) else {
                continue
            }
            let exportedName = schemaRenames[name] ?? name
            if let counterpart = located(place.appending(exportedName), on: .exported) {
                compareSchemas(schema, counterpart)
            } else {
                report(schema.pointer, "component schema \(name) is in the document and not in the export")
            }
        }
    }
}
