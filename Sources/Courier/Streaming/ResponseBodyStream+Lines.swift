import Foundation

extension ResponseBodyStream {
    /// The body's lines, as they arrive: split at LF, CR LF or CR, without the line ending, decoded
    /// as UTF-8 (invalid bytes become U+FFFD). A last line without an ending is delivered at the
    /// body's end.
    ///
    /// - Parameter limit: The longest line, in bytes; a longer one throws
    ///   ``CourierError/Kind/responseTooLarge``. 1 MiB by default.
    public func lines(limit: Int = 1 << 20) -> LineSequence {
        LineSequence(chunks: self, limit: limit)
    }

    /// The body's lines with the default limit of 1 MiB per line; see ``lines(limit:)``.
    public var lines: LineSequence { lines() }

    /// The body as newline-delimited JSON: each line that is not blank decoded as `Value`.
    ///
    /// ```swift
    /// for try await todo in try response.get().jsonLines(of: Todo.self) {
    ///     print(todo.title)
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - type: The type of each line.
    ///   - decoder: The decoder; Courier's default (`JSONDecoder.courierDefault()`,
    ///     ISO 8601 dates) unless you pass one, such as the one your client is configured with.
    ///   - lineLimit: The longest line, in bytes.
    public func jsonLines<Value: Decodable & Sendable>(
        of type: Value.Type, decoder: JSONDecoder = .courierDefault(), lineLimit: Int = 1 << 20
    ) -> JSONLineSequence<Value> {
        JSONLineSequence(lines: lines(limit: lineLimit), decoder: decoder)
    }
}
