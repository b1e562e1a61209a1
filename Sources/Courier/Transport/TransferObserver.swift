/// Hears how the hops of one call go: what the redirect follower and a transport's
/// ``ResponseReceiver`` report while a request is sent and its response received.
///
/// A call's observers come down with its request, in its ``CallContext``: a
/// ``MetricsMiddleware`` adds its recorder and ``Client/transfer(_:)`` its progress, so no layer
/// reads state that a layer above it keeps. Every method does nothing by default.
protocol TransferObserver: Sendable {
    /// Whether the observer hears ``progressed(_:)``: a transport reports upload progress only
    /// when one does.
    var hearsProgress: Bool { get }
    /// A hop of a new attempt is about to be sent: the first, or the first after a retry.
    func attemptStarted()
    /// A redirect is about to be followed.
    func redirected()
    /// `bytes` of request body were handed to the transport.
    func sent(bytes: Int64)
    /// A hop's response head arrived.
    func receivedHead()
    /// A hop's whole body arrived: `bytes` delivered, after any content decoding.
    func received(bytes: Int64)
    /// A body moved on.
    func progressed(_ progress: TransferProgress)
}

extension TransferObserver {
    var hearsProgress: Bool { false }
    func attemptStarted() {}
    func redirected() {}
    func sent(bytes: Int64) {}
    func receivedHead() {}
    func received(bytes: Int64) {}
    func progressed(_ progress: TransferProgress) {}
}

/// The observers of one call, handed down with its requests in their ``CallContext``.
struct TransferObservers: Sendable {
    /// The observers, in the order they were added.
    private(set) var all: [any TransferObserver] = []

    /// Whether anyone listens for progress.
    var hearProgress: Bool { all.contains { $0.hearsProgress } }

    /// Adds `observer` after those already there.
    mutating func append(_ observer: any TransferObserver) {
        all.append(observer)
    }

    /// Tells each observer what happened.
    func notify(_ event: (any TransferObserver) -> Void) {
        for observer in all { event(observer) }
    }
}
