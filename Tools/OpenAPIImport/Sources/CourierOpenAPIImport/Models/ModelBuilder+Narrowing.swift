extension ModelBuilder {
    /// The keywords a member of a `oneOf` or `anyOf` may give a property its parent declares and
    /// still only narrow it: limits and values, no type of its own.
    private static let narrowingKeywords: Set<String> = [
        "enum", "const", "minimum", "exclusiveMinimum", "maximum", "exclusiveMaximum", "multipleOf",
        "minLength", "maxLength", "pattern", "minItems", "maxItems", "uniqueItems", "minProperties",
        "maxProperties",
    ]

    /// Whether every one of `members`, the `oneOf` or `anyOf` of `schema`, only narrows the
    /// object `schema` declares: it requires some of its properties, limits them or the object,
    /// and declares no property, type or reference of its own (JSON Schema's "one of these
    /// properties must be there"). Such a schema is a struct of its properties; the members are
    /// not checked.
    static func onlyNarrows(_ members: [DocumentValue], declaredBy schema: DocumentValue) -> Bool {
        guard let declared = schema["properties"]?.members, !declared.isEmpty else { return false }
        return members.allSatisfy { member in
            guard let keys = member.members else { return false }
            return keys.allSatisfy { key, value in
                switch key {
                case "required":
                    return value.array?.allSatisfy { $0.string.map { declared[$0] != nil } ?? false } ?? false
                case "type": return value == .string("object")
                case "additionalProperties": return value.bool != nil
                case "minProperties", "maxProperties": return true
                case "properties":
                    return value.members?.allSatisfy { name, property in
                        guard let parent = declared[name], let keywords = property.members else {
                            return false
                        }
                        return keywords.allSatisfy { keyword, narrowing in
                            narrowingKeywords.contains(keyword) || descriptive.contains(keyword)
                                || keyword.hasPrefix("x-")
                                || (keyword == "type" && narrowing == parent["type"])
                        }
                    } ?? false
                default: return descriptive.contains(key) || key.hasPrefix("x-")
                }
            }
        }
    }

    /// Reports the `oneOf` or `anyOf` of a struct whose members only narrow its properties
    /// (``onlyNarrows(_:declaredBy:)``): the struct does not check them.
    mutating func reportNarrowing(of schema: DocumentValue, at pointer: JSONPointer) {
        for keyword in ["oneOf", "anyOf"] {
            guard let members = schema[keyword]?.array, members.count > 1 else { continue }
            report.add(
                pointer.appending(keyword), .notExpressed,
                "The \(keyword) is not checked: its \(members.count) schemas only require or limit properties "
                    + "declared here, so the struct has those properties, and a value that matches "
                    + "\(keyword == "oneOf" ? "not exactly one" : "none") of the schemas is not refused.")
        }
    }
}
