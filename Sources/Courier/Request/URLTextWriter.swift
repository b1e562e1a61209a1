/// Writes a URL's text into the storage of one string, piece by piece, percent-encoding the
/// pieces that are values: one allocation instead of one per `+`.
///
/// ```swift
/// let text = URLTextWriter.text(capacity: 1 + 3 * name.utf8.count) { writer in
///     writer.write("/")
///     writer.writeEncoded(name)
/// }
/// ```
struct URLTextWriter {
    private let buffer: UnsafeMutableBufferPointer<UInt8>
    private var count = 0

    private init(buffer: UnsafeMutableBufferPointer<UInt8>) {
        self.buffer = buffer
    }

    /// The text `write` writes, into storage of `capacity` bytes, which must hold every byte
    /// written: a plain text's UTF-8 count, three times that for an encoded one. Writing more
    /// traps.
    static func text(capacity: Int, _ write: (inout URLTextWriter) -> Void) -> String {
        String(unsafeUninitializedCapacity: capacity) { buffer in
            var writer = URLTextWriter(buffer: buffer)
            write(&writer)
            return writer.count
        }
    }

    /// Writes `text` as it is.
    mutating func write(_ text: String) {
        var text = text
        text.withUTF8 { bytes in
            precondition(count + bytes.count <= buffer.count, "URLTextWriter: the capacity is too small")
            if let source = bytes.baseAddress, let target = buffer.baseAddress {
                (target + count).initialize(from: source, count: bytes.count)
            }
            count += bytes.count
        }
    }

    /// Writes `text` percent-encoded, as ``PercentEncoding/encode(_:)`` does.
    mutating func writeEncoded(_ text: String) {
        var text = text
        text.withUTF8 { bytes in
            precondition(count + 3 * bytes.count <= buffer.count, "URLTextWriter: the capacity is too small")
            for byte in bytes {
                if PercentEncoding.isUnreserved(byte) {
                    buffer[count] = byte
                    count += 1
                } else {
                    buffer[count] = UInt8(ascii: "%")
                    buffer[count + 1] = PercentEncoding.hexDigit(byte >> 4)
                    buffer[count + 2] = PercentEncoding.hexDigit(byte & 0x0F)
                    count += 3
                }
            }
        }
    }
}
