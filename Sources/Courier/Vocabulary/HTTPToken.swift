/// The RFC 9110 `token` grammar, shared by method names and header field names.
enum HTTPToken {
    /// Whether `text` is a non-empty RFC 9110 token (`tchar`s only).
    static func isValid(_ text: some StringProtocol) -> Bool {
        isValid(bytes: text.utf8)
    }

    /// Whether `bytes` are a non-empty RFC 9110 token in UTF-8.
    static func isValid(bytes: some Collection<UInt8>) -> Bool {
        !bytes.isEmpty && bytes.allSatisfy(isTokenCharacter)
    }

    /// Whether `byte` is a `tchar`.
    static func isTokenCharacter(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "!"), UInt8(ascii: "#")...UInt8(ascii: "'"),
            UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "^"),
            UInt8(ascii: "_"), UInt8(ascii: "`"), UInt8(ascii: "|"), UInt8(ascii: "~"):
            return true
        default:
            return false
        }
    }
}
