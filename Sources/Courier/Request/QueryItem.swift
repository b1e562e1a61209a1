/// One query parameter of a request: an unencoded name and value.
public struct QueryItem: Sendable, Hashable {
    /// The parameter name, unencoded.
    public let name: String
    /// The parameter value, unencoded.
    public let value: String

    /// Creates a parameter.
    public init(name: String, value: String) {
        self.name = name
        self.value = value
    }

    /// `name=value` percent-encoded by Courier's rules (`+` → `%2B`, space → `%20`).
    public var percentEncoded: String {
        PercentEncoding.encode(name) + "=" + PercentEncoding.encode(value)
    }
}
