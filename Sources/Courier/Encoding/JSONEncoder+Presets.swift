import Foundation

extension JSONEncoder {
    /// A new encoder whose output has sorted keys, Courier's default for request bodies.
    ///
    /// `JSONEncoder`'s key order otherwise varies between runs on Linux, which would make request
    /// bodies, cURL renderings and golden files differ for equal values.
    public static func sortedKeys() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return encoder
    }
}
