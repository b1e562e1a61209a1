import Foundation

/// An `InputStream` over a body's segments that reads files in chunks, so a large upload never
/// sits in memory. Used by ``RequestBody/makeInputStream()``.
///
/// Streams are used by one reader at a time, as `InputStream` requires,
/// and `URLSession` reads it on its own queue, one read at a time.
final class BodyInputStream: InputStream {
    private let segments: [RequestBody.Segment]
    private var index = 0
    private var offsetInSegment: Int64 = 0
    private var handle: FileHandle?
    private var pending = Data()
    private var pendingOffset = 0
    private var status: Stream.Status = .notOpen
    private var error: (any Error)?

    /// - Parameter failure: An error every read fails with, for a body that cannot be read this way.
    init(segments: [RequestBody.Segment], failure: CourierError? = nil) {
        self.segments = segments
        self.error = failure
        super.init(data: Data())
    }

    override func open() {
        status = error == nil ? .open : .error
    }

    override func close() {
        try? handle?.close()
        handle = nil
        status = .closed
    }

    override var streamStatus: Stream.Status { status }
    override var streamError: (any Error)? { error }

    /// `true` in the error state too, so a reader that asks before reading gets the error from
    /// `read` instead of taking the body for empty.
    override var hasBytesAvailable: Bool {
        status == .error || status == .open && (index < segments.count || pendingOffset < pending.count)
    }

    override func getBuffer(
        _ buffer: UnsafeMutablePointer<UnsafeMutablePointer<UInt8>?>, length len: UnsafeMutablePointer<Int>
    ) -> Bool {
        false
    }

    override func read(_ buffer: UnsafeMutablePointer<UInt8>, maxLength len: Int) -> Int {
        guard status == .open || status == .atEnd else { return status == .error ? -1 : 0 }
        do {
            while pendingOffset >= pending.count, index < segments.count {
                try fill(upTo: max(len, 64 * 1024))
            }
        } catch {
            self.error = error
            status = .error
            return -1
        }
        guard pendingOffset < pending.count else {
            status = .atEnd
            return 0
        }
        let count = min(len, pending.count - pendingOffset)
        let start = pending.startIndex + pendingOffset
        pending.copyBytes(to: buffer, from: start..<start + count)
        pendingOffset += count
        return count
    }

    /// Loads the next bytes of the current segment into `pending`.
    private func fill(upTo size: Int) throws {
        switch segments[index] {
        case .data(let data):
            pending = data
            pendingOffset = 0
            advance()
        case .file(let url, let length):
            if handle == nil {
                handle = try FileHandle(forReadingFrom: url)
            }
            let remaining = length - offsetInSegment
            let chunk = try handle?.read(upToCount: Int(min(Int64(size), remaining))) ?? Data()
            guard !chunk.isEmpty || remaining == 0 else {
                throw CourierError(
                    stage: .transport, kind: .bodyFileUnreadable,
                    message: "The file \(url.lastPathComponent) ended before its declared \(length) bytes."
                )
            }
            pending = chunk
            pendingOffset = 0
            offsetInSegment += Int64(chunk.count)
            if offsetInSegment >= length {
                try? handle?.close()
                handle = nil
                advance()
            }
        }
    }

    private func advance() {
        index += 1
        offsetInSegment = 0
    }
}
