import Foundation

extension RequestBodyStream {
    /// The chunks of a ``RequestBodyStream``, checked against its declared length: one iteration.
    ///
    /// An error the sequence throws arrives as ``CourierError/Kind/streamedBodyFailed`` with the
    /// error as its ``CourierError/underlying``; a sequence that yields more bytes than the declared
    /// length (found before the chunk that completes the length is yielded) or ends short fails as
    /// ``CourierError/Kind/streamedBodyLengthMismatch``. A second iteration throws
    /// ``CourierError/Kind/streamedBodyAlreadySent``.
    public struct Chunks: AsyncSequence, Sendable {
        /// Each chunk, never empty.
        public typealias Element = Data

        private let iterator: OneIterator
        /// The declared length, if any.
        public let length: Int64?
        /// Who hears of each chunk sent.
        private let observers: TransferObservers

        /// The chunks `iterator` reads, checked against `length`, each reported to `observers`.
        init(iterator: OneIterator, length: Int64?, observers: TransferObservers) {
            self.iterator = iterator
            self.length = length
            self.observers = observers
        }

        /// The iterator; only the first one made reads the sequence.
        public func makeAsyncIterator() -> Iterator {
            Iterator(source: iterator.take(), length: length, observers: observers)
        }

        /// Reads the caller's sequence and checks what it yields.
        public struct Iterator: AsyncIteratorProtocol {
            private var source: ErasedChunkIterator?
            private let length: Int64?
            private let observers: TransferObservers
            private var sent: Int64 = 0
            private var isFirst = true

            fileprivate init(source: ErasedChunkIterator?, length: Int64?, observers: TransferObservers) {
                self.source = source
                self.length = length
                self.observers = observers
            }

            /// The next non-empty chunk, or `nil` after the last one.
            ///
            /// - Throws: ``CourierError`` as ``Chunks`` describes.
            public mutating func next() async throws -> Data? {
                defer { isFirst = false }
                guard source != nil else {
                    if isFirst { throw RequestBodyStream.alreadySent }
                    return nil
                }
                while true {
                    let chunk: Data?
                    do {
                        chunk = try await source?.next()
                    } catch {
                        source = nil
                        throw Chunks.failure(error)
                    }
                    guard let chunk else {
                        source = nil
                        if let length, sent != length {
                            throw Chunks.mismatch("ended after \(sent) of its declared \(length) bytes")
                        }
                        return nil
                    }
                    if chunk.isEmpty { continue }
                    sent += Int64(chunk.count)
                    if let length, sent > length {
                        source = nil
                        throw Chunks.mismatch("yielded more than its declared \(length) bytes")
                    }
                    if let length, sent == length {
                        // The chunk completes the request: a surplus must be found before it is sent.
                        try await expectEnd(length)
                    }
                    observers.notify { $0.sent(bytes: Int64(chunk.count)) }
                    return chunk
                }
            }

            /// Reads past the declared length: the sequence must end there (empty chunks aside).
            private mutating func expectEnd(_ length: Int64) async throws {
                defer { source = nil }
                while true {
                    let chunk: Data?
                    do {
                        chunk = try await source?.next()
                    } catch {
                        throw Chunks.failure(error)
                    }
                    guard let chunk else { return }
                    if !chunk.isEmpty {
                        throw Chunks.mismatch("yielded more than its declared \(length) bytes")
                    }
                }
            }
        }

        static func mismatch(_ what: String) -> CourierError {
            CourierError(
                stage: .transport, kind: .streamedBodyLengthMismatch,
                message: "The streamed body \(what); the request was not completed.")
        }

        static func failure(_ error: any Error) -> CourierError {
            if let error = error as? CourierError { return error }
            return CourierError(
                stage: .transport, kind: .streamedBodyFailed,
                message: "The streamed body's sequence threw an error; the request was not completed.",
                underlying: error)
        }
    }
}

/// An iterator over `Data` of any sequence, for one reader.
struct ErasedChunkIterator {
    private let nextChunk: () async throws -> Data?

    init<Iterator: AsyncIteratorProtocol>(_ iterator: Iterator) where Iterator.Element == Data {
        var iterator = iterator
        nextChunk = { try await iterator.next() }
    }

    func next() async throws -> Data? {
        try await nextChunk()
    }
}

/// Hands the one iterator of a stream to the first taker.
///
/// `@unchecked Sendable` is safe: the iterator is only reached in `take()`, under the lock, and
/// leaves the box there, so one reader at most ever holds it. (``LockedValue`` holds only
/// `Sendable` values, and a caller's iterator is not one.)
final class OneIterator: @unchecked Sendable {
    private let lock = NSLock()
    private var iterator: ErasedChunkIterator?

    init(_ iterator: ErasedChunkIterator) {
        self.iterator = iterator
    }

    func take() -> ErasedChunkIterator? {
        lock.withLock { iterator.take() }
    }
}
