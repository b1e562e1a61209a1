extension SchemaConstraint {
    /// The JSON Schema keywords of the limits that are set.
    var keywords: [String: JSONValue] {
        var keywords: [String: JSONValue] = [:]
        let counts: [(String, Int?)] = [
            ("minimum", minimum), ("maximum", maximum), ("minLength", minLength), ("maxLength", maxLength),
            ("minItems", minItems), ("maxItems", maxItems),
        ]
        for case (let keyword, let value?) in counts { keywords[keyword] = .integer(value) }
        if let pattern { keywords["pattern"] = .string(pattern) }
        return keywords
    }

    /// `schema` with these keywords added (replacing a type's own bounds). An object schema (an
    /// array sent by index, keyed by index) counts its items as `minProperties` and
    /// `maxProperties`; a `$ref` gets the keywords beside it, as OpenAPI 3.1 allows; a union is
    /// left as it is.
    func applied(to schema: JSONValue) -> JSONValue {
        guard case .object(var members) = schema, members["type"] != nil || members["$ref"] != nil else {
            return schema
        }
        let isObject = members["type"] == "object"
        for (keyword, value) in keywords {
            switch keyword {
            case "minItems" where isObject: members["minProperties"] = value
            case "maxItems" where isObject: members["maxProperties"] = value
            default: members[keyword] = value
            }
        }
        return .object(members)
    }
}
