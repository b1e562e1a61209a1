import Foundation

extension String {
    /// The text of `bytes` if they are valid UTF-8, exactly: unlike `String(data:encoding:)`, a
    /// leading byte order mark (U+FEFF) is kept, since it is part of the value a client sent.
    init?(strictUTF8 bytes: some Collection<UInt8>) {
        let text = String(decoding: bytes, as: UTF8.self)
        // Invalid bytes decode as U+FFFD, which does not encode back to them.
        guard text.utf8.elementsEqual(bytes) else { return nil }
        self = text
    }
}
