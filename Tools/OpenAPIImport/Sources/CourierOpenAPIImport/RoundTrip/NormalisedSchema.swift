/// A schema as the comparison reads it: `$ref`s followed, 3.0 spellings in their 3.1 form, and
/// whether it allows `null` apart from the rest.
struct NormalisedSchema {
    /// The schema without what allows `null`, at the place in its document it was read from.
    var core: Located
    /// Whether the schema allows `null`.
    var allowsNull: Bool
    /// The component schemas the `$ref`s on the way to ``core`` named, in the order followed: an
    /// alias (`PetList: {$ref: Pets}`) names both.
    var componentNames: [String]
}

extension RoundTripComparison {
    /// `schema` of `side` normalised (``SchemaNormaliser``): `$ref`s followed and wrappers of one
    /// member unwrapped, such as `anyOf` of a `$ref` and `null`, or 3.0's `allOf` of one `$ref`
    /// with `nullable: true`; an `allOf` of scalars of one type is that scalar (``ScalarAllOf``).
    /// `nil`, with a difference at `site`, when a reference does not resolve.
    mutating func normalised(_ schema: Located, on side: Side, reportingAt site: JSONPointer)
        -> NormalisedSchema?
    {
        var current = schema
        var allowsNull = false
        var componentNames: [String] = []
        var visited: Set<JSONPointer> = []
        while visited.insert(current.pointer).inserted {
            if side == .original { readSchemas.insert(current.pointer) }
            if let reference = current.value["$ref"]?.string {
                // 3.0 ignores a `$ref`'s siblings, but `nullable` beside one says what was meant.
                if current.value["nullable"]?.bool == true { allowsNull = true }
                guard let target = target(of: reference, on: side) else {
                    report(
                        side == .original ? current.pointer : site,
                        "$ref \(reference) resolves to nothing in the \(side.name)")
                    return nil
                }
                if let name = Self.componentSchemaName(target.pointer) { componentNames.append(name) }
                current = target
                continue
            }
            let split = SchemaNormaliser.splittingNull(SchemaNormaliser.as31(current.value))
            allowsNull = allowsNull || split.allowsNull
            let scalar = ScalarAllOf.read(split.rest, readsNullable: true) { reference in
                guard let target = target(of: reference, on: side) else { return nil }
                if side == .original { readSchemas.insert(target.pointer) }
                return target.value
            }
            if case .scalar(let value, let scalarAllowsNull, _) = scalar {
                return NormalisedSchema(
                    core: Located(value: SchemaNormaliser.as31(value), pointer: current.pointer),
                    allowsNull: allowsNull || scalarAllowsNull, componentNames: componentNames)
            }
            if let member = SchemaNormaliser.onlyMember(of: split.rest),
                let value = split.rest[member.keyword]?.array?[member.index]
            {
                current = Located(
                    value: value, pointer: current.pointer.appending(member.keyword, String(member.index)))
                continue
            }
            return NormalisedSchema(
                core: Located(value: split.rest, pointer: current.pointer), allowsNull: allowsNull,
                componentNames: componentNames)
        }
        report(site, "the \(side.name)'s schema at \(current.pointer) refers to itself and nothing else")
        return nil
    }

    /// `Pet` for `/components/schemas/Pet`; `nil` for any other place.
    static func componentSchemaName(_ pointer: JSONPointer) -> String? {
        let tokens = pointer.tokens
        guard tokens.count == 3, tokens[0] == "components", tokens[1] == "schemas" else { return nil }
        return tokens[2]
    }
}
