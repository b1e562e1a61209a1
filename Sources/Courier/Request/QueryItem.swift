/// One query parameter of a request: an unencoded name and value, and whether the value is a
/// secret to redact.
public struct QueryItem: Sendable, Hashable {
    /// The parameter name, unencoded.
    public let name: String
    /// The parameter value, unencoded.
    public let value: String
    /// Whether the value is redacted in errors, cURL renderings, logs and descriptions.
    ///
    /// Names that ``isSensitiveByDefault(name:)`` accepts are always treated as secret.
    public let isSecret: Bool

    /// Creates a parameter.
    public init(name: String, value: String, isSecret: Bool = false) {
        self.name = name
        self.value = value
        self.isSecret = isSecret
    }

    /// `name=value` percent-encoded by Courier's rules (`+` → `%2B`, space → `%20`).
    public var percentEncoded: String {
        PercentEncoding.encode(name) + "=" + PercentEncoding.encode(value)
    }
}
