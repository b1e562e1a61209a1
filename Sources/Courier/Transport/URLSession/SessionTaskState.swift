import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The state of one `URLSession` task: who waits for it, and the receiver that decides what
/// its response's bytes do.
struct SessionTaskState {
    let continuation: CheckedContinuation<RawResponse, any Error>
    var receiver: ResponseReceiver
    /// The URL that answered, once the head arrived.
    var url: URL?
    /// Whether the server showed a sign of life (body upload progress or response headers).
    var isAlive = false

    init(continuation: CheckedContinuation<RawResponse, any Error>, receiver: ResponseReceiver) {
        self.continuation = continuation
        self.receiver = receiver
    }

    /// Resumes the caller with `error`, removing any partial download first.
    func fail(_ error: CourierError) {
        receiver.abandon()
        continuation.resume(throwing: error)
    }
}
