/// What JSON a ``SchemaDescribing`` model is, for a catalog's OpenAPI document: one of several
/// types, any of them, any JSON value, or the JSON of another type.
///
/// Each type a description names is described as the document describes any type: a model by
/// the component named after it, a scalar inline.
public struct SchemaDescription: Sendable {
    /// A type a description names.
    public typealias Described = any (Decodable & Sendable).Type

    enum Kind: Sendable {
        case union(keyword: String, [Described], Discriminator?)
        case anyValue
        case schema(of: Described)
    }

    let kind: Kind

    /// Exactly one of `types` (JSON Schema `oneOf`): a union, such as an enum with a case per
    /// type, that decodes whichever its JSON is.
    ///
    /// - Parameters:
    ///   - types: The types the JSON may be, in the order the model tries them.
    ///   - discriminator: The property whose value names the type, if the JSON has one.
    public static func oneOf(_ types: [Described], discriminator: Discriminator? = nil) -> Self {
        Self(kind: .union(keyword: "oneOf", types, discriminator))
    }

    /// One or more of `types` at once (JSON Schema `anyOf`).
    ///
    /// - Parameters:
    ///   - types: The types the JSON may be, in the order the model tries them.
    ///   - discriminator: The property whose value names the type, if the JSON has one.
    public static func anyOf(_ types: [Described], discriminator: Discriminator? = nil) -> Self {
        Self(kind: .union(keyword: "anyOf", types, discriminator))
    }

    /// Any JSON value (the empty schema `{}`), for a model that holds JSON as it came.
    public static var anyValue: Self { Self(kind: .anyValue) }

    /// The JSON of `type`, for a model that only wraps a value of it, such as a box that makes a
    /// recursive type possible.
    public static func schema(of type: Described) -> Self {
        Self(kind: .schema(of: type))
    }

    /// The property of a union's JSON that names which type it is (OpenAPI's `discriminator`).
    public struct Discriminator: Sendable {
        /// The property's name, such as `object` or `type`.
        public let property: String
        /// The type each value of the property names. A value not listed names the component
        /// of its own name, as OpenAPI reads it; an entry whose type is not a component (a
        /// scalar, an array, or a model that describes itself inline) is left out.
        public let mapping: [String: Described]

        /// Creates a discriminator.
        ///
        /// - Parameters:
        ///   - property: The property's name.
        ///   - mapping: The type each value of the property names.
        public init(property: String, mapping: [String: Described] = [:]) {
            self.property = property
            self.mapping = mapping
        }
    }
}
