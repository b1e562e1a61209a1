/// One header field: a name, a value, and whether the value is a secret to redact.
public struct HeaderField: Sendable, Hashable {
    /// The field name, compared case-insensitively.
    public var name: HeaderName
    /// The field value as sent on the wire.
    public var value: String
    /// Whether the value is redacted in cURL renderings, logs and errors.
    ///
    /// Names that ``HeaderName/isSensitiveByDefault`` accepts are always treated as secret.
    public var isSecret: Bool

    /// Creates a field.
    public init(name: HeaderName, value: String, isSecret: Bool = false) {
        self.name = name
        self.value = value
        self.isSecret = isSecret
    }

    /// Whether the value must be hidden: marked secret, or a credential header by name
    /// (``HeaderName/isSensitiveByDefault``).
    public var isSensitive: Bool {
        isSecret || name.isSensitiveByDefault
    }

    /// `"starts"` or `"ends"` when the value starts or ends with a space or horizontal tab, which a
    /// receiver strips from a field value (RFC 9110 §5.5); else `nil`.
    var whitespaceEnd: String? {
        func isWhitespace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 }
        if let first = value.utf8.first, isWhitespace(first) { return "starts" }
        if let last = value.utf8.last, isWhitespace(last) { return "ends" }
        return nil
    }

    /// Whether `value` is free of control characters: C0, DEL and C1; only horizontal tab is allowed.
    ///
    /// Courier refuses to send a value that is not; a value that starts or ends with a space or tab
    /// is refused when a request is built, too.
    ///
    /// ```swift
    /// HeaderField(name: .accept, value: "text/plain\r\nX: 1").hasValidValue  // false
    /// ```
    public var hasValidValue: Bool {
        value.unicodeScalars.allSatisfy { scalar in
            scalar == "\t" || (scalar.value >= 0x20 && !(0x7F...0x9F).contains(scalar.value))
        }
    }
}
