import Foundation

/// The bytes of a request body, in memory, streamed from files or from an `AsyncSequence`, with
/// their media type.
///
/// A body is a list of ``Segment``s: in-memory bytes and regions of files that are read from
/// disk only while the request is sent. A multipart upload of a 1 GiB file is a few small
/// in-memory segments around one file segment, so sending it never loads the file. A body
/// declared with ``Body/stream(_:length:contentType:)`` has no segments but a ``stream``, which
/// can be read once.
///
/// ```swift
/// if let bytes = request.body?.data { … }          // in-memory bodies
/// if let stream = request.body?.stream { … }       // streamed from a sequence, read once
/// let input = request.body?.makeInputStream()      // any other body, read in chunks
/// ```
public struct RequestBody: Sendable, Hashable {
    /// The media type the body declares; sent as `Content-Type` unless the endpoint sets one.
    public let contentType: MediaType
    /// The pieces of the body, in order; none for a ``stream``.
    public let segments: [Segment]
    /// The sequence the body is read from while it is sent, for a body declared with
    /// ``Body/stream(_:length:contentType:)``; `nil` for every other body.
    ///
    /// It is separate from ``segments`` so that segments can always be read again and
    /// synchronously, and so that code switching over ``Segment`` keeps compiling.
    public let stream: RequestBodyStream?

    /// One piece of a body.
    public enum Segment: Sendable, Hashable {
        /// Bytes held in memory.
        case data(Data)
        /// The first `length` bytes of a file, read while the request is sent.
        case file(URL, length: Int64)

        /// The number of bytes in the segment.
        public var length: Int64 {
            switch self {
            case .data(let data): Int64(data.count)
            case .file(_, let length): length
            }
        }
    }

    /// Creates an in-memory body.
    public init(data: Data, contentType: MediaType) {
        // One segment has nothing to join: one array, not a second one built from it.
        segments = [.data(data)]
        self.contentType = contentType
        stream = nil
    }

    /// Creates a body read from `stream` while the request is sent.
    public init(stream: RequestBodyStream, contentType: MediaType) {
        segments = []
        self.contentType = contentType
        self.stream = stream
    }

    /// Creates a body from segments; adjacent in-memory segments are joined.
    public init(segments: [Segment], contentType: MediaType) {
        var joined: [Segment] = []
        for segment in segments {
            if case .data(let next) = segment, case .data(let previous)? = joined.last {
                joined[joined.count - 1] = .data(previous + next)
            } else {
                joined.append(segment)
            }
        }
        self.segments = joined
        self.contentType = contentType
        stream = nil
    }

    /// The total length in bytes, sent as `Content-Length`; for a ``stream``, its declared
    /// length, or 0 when it has none (it is then sent chunked).
    public var length: Int64 {
        if let stream { return stream.length ?? 0 }
        return segments.reduce(0) { $0 + $1.length }
    }

    /// The bytes, when the whole body is in memory; `nil` when part of it is read from a file or
    /// the body is a ``stream``.
    public var data: Data? {
        if segments.count == 1, case .data(let data) = segments[0] { return data }
        if stream != nil { return nil }
        var bytes = Data()
        for segment in segments {
            guard case .data(let data) = segment else { return nil }
            bytes.append(data)
        }
        return bytes
    }

    /// Whether part of the body is read while sending: from a file, or from a ``stream``.
    public var isStreamed: Bool {
        stream != nil || segments.contains { if case .file = $0 { true } else { false } }
    }

    /// A new stream over the whole body, reading files in chunks as it goes.
    ///
    /// The stream fails if a file ends before its declared length. For a ``stream`` body it fails
    /// at its first read with ``CourierError/Kind/streamedBodyUnsupported``: an `InputStream` is
    /// read synchronously and cannot wait for an `AsyncSequence` without blocking its thread.
    public func makeInputStream() -> InputStream {
        BodyInputStream(segments: segments, failure: stream.map { _ in Self.notSynchronous })
    }

    /// Every byte of the body, reading files completely; for tests and small bodies.
    ///
    /// - Throws: ``CourierError`` with ``CourierError/Kind/bodyFileUnreadable`` when a file
    ///   cannot be read or has changed length since the request was built, or with
    ///   ``CourierError/Kind/streamedBodyUnsupported`` for a ``stream`` body (read it with
    ///   ``RequestBodyStream/collect(limit:)``).
    public func collectData() throws(CourierError) -> Data {
        if stream != nil { throw Self.notSynchronous }
        try checkFiles()
        var bytes = Data()
        for segment in segments {
            switch segment {
            case .data(let data):
                bytes.append(data)
            case .file(let url, let length):
                do {
                    let handle = try FileHandle(forReadingFrom: url)
                    defer { try? handle.close() }
                    bytes.append(try handle.read(upToCount: Int(length)) ?? Data())
                } catch {
                    throw BodyFile.unreadable(url, underlying: error)
                }
            }
        }
        return bytes
    }

    /// Checks that every file still has the length it had when the request was built, so a
    /// body is never sent shorter or longer than its `Content-Length`.
    ///
    /// - Throws: ``CourierError`` with ``CourierError/Kind/bodyFileUnreadable``.
    public func checkFiles() throws(CourierError) {
        for case .file(let url, let length) in segments {
            let current = try BodyFile.length(of: url)
            guard current == length else {
                throw CourierError(
                    stage: .transport, kind: .bodyFileUnreadable,
                    message:
                        "The file \(url.lastPathComponent) changed length from \(length) to \(current) bytes "
                        + "after the request was built; nothing was sent."
                )
            }
        }
    }

    static let notSynchronous = CourierError(
        stage: .transport, kind: .streamedBodyUnsupported,
        message:
            "The body is streamed from an AsyncSequence and cannot be read synchronously; read it with "
            + "TransportRequest.makeBodyChunks(), or RequestBodyStream.collect(limit:).")
}
