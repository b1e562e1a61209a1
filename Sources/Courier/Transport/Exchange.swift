import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The state of one `URLSession` task: where its bytes go and who waits for them.
struct Exchange {
    let continuation: CheckedContinuation<RawResponse, any Error>
    let request: TransportRequest
    /// The largest body kept in memory.
    let limit: Int
    /// The largest body written to a download file, if limited.
    let downloadLimit: Int64?
    let recorder: ExchangeRecorder?
    let progress: ProgressSink?
    var response: HTTPURLResponse?
    var headers = HeaderFields()
    var expectedLength: Int64?
    /// How many bytes will be delivered, when known: `Content-Length` of a body that is not
    /// content-coded (decoded bytes of a gzip body outnumber the bytes on the wire).
    var expectedDeliveredLength: Int64?
    var body = Data()
    var receivedBytes: Int64 = 0
    /// Whether the server showed a sign of life (body upload progress or response headers).
    var isAlive = false
    var download: DownloadFile?

    init(
        continuation: CheckedContinuation<RawResponse, any Error>, request: TransportRequest, limit: Int,
        downloadLimit: Int64?, recorder: ExchangeRecorder?, progress: ProgressSink?
    ) {
        self.continuation = continuation
        self.request = request
        self.limit = limit
        self.downloadLimit = downloadLimit
        self.recorder = recorder
        self.progress = progress
    }

    /// Resumes the caller with `error`, removing any partial download first.
    func fail(_ error: CourierError) {
        download?.discard()
        continuation.resume(throwing: error)
    }
}

/// In-flight exchanges by task object (task identifiers repeat across the transport's
/// sessions).
///
/// Every continuation is resumed exactly once: an exchange is removed from the table under the
/// lock before its continuation is resumed, by whichever of completion, cancellation, a timeout
/// or a limit gets there first.
///
/// `@unchecked Sendable` is safe: the stored dictionary is only read or written while `lock` is
/// held, and nothing inside it escapes the lock except exchanges that are removed first.
final class ExchangeTable: @unchecked Sendable {
    private let lock = NSLock()
    private var exchanges: [ObjectIdentifier: Exchange] = [:]

    /// Registers an exchange before its task resumes.
    func start(_ id: ObjectIdentifier, _ exchange: Exchange) {
        lock.lock()
        exchanges[id] = exchange
        lock.unlock()
    }

    /// Fails the exchange with a cancellation at once, without waiting for `URLSession`.
    func cancel(_ id: ObjectIdentifier) {
        guard let exchange = finish(id) else { return }
        exchange.fail(Self.cancelled)
    }

    /// Fails the exchange with `error` if it is still in flight; returns whether it was.
    @discardableResult
    func fail(_ id: ObjectIdentifier, with error: CourierError) -> Bool {
        guard let exchange = finish(id) else { return false }
        exchange.fail(error)
        return true
    }

    /// Fails the exchange with `error` if it is in flight and the server has shown no sign of
    /// life yet; returns whether it did.
    func failIfSilent(_ id: ObjectIdentifier, with error: CourierError) -> Bool {
        lock.lock()
        guard let exchange = exchanges[id], !exchange.isAlive else {
            lock.unlock()
            return false
        }
        exchanges[id] = nil
        lock.unlock()
        exchange.fail(error)
        return true
    }

    /// Changes the exchange in place, if it is still in flight, and returns what `body` returns.
    func update<Result>(_ id: ObjectIdentifier, _ body: (inout Exchange) -> Result) -> Result? {
        lock.lock()
        defer { lock.unlock() }
        // Taken out of the table while it changes, so the body buffer has one owner and appending
        // to it does not copy everything received so far.
        guard var exchange = exchanges.removeValue(forKey: id) else { return nil }
        let result = body(&exchange)
        exchanges[id] = exchange
        return result
    }

    func finish(_ id: ObjectIdentifier) -> Exchange? {
        lock.lock()
        defer { lock.unlock() }
        return exchanges.removeValue(forKey: id)
    }

    static let cancelled = CourierError(
        stage: .transport, kind: .cancelled, message: "The request was cancelled."
    )
}
