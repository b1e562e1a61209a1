/// A limit on a value that JSON Schema can say and a Swift type cannot, such as a minimum page
/// number or a non-empty title: a catalog refuses a request that breaks it, and its OpenAPI
/// document says it.
///
/// A model or an endpoint lists them by coding key with ``SchemaConstrained``; a list of
/// constraints is one constraint with all their limits:
///
/// ```swift
/// extension NewTodo: SchemaConstrained {
///     static let schemaConstraints: [String: SchemaConstraint] = [
///         "title": .length(1...200),
///         "tags": [.minItems(1), .maxItems(10)],
///     ]
/// }
/// ```
///
/// Numbers take a minimum and a maximum (both inclusive), text takes lengths (counted in Unicode
/// scalars, as JSON Schema counts) and a ``pattern(_:)``, arrays take item counts, and the bytes
/// of a multipart part take lengths in bytes. ``Catalog/match(_:)`` refuses a request with a
/// value outside them with an ``EndpointMismatch`` that lists each
/// ``EndpointMismatch/violations``, answered 400; a ``Catalog`` refuses a constraint that names
/// no property or does not fit its type when it is made: <doc:SharingACatalog#Constraints>.
public struct SchemaConstraint: Sendable, Hashable, ExpressibleByArrayLiteral {
    /// The smallest number allowed.
    var minimum: Int?
    /// The largest number allowed.
    var maximum: Int?
    /// The fewest Unicode scalars of text, or bytes of a part, allowed.
    var minLength: Int?
    /// The most Unicode scalars of text, or bytes of a part, allowed.
    var maxLength: Int?
    /// The fewest elements of an array allowed.
    var minItems: Int?
    /// The most elements of an array allowed.
    var maxItems: Int?
    /// A regular expression text must contain a match of (``pattern(_:)``).
    var pattern: String?

    init(
        minimum: Int? = nil, maximum: Int? = nil, minLength: Int? = nil, maxLength: Int? = nil,
        minItems: Int? = nil, maxItems: Int? = nil, pattern: String? = nil
    ) {
        self.minimum = minimum
        self.maximum = maximum
        self.minLength = minLength
        self.maxLength = maxLength
        self.minItems = minItems
        self.maxItems = maxItems
        self.pattern = pattern
    }

    /// Every limit of `constraints`; where two set the same limit, the later one counts.
    ///
    /// ```swift
    /// "code": [.length(3...3), .pattern("^[A-Z]+$")]
    /// ```
    public init(arrayLiteral constraints: SchemaConstraint...) {
        for constraint in constraints {
            minimum = constraint.minimum ?? minimum
            maximum = constraint.maximum ?? maximum
            minLength = constraint.minLength ?? minLength
            maxLength = constraint.maxLength ?? maxLength
            minItems = constraint.minItems ?? minItems
            maxItems = constraint.maxItems ?? maxItems
            pattern = constraint.pattern ?? pattern
        }
    }

    /// At least `value`, for a number.
    public static func minimum(_ value: Int) -> SchemaConstraint {
        SchemaConstraint(minimum: value)
    }

    /// At most `value`, for a number.
    public static func maximum(_ value: Int) -> SchemaConstraint {
        SchemaConstraint(maximum: value)
    }

    /// Within `range`, for a number.
    public static func range(_ range: ClosedRange<Int>) -> SchemaConstraint {
        SchemaConstraint(minimum: range.lowerBound, maximum: range.upperBound)
    }

    /// At least `count` characters (Unicode scalars) of text, or bytes of a multipart part.
    public static func minLength(_ count: Int) -> SchemaConstraint {
        SchemaConstraint(minLength: count)
    }

    /// At most `count` characters (Unicode scalars) of text, or bytes of a multipart part.
    public static func maxLength(_ count: Int) -> SchemaConstraint {
        SchemaConstraint(maxLength: count)
    }

    /// Between `range.lowerBound` and `range.upperBound` characters (Unicode scalars) of text, or
    /// bytes of a multipart part.
    public static func length(_ range: ClosedRange<Int>) -> SchemaConstraint {
        SchemaConstraint(minLength: range.lowerBound, maxLength: range.upperBound)
    }

    /// At least `count` elements, for an array.
    public static func minItems(_ count: Int) -> SchemaConstraint {
        SchemaConstraint(minItems: count)
    }

    /// At most `count` elements, for an array.
    public static func maxItems(_ count: Int) -> SchemaConstraint {
        SchemaConstraint(maxItems: count)
    }

    /// Between `range.lowerBound` and `range.upperBound` elements, for an array.
    public static func itemCount(_ range: ClosedRange<Int>) -> SchemaConstraint {
        SchemaConstraint(minItems: range.lowerBound, maxItems: range.upperBound)
    }
}
