import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The state of one `URLSession` task: who waits for it, and the receiver that decides what
/// its response's bytes do.
struct SessionTaskState: Sendable {
    /// Who waits for the response; `nil` once a streamed response was returned at its head.
    private(set) var continuation: CheckedContinuation<RawResponse, any Error>?
    var receiver: ResponseReceiver
    /// The URL that answered, once the head arrived.
    var url: URL?
    /// Whether the server showed a sign of life (body upload progress or response headers).
    var isAlive = false
    /// Whether the request `URLSession` sends has a body (in memory, a stream or a file).
    var sendsBody = false
    /// Whether the request `URLSession` sends, with its method as sent, may be sent twice.
    var isIdempotent = false
    /// The idle timeout the task was given as its `timeoutInterval`, in URLSession's whole
    /// seconds, when the request set one; without one, the session's configuration decides.
    var idleTimeout: TimeInterval?
    /// The challenge handler's run, if one is under way: cancelled when the task fails or ends
    /// first (a cancel or a timeout), so the handler sees its cancellation.
    var challengeHandling: Task<Void, Never>?
    /// A first head that may be a proxy's answer to `CONNECT`, which FoundationNetworking hands
    /// on as a response head before the server's: held until a later head shows it was the
    /// proxy's, or the body's first bytes or the end show it was the server's.
    var heldHead: HTTPURLResponse?

    init(continuation: CheckedContinuation<RawResponse, any Error>, receiver: ResponseReceiver) {
        self.continuation = continuation
        self.receiver = receiver
    }

    /// Resumes the caller with `error` (or ends a streamed body with it), removing any partial
    /// download first.
    func fail(_ error: CourierError) {
        challengeHandling?.cancel()
        receiver.abandon(because: error)
        continuation?.resume(throwing: error)
    }

    /// Resumes the caller with the streamed response, when the head started one; the body then
    /// goes on arriving through the receiver.
    mutating func respondIfStreamed() -> Bool {
        guard let continuation, let response = receiver.streamedResponse(url: url) else { return false }
        self.continuation = nil
        continuation.resume(returning: response)
        return true
    }

    /// Starts receiving the response again, for a request `URLSession` sends again on the same
    /// task (with a credential, on Linux); `false` when a streamed response was returned already.
    mutating func restartReceiving() -> Bool {
        guard continuation != nil else { return false }
        receiver.abandon()
        let contentDecoding = receiver.contentDecoding
        receiver = ResponseReceiver(
            request: receiver.request, responseLimit: receiver.responseLimit,
            downloadLimit: receiver.downloadLimit)
        receiver.contentDecoding = contentDecoding
        url = nil
        return true
    }

    /// Resumes the caller with the whole response, or ends a streamed body.
    func complete() {
        challengeHandling?.cancel()
        let outcome = receiver.complete(url: url)
        continuation?.resume(with: outcome.mapError { $0 })
    }
}
