/// A limit on a value that JSON Schema can say and a Swift type cannot, such as a minimum page
/// number or a non-empty title, for a catalog's OpenAPI document.
///
/// A model or an endpoint lists them by coding key with ``SchemaConstrained``:
///
/// ```swift
/// extension NewTodo: SchemaConstrained {
///     static let schemaConstraints: [String: SchemaConstraint] = ["title": .length(1...200)]
/// }
/// ```
///
/// The document carries them; the server still checks them, and answers a documented failure
/// (a 422, say) for a value outside them.
public struct SchemaConstraint: Sendable, Hashable {
    /// JSON Schema keywords and their values.
    let keywords: [String: Int]

    /// At least `value`, for a number.
    public static func minimum(_ value: Int) -> SchemaConstraint {
        SchemaConstraint(keywords: ["minimum": value])
    }

    /// At most `value`, for a number.
    public static func maximum(_ value: Int) -> SchemaConstraint {
        SchemaConstraint(keywords: ["maximum": value])
    }

    /// Within `range`, for a number.
    public static func range(_ range: ClosedRange<Int>) -> SchemaConstraint {
        SchemaConstraint(keywords: ["minimum": range.lowerBound, "maximum": range.upperBound])
    }

    /// At least `count` characters, for text.
    public static func minLength(_ count: Int) -> SchemaConstraint {
        SchemaConstraint(keywords: ["minLength": count])
    }

    /// Between `range.lowerBound` and `range.upperBound` characters, for text.
    public static func length(_ range: ClosedRange<Int>) -> SchemaConstraint {
        SchemaConstraint(keywords: ["minLength": range.lowerBound, "maxLength": range.upperBound])
    }

    /// At least `count` elements, for an array.
    public static func minItems(_ count: Int) -> SchemaConstraint {
        SchemaConstraint(keywords: ["minItems": count])
    }

    /// `schema` with these keywords added (replacing a type's own bounds); a schema that is a
    /// `$ref` or a union is left as it is.
    func applied(to schema: JSONValue) -> JSONValue {
        guard case .object(var members) = schema, members["type"] != nil else { return schema }
        for (keyword, value) in keywords { members[keyword] = .integer(value) }
        return .object(members)
    }
}
