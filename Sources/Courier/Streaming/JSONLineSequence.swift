import Foundation

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
