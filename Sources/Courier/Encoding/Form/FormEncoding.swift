import Foundation

/// The rules that turn values into query parameters and `application/x-www-form-urlencoded`
/// bodies: one encoder for both, configured per client and overridable per endpoint.
///
/// Whatever the strategy, every byte outside RFC 3986 `unreserved` is percent-encoded, so a
/// literal `+` is always `%2B` and never read as a space. Declare one inside an endpoint to
/// replace the client's for that endpoint:
///
/// ```swift
/// Endpoint {
///     Method.get
///     Path("search")
///     FormEncoding(arrays: .brackets)
///     Query(fieldsOf: filters)
/// }
/// ```
///
/// The defaults, the alternatives and the bytes each rule sends: <doc:EncodingRules>.
public struct FormEncoding: Sendable {
    /// How arrays are written.
    public var arrays: ArrayStrategy
    /// How booleans are written.
    public var booleans: BooleanStrategy
    /// How the keys of nested objects are joined.
    public var nesting: NestingStrategy
    /// How dates are written.
    public var dates: DateStrategy
    /// How property names become parameter names.
    public var keys: KeyStrategy
    /// How a space is written in a form body; queries always use `%20`.
    public var spaces: SpaceStrategy

    /// Creates an encoding; every argument defaults to the documented default.
    public init(
        arrays: ArrayStrategy = .repeatedKey,
        booleans: BooleanStrategy = .trueFalse,
        nesting: NestingStrategy = .brackets,
        dates: DateStrategy = .iso8601,
        keys: KeyStrategy = .useDeclaredKeys,
        spaces: SpaceStrategy = .percent20
    ) {
        self.arrays = arrays
        self.booleans = booleans
        self.nesting = nesting
        self.dates = dates
        self.keys = keys
        self.spaces = spaces
    }

    /// The parameters for an `Encodable` value whose keys become parameter names.
    ///
    /// ```swift
    /// let items = try FormEncoding().queryItems(for: Filter(status: .open, tags: ["a", "b"]))
    /// // status=open, tags=a, tags=b
    /// ```
    ///
    /// - Throws: ``FormEncodingError`` when the value is not keyed (a bare number or array), or
    ///   cannot be written with these strategies.
    public func queryItems(for value: some Encodable) throws(FormEncodingError) -> [QueryItem] {
        try FormFlattening(encoding: self).items(for: FormValueEncoder.node(for: value, encoding: self))
    }

    /// The parameters for one named value: a scalar gives one pair, an array or object several.
    ///
    /// - Throws: ``FormEncodingError`` when the value cannot be written with these strategies.
    public func queryItems(name: String, value: some Encodable) throws(FormEncodingError) -> [QueryItem] {
        if let text = Self.plainText(of: value) { return [QueryItem(name: name, value: text)] }
        let node: FormNode
        do throws(FormEncodingError) {
            node = try FormValueEncoder.node(for: value, encoding: self)
        } catch {
            throw FormEncodingError(error.message, codingPath: [name] + error.codingPath)
        }
        return try FormFlattening(encoding: self).items(for: node, name: name)
    }

    /// The text of a value every strategy writes as itself (text and integers), so that no
    /// encoder is needed; `nil` for anything else.
    static func plainText<Value: Encodable>(of value: Value) -> String? {
        switch value {
        case let text as String: text
        case let number as Int: String(number)
        default: nil
        }
    }

    /// An `application/x-www-form-urlencoded` body for `items`, with spaces as ``spaces`` says.
    public func formBody(_ items: [QueryItem]) -> Data {
        let text = items.map { item in
            spaces.encode(item.name) + "=" + spaces.encode(item.value)
        }.joined(separator: "&")
        return Data(text.utf8)
    }
}
