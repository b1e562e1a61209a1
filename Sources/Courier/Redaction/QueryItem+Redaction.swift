extension QueryItem {
    /// Names whose values are hidden when the whole name matches, compared case-insensitively:
    /// `key`, `code` (an OAuth authorization code), `sig`, `auth` and `awsaccesskeyid` (AWS's
    /// `AWSAccessKeyId`, which OpenTelemetry's conventions hide in URLs beside the signatures), each
    /// held in lowercase.
    public static let sensitiveNamesByDefault: Set<String> = ["key", "code", "sig", "auth", "awsaccesskeyid"]

    /// Whether a query parameter (or form field) of this name carries a secret by default: the
    /// name is one of ``sensitiveNamesByDefault``, or contains, case-insensitively, `password`,
    /// `passwd`, `token`, `secret`, `authorization`, `apikey`, `api_key`, `api-key`, `cookie`,
    /// `session`, `credential`, `private_key`, `privatekey`, `private-key`, `passphrase` or
    /// `signature` (so `access_token`, `client_secret`, `privateKey` and `X-Amz-Signature` are
    /// hidden).
    ///
    /// The same rule hides JSON body keys in logs and error messages.
    public static func isSensitiveByDefault(name: String) -> Bool {
        // Compared byte by byte, ASCII letters folded: every listed name is lowercase ASCII.
        name.withUTF8Bytes { bytes in
            sensitiveNameBytes.contains { equalsFoldingASCII(bytes, $0) }
                || sensitiveKeyBytes.contains { containsFoldingASCII(bytes, $0) }
        }
    }

    /// ``sensitiveNamesByDefault`` as bytes.
    private static let sensitiveNameBytes = sensitiveNamesByDefault.map { Array($0.utf8) }
    /// The words a sensitive name contains, as bytes.
    private static let sensitiveKeyBytes = [
        "password", "passwd", "token", "secret", "authorization", "apikey", "api_key", "api-key", "cookie",
        "session", "credential", "private_key", "privatekey", "private-key", "passphrase", "signature",
    ].map { Array($0.utf8) }

    /// Whether `text` equals the lowercase `word`, ASCII letters compared without case.
    private static func equalsFoldingASCII(_ text: UnsafeBufferPointer<UInt8>, _ word: [UInt8]) -> Bool {
        text.count == word.count && zip(text, word).allSatisfy { foldedASCII($0) == $1 }
    }

    /// Whether `text` contains the lowercase `word`, ASCII letters compared without case.
    private static func containsFoldingASCII(_ text: UnsafeBufferPointer<UInt8>, _ word: [UInt8]) -> Bool {
        guard !word.isEmpty, text.count >= word.count else { return false }
        for start in 0...(text.count - word.count) {
            var offset = 0
            while offset < word.count, foldedASCII(text[start + offset]) == word[offset] {
                offset += 1
            }
            if offset == word.count { return true }
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
