/// What JSON a ``SchemaDescribing`` model is, for a catalog's OpenAPI document: one of several
/// types, any of them, any JSON value, or the JSON of another type.
///
/// Not `Sendable`: it holds metatypes, and is made by a model's
/// ``SchemaDescribing/schemaDescription`` when the document is written.
public struct SchemaDescription {
    enum Kind {
        case oneOf([any Decodable.Type], Discriminator?)
        case anyOf([any Decodable.Type])
        case anyValue
        case schema(of: any Decodable.Type)
    }

    let kind: Kind

    /// Exactly one of `types` (JSON Schema `oneOf`): a union, such as an enum with a case per
    /// type, that decodes whichever its JSON is.
    ///
    /// - Parameters:
    ///   - types: The types the JSON may be, in the order the model tries them.
    ///   - discriminator: The property whose value names the type, if the JSON has one.
    public static func oneOf(_ types: [any Decodable.Type], discriminator: Discriminator? = nil) -> Self {
        Self(kind: .oneOf(types, discriminator))
    }

    /// One or more of `types` at once (JSON Schema `anyOf`).
    public static func anyOf(_ types: [any Decodable.Type]) -> Self {
        Self(kind: .anyOf(types))
    }

    /// Any JSON value (the empty schema `{}`), for a model that holds JSON as it came.
    public static var anyValue: Self { Self(kind: .anyValue) }

    /// The JSON of `type`, for a model that only wraps a value of it, such as a box that makes a
    /// recursive type possible.
    public static func schema(of type: any Decodable.Type) -> Self {
        Self(kind: .schema(of: type))
    }

    /// The property of a union's JSON that names which type it is (OpenAPI's `discriminator`).
    public struct Discriminator {
        /// The property's name, such as `object` or `type`.
        public let property: String
        /// The type each value of the property names; a value not listed names the type of
        /// the same name, as OpenAPI reads it.
        public let mapping: [String: any Decodable.Type]

        /// Creates a discriminator.
        ///
        /// - Parameters:
        ///   - property: The property's name.
        ///   - mapping: The type each value of the property names.
        public init(property: String, mapping: [String: any Decodable.Type] = [:]) {
            self.property = property
            self.mapping = mapping
        }
    }
}
