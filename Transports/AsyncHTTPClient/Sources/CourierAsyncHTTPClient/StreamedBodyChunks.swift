import Courier
import Foundation
import NIOCore
import NIOFoundationCompat

/// A request body read from its ``RequestBodyStream`` as AsyncHTTPClient asks for it, and only
/// while few chunks wait outside the connection (its ``WriteBarrier``), so a slow connection or a
/// busy machine slows the reading; each chunk handed over is reported, for upload progress and the
/// idle timeout. How the reading ends goes to its ``StreamedBodyOutcome``.
///
/// The sequence itself is read by a ``StreamedBodyReader``, in a task the exchange stops when it
/// ends: AsyncHTTPClient's own task, which nothing cancels, only waits for the reader's chunks.
struct StreamedBodyChunks: AsyncSequence, Sendable {
    typealias Element = ByteBuffer

    let reader: StreamedBodyReader
    let outcome: StreamedBodyOutcome
    let barrier: WriteBarrier
    let onChunk: @Sendable (_ sentBytes: Int64) -> Void

    func makeAsyncIterator() -> Iterator {
        Iterator(
            reader: reader, token: StreamedBodyOutcome.Token(outcome), barrier: barrier, onChunk: onChunk)
    }

    struct Iterator: AsyncIteratorProtocol {
        let reader: StreamedBodyReader
        let token: StreamedBodyOutcome.Token
        var barrier: WriteBarrier
        let onChunk: @Sendable (Int64) -> Void
        private var sent: Int64 = 0

        init(
            reader: StreamedBodyReader, token: StreamedBodyOutcome.Token, barrier: WriteBarrier,
            onChunk: @escaping @Sendable (Int64) -> Void
        ) {
            self.reader = reader
            self.token = token
            self.barrier = barrier
            self.onChunk = onChunk
        }

        mutating func next() async throws -> ByteBuffer? {
            // The previous chunk was handed to the writer: report it, and read the next once few
            // enough wait outside the connection.
            if sent > 0 {
                onChunk(sent)
                await barrier.handedOver()
            }
            let next: Data?
            do {
                next = try await reader.next()
            } catch {
                token.outcome.end(.failed(CourierError.asyncHTTPClient(error)))
                throw error
            }
            guard let chunk = next else {
                token.outcome.end(.finished)
                return nil
            }
            sent += Int64(chunk.count)
            return ByteBuffer(data: chunk)
        }
    }
}
