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
    ///   - decoder: The decoder; a plain `JSONDecoder` by default.
    ///   - lineLimit: The longest line, in bytes.
    public func jsonLines<Value: Decodable & Sendable>(
        of type: Value.Type, decoder: JSONDecoder = JSONDecoder(), lineLimit: Int = 1 << 20
    ) -> JSONLineSequence<Value> {
        JSONLineSequence(lines: lines(limit: lineLimit), decoder: decoder)
    }
}

/// The lines of a ``ResponseBodyStream``; see ``ResponseBodyStream/lines(limit:)``.
public struct LineSequence: AsyncSequence, Sendable {
    /// One line, without its line ending.
    public typealias Element = String

    let chunks: ResponseBodyStream
    let limit: Int

    /// Reads the lines.
    public func makeAsyncIterator() -> Iterator {
        Iterator(chunks: chunks.makeAsyncIterator(), splitter: LineSplitter(limit: limit))
    }

    /// Reads the lines of a ``LineSequence``.
    public struct Iterator: AsyncIteratorProtocol {
        var chunks: ResponseBodyStream.Iterator
        var splitter: LineSplitter
        var ready: [String] = []
        var index = 0
        var isDone = false

        /// The next line, or `nil` at the body's end.
        ///
        /// - Throws: ``CourierError``, from the body or for a line over the limit.
        public mutating func next() async throws -> String? {
            while index == ready.count {
                ready.removeAll(keepingCapacity: true)
                index = 0
                if isDone { return nil }
                if let chunk = try await chunks.next() {
                    ready = try splitter.split(chunk)
                } else {
                    isDone = true
                    if let last = splitter.finish() { ready = [last] }
                }
            }
            defer { index += 1 }
            return ready[index]
        }
    }
}

/// Splits bytes into lines at LF, CR LF and CR, across chunk boundaries.
struct LineSplitter: Sendable {
    let limit: Int
    private var line: [UInt8] = []
    private var skipsLineFeed = false

    init(limit: Int) {
        self.limit = limit
    }

    mutating func split(_ chunk: Data) throws(CourierError) -> [String] {
        var lines: [String] = []
        for byte in chunk {
            if skipsLineFeed {
                skipsLineFeed = false
                if byte == UInt8(ascii: "\n") { continue }
            }
            if byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") {
                skipsLineFeed = byte == UInt8(ascii: "\r")
                lines.append(String(decoding: line, as: UTF8.self))
                line.removeAll(keepingCapacity: true)
            } else {
                guard line.count < limit else {
                    throw CourierError(
                        stage: .transport, kind: .responseTooLarge,
                        message: "A line of the response body is longer than \(limit) bytes.")
                }
                line.append(byte)
            }
        }
        return lines
    }

    /// The last line, when the body ended without a line ending.
    mutating func finish() -> String? {
        defer { line.removeAll() }
        return line.isEmpty ? nil : String(decoding: line, as: UTF8.self)
    }
}

/// The lines of a ``ResponseBodyStream`` decoded as JSON; see
/// ``ResponseBodyStream/jsonLines(of:decoder:lineLimit:)``.
public struct JSONLineSequence<Value: Decodable & Sendable>: AsyncSequence, Sendable {
    /// One decoded line.
    public typealias Element = Value

    let lines: LineSequence
    let decoder: JSONDecoder

    /// Reads the values.
    public func makeAsyncIterator() -> Iterator {
        Iterator(lines: lines.makeAsyncIterator(), decoder: decoder)
    }

    /// Reads the values of a ``JSONLineSequence``.
    public struct Iterator: AsyncIteratorProtocol {
        var lines: LineSequence.Iterator
        let decoder: JSONDecoder
        var lineNumber = 0

        /// The next value, or `nil` at the body's end; blank lines are skipped.
        ///
        /// - Throws: ``CourierError``, from the body, or of kind
        ///   ``CourierError/Kind/decodingFailed`` naming the line that did not decode.
        public mutating func next() async throws -> Value? {
            while let line = try await lines.next() {
                lineNumber += 1
                guard !line.allSatisfy(\.isWhitespace) else { continue }
                do {
                    return try decoder.decode(Value.self, from: Data(line.utf8))
                } catch {
                    var message = "Line \(lineNumber) of the response body did not decode as \(Value.self)"
                    if let decodingError = error as? DecodingError {
                        message += ": " + CourierError.describe(decodingError)
                    }
                    throw CourierError(
                        stage: .decoding, kind: .decodingFailed, message: message, underlying: error)
                }
            }
            return nil
        }
    }
}
