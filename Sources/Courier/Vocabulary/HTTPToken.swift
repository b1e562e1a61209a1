/// The RFC 9110 `token` grammar, shared by method names and header field names.
enum HTTPToken {
    /// Whether `text` is a non-empty RFC 9110 token (`tchar`s only).
    static func isValid(_ text: some StringProtocol) -> Bool {
        isValid(bytes: text.utf8)
    }

    /// Whether `text` is a non-empty RFC 9110 token, reading its contiguous UTF-8.
    static func isValid(_ text: String) -> Bool {
        text.withUTF8Bytes { isValid(bytes: $0) }
    }

    /// `token` in lowercase. A token is ASCII, so this maps bytes and keeps `token` itself when it
    /// has no uppercase letter.
    static func lowercased(_ token: String) -> String {
        token.withUTF8Bytes { bytes in
            guard bytes.contains(where: { (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains($0) }) else {
                return nil
            }
            return String(unsafeUninitializedCapacity: bytes.count) { buffer in
                for (index, byte) in bytes.enumerated() {
                    buffer[index] =
                        (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte | 0x20 : byte
                }
                return bytes.count
            }
        } ?? token
    }

    /// Whether `bytes` are a non-empty RFC 9110 token in UTF-8.
    static func isValid(bytes: some Collection<UInt8>) -> Bool {
        !bytes.isEmpty && bytes.allSatisfy(isTokenCharacter)
    }

    /// Whether `byte` is a `tchar`.
    static func isTokenCharacter(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"):
            return true
        default:
            return "!#$%&'*+-.^_`|~".utf8.contains(byte)
        }
    }
}
