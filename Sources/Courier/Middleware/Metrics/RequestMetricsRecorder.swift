import Foundation

/// Counts what happens during one ``Client/send(_:)`` call, for metrics.
///
/// A ``MetricsMiddleware`` installs a recorder as a task-local value; the redirect follower
/// counts attempts, hops and body bytes, and ``URLSessionTransport`` notes when the response
/// headers arrived. Without a recorder in scope, recording costs one task-local read. A recorder
/// installed inside another passes every count on to it as well. (Progress has its own channel,
/// ``ProgressSink``.)
final class RequestMetricsRecorder: Sendable {
    /// The recorder of the call the current task belongs to, if one is being observed.
    @TaskLocal static var current: RequestMetricsRecorder?

    /// What has been counted so far: numbers and durations only, no `ContinuousClock.Instant`,
    /// whose layout is not fixed (<doc:Performance>).
    struct Counters: Sendable, Hashable {
        /// Attempts that reached the transport's first hop: 1, plus one per retry or replay.
        var attempts = 0
        /// Redirects followed, over all attempts.
        var redirects = 0
        /// Request body bytes handed to the transport, over all hops.
        var bytesSent: Int64 = 0
        /// Response body bytes delivered (after decompression), over all hops.
        var bytesReceived: Int64 = 0
        /// From the recorder's start to the first response's headers, once they arrived.
        var timeToFirstByte: Duration?
    }

    /// When the recorder was created: the start of the call.
    let startedAt: ContinuousClock.Instant
    private let counters = LockedValue(Counters())
    private let parent: RequestMetricsRecorder?

    /// Creates a recorder, starting the clock; `parent` (usually the recorder already in scope)
    /// receives every count too.
    ///
    /// The clock is read here, not in a default argument: the caller would hold the instant, and
    /// in an `async` caller it is allocated on the task's allocator (<doc:Performance>).
    init(parent: RequestMetricsRecorder? = nil) {
        self.startedAt = .now
        self.parent = parent
    }

    /// Creates a recorder started at `startedAt` (for tests).
    init(parent: RequestMetricsRecorder?, startedAt: ContinuousClock.Instant) {
        self.startedAt = startedAt
        self.parent = parent
    }

    /// The counts so far.
    var snapshot: Counters { counters.withLock { $0 } }

    /// The attempts so far.
    var attempts: Int { counters.withLock { $0.attempts } }

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

    /// Notes that response headers arrived now; only the first call counts.
    ///
    /// Never inlined, so that the instant it reads stays out of its `async` callers: a
    /// `ContinuousClock.Instant` in an `async` function is allocated on the task's allocator
    /// (<doc:Performance>), on every call, even when no recorder is in scope.
    @inline(never) func recordResponseHeaders() {
        recordResponseHeaders(at: .now)
    }

    /// Notes that response headers arrived at `instant`; only the first call counts.
    func recordResponseHeaders(at instant: ContinuousClock.Instant) {
        let elapsed = startedAt.duration(to: instant)
        counters.withLock { counters in
            if counters.timeToFirstByte == nil { counters.timeToFirstByte = elapsed }
        }
        parent?.recordResponseHeaders(at: instant)
    }
}
