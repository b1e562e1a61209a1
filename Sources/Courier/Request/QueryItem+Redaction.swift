extension QueryItem {
    /// Names whose values are hidden when the whole name matches, compared case-insensitively:
    /// `key`, `code` (an OAuth authorization code), `sig` and `auth`.
    public static let sensitiveNamesByDefault: Set<String> = ["key", "code", "sig", "auth"]

    /// Whether a query parameter (or form field) of this name carries a secret by default: the
    /// name is one of ``sensitiveNamesByDefault``, or contains, case-insensitively, `password`,
    /// `passwd`, `token`, `secret`, `authorization`, `apikey`, `api_key`, `api-key`, `cookie`,
    /// `session`, `credential`, `private_key` or `signature` (so `access_token`, `client_secret`
    /// and `X-Amz-Signature` are hidden).
    ///
    /// The same rule hides JSON body keys in logs and error messages.
    public static func isSensitiveByDefault(name: String) -> Bool {
        let lowered = name.lowercased()
        return sensitiveNamesByDefault.contains(lowered)
            || BodySnippet.sensitiveKeys.contains { lowered.contains($0) }
    }

    /// Whether the value must be hidden: marked secret, or sensitive by name.
    public var isSensitive: Bool {
        isSecret || Self.isSensitiveByDefault(name: name)
    }

    /// A copy whose value reads `<redacted>` when it is sensitive.
    var redacted: QueryItem {
        isSensitive ? QueryItem(name: name, value: "<redacted>", isSecret: true) : self
    }
}

extension QueryItem: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// `name=value`, unencoded, with the value of a sensitive parameter shown as `<redacted>`.
    ///
    /// Printing a request or a test failure never reveals a secret; read ``value`` to get the
    /// real one.
    public var description: String {
        "\(name)=\(isSensitive ? "<redacted>" : value)"
    }

    /// The same as ``description``.
    public var debugDescription: String { description }

    /// Name, redacted value and secrecy, so `dump` and reflection-based printers never show a secret.
    public var customMirror: Mirror {
        Mirror(
            self,
            children: ["name": name, "value": isSensitive ? "<redacted>" : value, "isSecret": isSecret],
            displayStyle: .struct
        )
    }
}
