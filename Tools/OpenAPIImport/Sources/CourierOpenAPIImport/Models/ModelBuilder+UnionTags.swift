extension ModelBuilder {
    /// The properties a union's `member` allows one string only in (an `enum` of one string, or
    /// a `const` string), through references and `allOf`, in the order the schema writes them,
    /// the first schema of a property's name deciding.
    ///
    /// A generated enum of strings decodes any string (its `unknown` case), so without these a
    /// value would decode as the first member whatever string it has there.
    func tags(of member: DocumentValue, at pointer: JSONPointer) -> [ModelDeclaration.Union.Tag] {
        let parts = objectSchemas(of: member, at: pointer, depth: 0)
        let required = Set(parts.flatMap { $0.0["required"]?.array?.compactMap(\.string) ?? [] })
        var tags: [ModelDeclaration.Union.Tag] = []
        var seen: Set<String> = []
        for (part, partPointer) in parts {
            for (property, schema) in part["properties"]?.members ?? .init()
            where seen.insert(property).inserted {
                let place = partPointer.appending("properties", property)
                guard let value = try? document.resolved(schema, at: place).value,
                    let text = Self.onlyString(of: value)
                else { continue }
                tags.append(.init(property: property, value: text, isRequired: required.contains(property)))
            }
        }
        return tags
    }

    /// The property that picks a member of a union without a discriminator: the first that every
    /// member requires to hold a string of its own (``tags(of:at:)``), if there is one.
    static func impliedDiscriminator(_ tags: [[ModelDeclaration.Union.Tag]]) -> String? {
        guard tags.count > 1, let first = tags.first else { return nil }
        return first.filter(\.isRequired).map(\.property).first { property in
            let values = tags.compactMap { tags in
                tags.first { $0.property == property && $0.isRequired }?.value
            }
            return values.count == tags.count && Set(values).count == values.count
        }
    }

    /// The one string `schema` allows: its `const`, or the only value of its `enum`.
    private static func onlyString(of schema: DocumentValue) -> String? {
        if let value = schema["const"] { return value.string }
        guard let values = schema["enum"]?.array, values.count == 1 else { return nil }
        return values[0].string
    }

    /// `schema` and the schemas of its `allOf`, through references, each with its place.
    private func objectSchemas(
        of schema: DocumentValue, at pointer: JSONPointer, depth: Int
    ) -> [(DocumentValue, JSONPointer)] {
        guard depth < 16, let (target, place) = try? document.resolved(schema, at: pointer) else { return [] }
        var parts = [(target, place)]
        for (offset, part) in (target["allOf"]?.array ?? []).enumerated() {
            parts += objectSchemas(of: part, at: place.appending("allOf", String(offset)), depth: depth + 1)
        }
        return parts
    }
}
