import Courier
import Foundation
import NIOCore

/// A request body streamed from its files in chunks, never copied to a temporary file; the next
/// chunk is read only while few wait outside the connection (its ``WriteBarrier``), and each
/// chunk handed over is reported (for upload progress and the idle timeout).
struct RequestBodyChunks: AsyncSequence, Sendable {
    typealias Element = ByteBuffer

    static let chunkSize = 64 * 1024

    /// Whether `body` is in memory and no longer than one chunk, so that it may go out in one
    /// piece. A longer one goes in chunks, as the connection takes them: written in one piece, it
    /// is still going out when a server answers early (a `413` or `401`) and closes, and
    /// AsyncHTTPClient then fails the answer it had received as a connection closed mid-body.
    static func fitsOneChunk(_ body: RequestBody) -> Bool {
        !body.isStreamed && body.length <= chunkSize
    }

    let body: RequestBody
    let barrier: WriteBarrier
    let onChunk: @Sendable (_ sentBytes: Int64) -> Void

    func makeAsyncIterator() -> Iterator {
        Iterator(stream: body.makeInputStream(), length: body.length, barrier: barrier, onChunk: onChunk)
    }

    struct Iterator: AsyncIteratorProtocol {
        let stream: InputStream
        let length: Int64
        var barrier: WriteBarrier
        let onChunk: @Sendable (Int64) -> Void
        private var sent: Int64 = 0
        private var opened = false

        init(
            stream: InputStream, length: Int64, barrier: WriteBarrier,
            onChunk: @escaping @Sendable (Int64) -> Void
        ) {
            self.stream = stream
            self.length = length
            self.barrier = barrier
            self.onChunk = onChunk
        }

        mutating func next() async throws -> ByteBuffer? {
            if !opened {
                stream.open()
                opened = true
            }
            if sent > 0 { onChunk(sent) }
            guard sent < length else {
                stream.close()
                return nil
            }
            if sent > 0 { await barrier.handedOver() }
            let wanted = Int(Swift.min(Int64(RequestBodyChunks.chunkSize), length - sent))
            var buffer = ByteBuffer()
            buffer.reserveCapacity(wanted)
            let stream = stream
            let read = buffer.writeWithUnsafeMutableBytes(minimumWritableBytes: wanted) { pointer in
                let bytes = pointer.bindMemory(to: UInt8.self)
                return Swift.max(0, stream.read(bytes.baseAddress!, maxLength: wanted))
            }
            guard read > 0 else {
                stream.close()
                throw CourierError(
                    stage: .transport, kind: .bodyFileUnreadable,
                    message:
                        "A file of the request body could not be read to its end (\(sent) of \(length) bytes "
                        + "sent): \(stream.streamError.map { "\($0)" } ?? "it ended early").")
            }
            sent += Int64(read)
            return buffer
        }
    }
}
