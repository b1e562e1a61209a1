/// A Swift type the importer writes for a schema.
indirect enum SwiftType: Hashable, Sendable {
    /// A generated model.
    case named(String)
    /// A type of Swift, Foundation or Courier, such as `String` or `Date`.
    case builtin(String)
    /// `[Element]`.
    case array(SwiftType)
    /// `[String: Value]`.
    case dictionary(SwiftType)

    /// The type as Swift spells it.
    var text: String {
        switch self {
        case .named(let name), .builtin(let name): name
        case .array(let element): "[\(element.text)]"
        case .dictionary(let value): "[String: \(value.text)]"
        }
    }

    /// The generated model it names, if it is one.
    var modelName: String? {
        if case .named(let name) = self { return name }
        return nil
    }
}

/// A schema as the importer read it: its Swift type and whether `null` is one of its values.
struct ResolvedSchema: Hashable, Sendable {
    var type: SwiftType
    var nullable: Bool = false
    /// Limits a ``SchemaConstraint`` can carry, as Swift source (`.minLength(1)`), for the
    /// property or parameter that has this schema.
    var constraints: [String] = []
    /// The schema's description, its default and other notes, for a DocC comment.
    var documentation: [String] = []
}

/// A property of a generated struct.
struct PropertyDeclaration: Hashable, Sendable {
    /// The Swift name.
    var name: String
    /// The name in the JSON.
    var jsonName: String
    /// The type, without the `?` of an optional.
    var type: SwiftType
    /// Whether the property is optional (not required, or `null` allowed).
    var isOptional: Bool
    /// DocC lines.
    var documentation: [String]
    /// ``SchemaConstraint`` source for the property, if it has limits.
    var constraints: [String]
    /// Whether the value is stored in an `Indirect` box, since it holds the model again.
    var isBoxed = false
}

/// A generated model.
enum ModelDeclaration: Hashable, Sendable {
    /// A struct with properties.
    case structure(Structure)
    /// An enum of known string or integer values, with a case for any other.
    case enumeration(Enumeration)
    /// An enum with a case per schema of a `oneOf` or `anyOf`.
    case union(Union)
    /// A type alias, for a component that is an array, a map or a scalar.
    case alias(Alias)

    struct Structure: Hashable, Sendable {
        /// What documentation calls the schema: `` `Pet` schema ``, or the schema of the place
        /// it is declared (``ModelBuilder/schemaSubject(_:)``).
        var subject: String
        var name: String
        var documentation: [String]
        var properties: [PropertyDeclaration]
        /// Whether it is some endpoint's `Failure`, and so an `Error`.
        var isError = false
    }

    struct Enumeration: Hashable, Sendable {
        /// What documentation calls the schema: `` `Pet` schema ``, or the schema of the place
        /// it is declared (``ModelBuilder/schemaSubject(_:)``).
        var subject: String
        struct Case: Hashable, Sendable {
            var name: String
            /// The raw value as Swift source: a string literal or an integer.
            var rawValue: String
        }
        var name: String
        var documentation: [String]
        /// `String` or `Int`.
        var rawType: String
        var cases: [Case]
    }

    struct Union: Hashable, Sendable {
        /// What documentation calls the schema: `` `Pet` schema ``, or the schema of the place
        /// it is declared (``ModelBuilder/schemaSubject(_:)``).
        var subject: String
        struct Case: Hashable, Sendable {
            var name: String
            var type: SwiftType
            /// The discriminator values that select this case.
            var discriminatorValues: [String]
            /// The properties the member's schema allows one string only in: without a
            /// discriminator, the case is tried first only for a value that has that string in
            /// each, or lacks the property, and for another only when no case fits so.
            var tags: [Tag] = []
        }
        /// A property whose schema allows one string only (an `enum` of one value, or a `const`).
        struct Tag: Hashable, Sendable {
            /// The property's name in the JSON.
            var property: String
            /// The string it must hold.
            var value: String
            /// Whether the member requires the property.
            var isRequired: Bool
        }
        var name: String
        var documentation: [String]
        var cases: [Case]
        /// The property whose value picks the case: the schema's discriminator, or a property
        /// that every member requires to hold a string of its own.
        var discriminator: String?
        /// Whether the enum is `indirect`, since a case holds the enum again.
        var isIndirect = false
        /// Whether the schema is an `anyOf`, which the value may match more than one case of.
        var isAnyOf = false
    }

    struct Alias: Hashable, Sendable {
        /// What documentation calls the schema: `` `Pet` schema ``, or the schema of the place
        /// it is declared (``ModelBuilder/schemaSubject(_:)``).
        var subject: String
        var name: String
        var documentation: [String]
        var type: SwiftType
    }

    var name: String {
        switch self {
        case .structure(let structure): structure.name
        case .enumeration(let enumeration): enumeration.name
        case .union(let union): union.name
        case .alias(let alias): alias.name
        }
    }
}
