import Foundation

/// A response body as it arrives: an `AsyncSequence` of byte chunks that one task reads once.
///
/// ``Client/stream(_:deadline:)`` returns one as soon as a 2xx response's head arrives. Buffering is
/// bounded: while the reader is slower than the server, the transport stops reading from the
/// connection, so memory stays flat. Cancelling the reading task, or dropping the stream and its
/// iterator, closes the connection. A connection lost before the body's end throws
/// ``CourierError/Kind/truncatedResponse``; the request's idle timeout applies between chunks.
///
/// ```swift
/// let response = try await client.stream(API.export())
/// for try await line in try response.get().lines {
///     print(line)
/// }
/// ```
///
/// Streams compare equal only to themselves. A second iteration throws
/// ``CourierError/Kind/streamAlreadyRead``.
public struct ResponseBodyStream: AsyncSequence, Sendable, Hashable {
    /// One chunk of the body, as the transport delivered it (after any content decoding).
    public typealias Element = Data

    let storage: BodyStreamStorage
    private let lifetime: Lifetime

    init(storage: BodyStreamStorage) {
        self.storage = storage
        self.lifetime = Lifetime(storage: storage)
    }

    /// A stream of a body that is already whole, delivered as one chunk (none when it is empty).
    ///
    /// Courier wraps the body of a transport that does not stream this way, and tests can use it.
    ///
    /// - Parameter body: The whole body.
    public init(_ body: Data) {
        self.init(chunks: [body])
    }

    /// A stream delivering `chunks` in order, then ending; for test doubles.
    ///
    /// - Parameter chunks: The chunks; empty ones are skipped.
    public init(chunks: [Data]) {
        let storage = BodyStreamStorage(highWater: .max)
        for chunk in chunks { storage.write(chunk) }
        storage.finish(nil)
        self.init(storage: storage)
    }

    /// A stream reading `chunks`, one at a time as the reader asks for more: an error the sequence
    /// throws ends the stream with it.
    ///
    /// - Parameter chunks: The chunks to deliver; read by a task of its own, which stops when the
    ///   reader goes away.
    public init<Chunks: AsyncSequence & Sendable>(reading chunks: Chunks) where Chunks.Element == Data {
        let storage = BodyStreamStorage(highWater: 1 << 16)
        let pump = Task {
            do {
                for try await chunk in chunks {
                    guard storage.write(chunk) else { return }
                    await storage.waitForDemand()
                }
                storage.finish(nil)
            } catch let error as CourierError {
                storage.finish(error)
            } catch {
                storage.finish(
                    CourierError(
                        stage: .transport, kind: .transportFailed,
                        message: "The response body's source failed: \(error).", underlying: error))
            }
        }
        storage.attach(BodyStreamStorage.Controls(close: { pump.cancel() }))
        self.init(storage: storage)
    }

    /// Reads the stream's chunks.
    public func makeAsyncIterator() -> Iterator {
        Iterator(storage: storage, lifetime: lifetime, isFirst: storage.claimIterator())
    }

    /// Reads the chunks of a ``ResponseBodyStream``.
    public struct Iterator: AsyncIteratorProtocol {
        let storage: BodyStreamStorage
        // Shared with the stream: when the last of them is gone, the connection closes.
        let lifetime: Lifetime
        var isFirst: Bool

        /// The next chunk, or `nil` at the body's end.
        ///
        /// - Throws: ``CourierError``: ``CourierError/Kind/truncatedResponse`` when the connection
        ///   closed early, ``CourierError/Kind/timedOut``, ``CourierError/Kind/cancelled`` when the
        ///   reading task was cancelled, ``CourierError/Kind/streamAlreadyRead`` for a second
        ///   iterator.
        public mutating func next() async throws -> Data? {
            guard isFirst else {
                throw CourierError(
                    stage: .transport, kind: .streamAlreadyRead,
                    message: "A streamed response body can be read once; it was read already.")
            }
            return try await storage.next()
        }
    }

    /// Ends the stream when its last holder is gone: the transport closes the connection.
    final class Lifetime: Sendable {
        let storage: BodyStreamStorage

        init(storage: BodyStreamStorage) {
            self.storage = storage
        }

        deinit {
            storage.readerLeft()
        }
    }

    /// Whether both are the same stream.
    public static func == (lhs: ResponseBodyStream, rhs: ResponseBodyStream) -> Bool {
        lhs.storage === rhs.storage
    }

    /// Hashes the stream's identity.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(ObjectIdentifier(storage))
    }
}
