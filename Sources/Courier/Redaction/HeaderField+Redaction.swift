extension HeaderField: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// `Name: value`, with the value of a sensitive field shown as `<redacted>`.
    ///
    /// Printing a request, a transport request or a test failure never reveals a credential;
    /// read ``value`` to get the real one.
    public var description: String {
        "\(name.rawValue): \(isSensitive ? "<redacted>" : value)"
    }

    /// The same as ``description``.
    public var debugDescription: String { description }

    /// Name, redacted value and secrecy, so `dump` and reflection-based printers never show a secret.
    public var customMirror: Mirror {
        Mirror(
            self,
            children: [
                "name": name.rawValue, "value": isSensitive ? "<redacted>" : value, "isSecret": isSecret,
            ],
            displayStyle: .struct
        )
    }
}
