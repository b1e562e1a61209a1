import Foundation

/// Counts what happens during one ``Client/send(_:)`` call, for metrics.
///
/// A ``MetricsMiddleware`` adds a recorder to the observers of the request it passes on; the
/// redirect follower counts attempts, hops and body bytes, and the transport's
/// ``ResponseReceiver`` notes when the response head arrived.
final class RequestMetricsRecorder: TransferObserver {
    /// What has been counted so far.
    struct Counters: Sendable, Hashable {
        /// Attempts that reached the transport's first hop: 1, plus one per retry or replay.
        var attempts = 0
        /// Redirects followed, over all attempts.
        var redirects = 0
        /// Request body bytes handed to the transport, over all hops.
        var bytesSent: Int64 = 0
        /// Response body bytes delivered (after decompression), over all hops.
        var bytesReceived: Int64 = 0
        /// Request body bytes of the hop sent last.
        var hopBytesSent: Int64 = 0
        /// From the recorder's start to the first response's head, once it arrived.
        var timeToFirstByte: Duration?
    }

    /// When the recorder was created: the start of the call.
    let startedAt: ContinuousClock.Instant
    private let counters = LockedValue(Counters())

    /// Creates a recorder started at `startedAt`.
    init(startedAt: ContinuousClock.Instant = .now) {
        self.startedAt = startedAt
    }

    /// The counts so far.
    var snapshot: Counters { counters.withLock { $0 } }

    /// The attempts so far.
    var attempts: Int { counters.withLock { $0.attempts } }

    func attemptStarted() {
        counters.withLock { counters in
            counters.attempts += 1
            counters.hopBytesSent = 0
        }
    }

    func redirected() {
        counters.withLock { counters in
            counters.redirects += 1
            counters.hopBytesSent = 0
        }
    }

    func sent(bytes: Int64) {
        counters.withLock { counters in
            counters.bytesSent += bytes
            counters.hopBytesSent += bytes
        }
    }

    func received(bytes: Int64) {
        counters.withLock { counters in
            counters.bytesReceived += bytes
        }
    }

    /// Notes that a response head arrived now; only the first counts.
    func receivedHead() {
        receivedHead(at: .now)
    }

    /// Notes that a response head arrived at `instant`; only the first counts.
    func receivedHead(at instant: ContinuousClock.Instant) {
        let elapsed = startedAt.duration(to: instant)
        counters.withLock { counters in
            if counters.timeToFirstByte == nil { counters.timeToFirstByte = elapsed }
        }
    }
}
