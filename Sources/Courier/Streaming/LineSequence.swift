import Foundation

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
