import Foundation

/// Counts what happens during one ``Client/send(_:)`` call, for metrics and progress.
///
/// A ``MetricsMiddleware`` (or a transfer) installs a recorder as a task-local value; the
/// redirect follower counts attempts, hops and body bytes, and transports that can tell report
/// when the response headers arrived and how far an upload or download got. Without a recorder
/// in scope, recording costs one task-local read. A recorder installed inside another passes
/// everything on to it as well, so a metrics recorder never hides a transfer's progress.
final class ExchangeRecorder: Sendable {
    /// The recorder of the exchange the current task belongs to, if one is being observed.
    @TaskLocal static var current: ExchangeRecorder?

    /// What has been counted so far.
    struct Counters: Sendable, Hashable {
        /// Calls that reached the transport's first hop: 1, plus one per retry or replay.
        var attempts = 0
        /// Redirects followed, over all attempts.
        var redirects = 0
        /// Request body bytes handed to the transport, over all hops.
        var bytesSent: Int64 = 0
        /// Response body bytes delivered (after decompression), over all hops.
        var bytesReceived: Int64 = 0
        /// When the first response's headers arrived.
        var firstResponseAt: ContinuousClock.Instant?
    }

    /// When the recorder was created: the start of the exchange.
    let startedAt: ContinuousClock.Instant
    private let counters = LockedValue(Counters())
    private let progress: (@Sendable (TransferProgress) -> Void)?
    private let parent: ExchangeRecorder?

    /// Creates a recorder; `progress` receives upload and download progress when set, and
    /// `parent` (usually the recorder already in scope) receives every count and report too.
    init(progress: (@Sendable (TransferProgress) -> Void)? = nil, parent: ExchangeRecorder? = nil) {
        self.startedAt = .now
        self.progress = progress
        self.parent = parent
    }

    /// The counts so far.
    var snapshot: Counters { counters.withLock { $0 } }

    func recordAttempt() {
        counters.withLock { $0.attempts += 1 }
        parent?.recordAttempt()
    }

    func recordRedirect() {
        counters.withLock { $0.redirects += 1 }
        parent?.recordRedirect()
    }

    func recordSent(bytes: Int64) {
        counters.withLock { $0.bytesSent += bytes }
        parent?.recordSent(bytes: bytes)
    }

    func recordReceived(bytes: Int64) {
        counters.withLock { $0.bytesReceived += bytes }
        parent?.recordReceived(bytes: bytes)
    }

    /// Notes that response headers arrived; only the first call counts.
    func recordResponseHeaders(at instant: ContinuousClock.Instant = .now) {
        counters.withLock { counters in
            if counters.firstResponseAt == nil { counters.firstResponseAt = instant }
        }
        parent?.recordResponseHeaders(at: instant)
    }

    /// Whether anyone listens for progress; transports skip the bookkeeping otherwise.
    var wantsProgress: Bool { progress != nil || parent?.wantsProgress == true }

    /// Passes a progress report on to the listener, if any.
    func report(_ transferProgress: TransferProgress) {
        progress?(transferProgress)
        parent?.report(transferProgress)
    }
}
