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
        // Compared byte by byte, ASCII letters folded: every listed name is lowercase ASCII, and
        // this runs for every header and query item a log or an error renders (lowercasing and
        // Foundation's `contains` cost about 54 k instructions and 26 allocations per logged call).
        let bytes = name.utf8
        return sensitiveNamesByDefault.contains { Self.equalsFoldingASCII(bytes, $0.utf8) }
            || BodySnippet.sensitiveKeys.contains { Self.containsFoldingASCII(bytes, $0.utf8) }
    }

    /// Whether `text` equals the lowercase `word`, ASCII letters compared without case.
    private static func equalsFoldingASCII(_ text: String.UTF8View, _ word: String.UTF8View) -> Bool {
        text.count == word.count && zip(text, word).allSatisfy { foldedASCII($0) == $1 }
    }

    /// Whether `text` contains the lowercase `word`, ASCII letters compared without case.
    private static func containsFoldingASCII(_ text: String.UTF8View, _ word: String.UTF8View) -> Bool {
        guard let first = word.first, text.count >= word.count else { return false }
        var start = text.startIndex
        while let found = text[start...].firstIndex(where: { foldedASCII($0) == first }) {
            if text[found...].starts(with: word, by: { foldedASCII($0) == $1 }) { return true }
            start = text.index(after: found)
        }
        return false
    }

    /// `byte` with an ASCII capital letter turned to lowercase.
    private static func foldedASCII(_ byte: UInt8) -> UInt8 {
        (0x41...0x5A).contains(byte) ? byte | 0x20 : byte
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
