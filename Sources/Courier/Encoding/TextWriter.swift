/// Writes a text into the storage of one string, piece by piece: one allocation instead of one
/// per `+` or interpolation. It writes URLs (percent-encoding the pieces that are values) and the
/// log line of every response ``LoggingMiddleware`` logs.
///
/// The capacity is an upper bound of the UTF-8 bytes written; writing past it stops the process.
///
/// ```swift
/// let text = TextWriter.text(capacity: 1 + 3 * name.utf8.count + 20) { writer in
///     writer.write("/")
///     writer.writeEncoded(name)
///     writer.write(decimal: 42)
/// }
/// ```
struct TextWriter {
    private let buffer: UnsafeMutableBufferPointer<UInt8>
    private var count = 0

    private init(buffer: UnsafeMutableBufferPointer<UInt8>) {
        self.buffer = buffer
    }

    /// The text `write` writes, into storage of `capacity` bytes, which must hold every byte
    /// written: a plain text's UTF-8 count, three times that for an encoded one, 20 for a
    /// decimal. Writing more traps.
    static func text(capacity: Int, _ write: (inout TextWriter) -> Void) -> String {
        String(unsafeUninitializedCapacity: capacity) { buffer in
            var writer = TextWriter(buffer: buffer)
            write(&writer)
            return writer.count
        }
    }

    /// Writes `text` as it is.
    mutating func write(_ text: String) {
        text.withUTF8Bytes { write(bytes: $0) }
    }

    /// Writes `bytes` as they are.
    private mutating func write(bytes: UnsafeBufferPointer<UInt8>) {
        precondition(count + bytes.count <= buffer.count, "TextWriter: the capacity is too small")
        if let source = bytes.baseAddress, let target = buffer.baseAddress {
            (target + count).initialize(from: source, count: bytes.count)
        }
        count += bytes.count
    }

    /// Writes `value` in decimal digits, with a `-` when it is negative: at most 20 bytes.
    mutating func write(decimal value: Int64) {
        precondition(count + 20 <= buffer.count, "TextWriter: the capacity is too small")
        if value < 0 {
            buffer[count] = UInt8(ascii: "-")
            count += 1
        }
        var magnitude = value.magnitude
        var digits = 1
        while magnitude >= 10 {
            magnitude /= 10
            digits += 1
        }
        magnitude = value.magnitude
        for position in stride(from: count + digits - 1, through: count, by: -1) {
            buffer[position] = UInt8(ascii: "0") + UInt8(magnitude % 10)
            magnitude /= 10
        }
        count += digits
    }

    /// Writes `value` in decimal digits, with a `-` when it is negative: at most 20 bytes.
    mutating func write(decimal value: Int) {
        write(decimal: Int64(value))
    }

    /// Writes `text` percent-encoded: what ``PercentEncoding/encode(_:)`` returns.
    mutating func writeEncoded(_ text: String) {
        text.withUTF8Bytes { writeEncoded(bytes: $0) }
    }

    /// Writes `bytes` percent-encoded.
    private mutating func writeEncoded(bytes: UnsafeBufferPointer<UInt8>) {
        precondition(count + 3 * bytes.count <= buffer.count, "TextWriter: the capacity is too small")
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
