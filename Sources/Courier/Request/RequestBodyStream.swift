import Foundation

/// A request body read from an `AsyncSequence` of `Data` while the request is sent: once, and
/// only once.
///
/// Declare one with ``Body/stream(_:length:contentType:)``; a transport that can stream reads it
/// with ``makeChunks()``. With a ``length`` the request carries `Content-Length` and the sequence
/// must yield exactly that many bytes; without one it is sent with `Transfer-Encoding: chunked`.
///
/// A sequence can be read once, so a streamed body is never sent twice: the second
/// ``makeChunks()`` throws ``CourierError/Kind/streamedBodyAlreadySent`` before anything is sent,
/// whether a retry, a 307/308 redirect or a second send of the same request value asks for it.
/// Renderings (``EndpointRequest/curlCommand(baseURL:revealingSecrets:)``,
/// ``EndpointRequest/http1Text(baseURL:revealingSecrets:)``, logs) show `<streamed body>` and never
/// read it.
///
/// It is compared and hashed by identity: two requests are equal when they share one stream, and
/// a copy of a request shares its stream. (Two streams over equal bytes are not equal: their
/// bytes are not known before they are read.)
///
/// ```swift
/// let body = try RequestBodyStream(lines, length: nil)
/// let chunks = try body.makeChunks()    // once; a second call throws
/// for try await chunk in chunks { … }
/// ```
public final class RequestBodyStream: Sendable, Hashable, CustomStringConvertible, CustomReflectable {
    /// The number of bytes the sequence yields, when declared; sent as `Content-Length`. `nil`
    /// sends the body with chunked transfer coding.
    public let length: Int64?
    /// Makes the one iterator over the caller's sequence; `nil` once ``makeChunks()`` took it,
    /// so that the sequence is not kept alive by copies of the request (or errors holding one).
    private let opener: LockedValue<(@Sendable () -> ErasedChunkIterator)?>

    /// Creates a stream over `chunks`.
    ///
    /// - Parameters:
    ///   - chunks: The body's bytes, in order; empty chunks are skipped. An error it throws ends
    ///     the upload as ``CourierError/Kind/streamedBodyFailed``.
    ///   - length: The number of bytes `chunks` yields, if known. A sequence that yields more or
    ///     fewer fails as ``CourierError/Kind/streamedBodyLengthMismatch``.
    /// - Throws: ``CourierError`` with ``CourierError/Kind/bodyEncodingFailed`` for a negative
    ///   `length`, before anything reads `chunks`.
    public convenience init<Source: AsyncSequence & Sendable>(_ chunks: Source, length: Int64? = nil)
        throws(CourierError)
    where Source.Element == Data {
        // Throwing rather than trapping: a length is runtime data (a file's size, another
        // response's Content-Length), not a literal a precondition could hold to.
        if let length, length < 0 { throw Self.negativeLength(length) }
        self.init(unchecked: chunks, length: length)
    }

    /// A stream whose length is checked later: ``Body/stream(_:length:contentType:)`` cannot
    /// throw where it is declared, so its length is checked when the request is built.
    init<Source: AsyncSequence & Sendable>(unchecked chunks: Source, length: Int64?)
    where Source.Element == Data {
        self.length = length
        opener = LockedValue({ ErasedChunkIterator(chunks.makeAsyncIterator()) })
    }

    /// Whether the stream was handed to a reader (``makeChunks()``); it cannot be sent again.
    public var isConsumed: Bool {
        opener.withLock { $0 == nil }
    }

    /// The chunks to send, for the one reader of this stream. A transport takes them from
    /// ``TransportRequest/makeBodyChunks()`` instead, which counts them in the call's metrics.
    ///
    /// - Throws: ``CourierError`` with ``CourierError/Kind/streamedBodyAlreadySent`` when the
    ///   stream was handed out before, so nothing is sent.
    public func makeChunks() throws(CourierError) -> Chunks {
        try makeChunks(observers: TransferObservers())
    }

    /// The chunks to send, each reported to `observers` as sent.
    func makeChunks(observers: TransferObservers) throws(CourierError) -> Chunks {
        let open = opener.withLock { opener in
            defer { opener = nil }
            return opener
        }
        guard let open else { throw Self.alreadySent }
        return Chunks(iterator: OneIterator(open()), length: length, observers: observers)
    }

    /// Every byte of the stream, read at once: for tests and mock transports.
    ///
    /// - Parameter limit: The most bytes to collect; more fail as
    ///   ``CourierError/Kind/streamedBodyFailed``.
    /// - Throws: ``CourierError`` as ``makeChunks()`` and its iteration do.
    public func collect(limit: Int = 64 * 1024 * 1024) async throws(CourierError) -> Data {
        var bytes = Data()
        do {
            for try await chunk in try makeChunks() {
                guard bytes.count + chunk.count <= limit else {
                    throw CourierError(
                        stage: .transport, kind: .streamedBodyFailed,
                        message: "The streamed body is larger than the \(limit) bytes collect(limit:) allows."
                    )
                }
                bytes.append(chunk)
            }
        } catch let error as CourierError {
            throw error
        } catch {
            throw Chunks.failure(error)
        }
        return bytes
    }

    /// `<streamed body>`, with its length when declared; the bytes are never read for it.
    public var description: String {
        length.map { "<streamed body: \($0) bytes>" } ?? "<streamed body>"
    }

    /// The declared length only: dumping a request never reads its stream.
    public var customMirror: Mirror {
        Mirror(self, children: ["length": length as Any], displayStyle: .class)
    }

    /// Whether both are the same stream.
    public static func == (lhs: RequestBodyStream, rhs: RequestBodyStream) -> Bool {
        lhs === rhs
    }

    /// Hashes the stream's identity.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(ObjectIdentifier(self))
    }

    /// Why a negative declared length is refused.
    static func negativeLength(_ length: Int64) -> CourierError {
        CourierError(
            stage: .building, kind: .bodyEncodingFailed,
            message: "A streamed body's length cannot be negative, as \(length) is.")
    }

    static let alreadySent = CourierError(
        stage: .transport, kind: .streamedBodyAlreadySent,
        message:
            "The streamed body was already handed to a transport; a sequence is read once, so the request "
            + "was not sent again. Build a new request with a new sequence to send it again.")
}
