import Foundation

/// The shared state between whatever writes a streamed body (a transport's callbacks, or a task
/// pumping a sequence) and the one task reading it.
///
/// Bounded: once more than ``highWater`` bytes wait unread, the writer is asked to pause (a
/// transport stops reading from its connection); once the reader has taken them down to
/// ``lowWater``, to resume. The reader waits for a chunk at most the idle timeout, and the whole
/// body may have a deadline. Whichever ends it (the writer finishing or failing, the reader
/// cancelling or dropping its iterator, a timeout) ends it once: later writes are refused, and the
/// writer is told to close its connection.
final class BodyStreamStorage: Sendable {
    /// What the writer does when asked: stop reading, start again, or close the connection.
    ///
    /// `pause` and `resume` are called while the storage's lock is held, so they reach the writer
    /// in the order the reader's progress decided them (a resume never overtakes its pause): they
    /// must only enqueue their work, in order, and never call back into the storage.
    struct Controls: Sendable {
        var pause: @Sendable () -> Void = {}
        var resume: @Sendable () -> Void = {}
        var close: @Sendable () -> Void = {}
    }

    private struct State: Sendable {
        var chunks: [Data] = []
        var next = 0
        var bufferedBytes = 0
        /// Set once: `nil` error for a clean end.
        var end: CourierError??
        var reader: CheckedContinuation<Data?, any Error>?
        var writerWaiting: CheckedContinuation<Void, Never>?
        var isPaused = false
        /// Whether the stream ended from the reader's side, so the writer must close.
        var needsClose = false
        var hasIterator = false
        var controls = Controls()
        var watchdog: Task<Void, Never>?
        /// When silence started counting: the last chunk, or the reader starting to wait.
        var lastActivity = ContinuousClock.now
        /// When the whole body must have ended, if ever.
        var deadline: ContinuousClock.Instant?
        /// How many checks the watchdogs made, for tests that need one to have run.
        var watchdogChecks = 0
    }

    /// Bytes waiting unread above which the writer is asked to pause.
    let highWater: Int
    /// Bytes waiting unread at or below which a paused writer is asked to resume.
    let lowWater: Int
    /// Bytes waiting unread past which the stream fails, for a writer that cannot pause.
    let backlogLimit: Int
    let idleTimeout: Duration?
    private let state = LockedValue(State())

    init(highWater: Int = 1 << 20, backlogLimit: Int = .max, idleTimeout: Duration? = nil) {
        self.highWater = max(1, highWater)
        self.lowWater = self.highWater / 4
        self.backlogLimit = max(backlogLimit, self.highWater)
        self.idleTimeout = idleTimeout
        if idleTimeout != nil { startWatchdog() }
    }

    /// Fails the stream unless it ends by `deadline`.
    func limit(until deadline: ContinuousClock.Instant) {
        let (start, old) = state.withLock { state -> (Bool, Task<Void, Never>?) in
            state.deadline = state.deadline.map { min($0, deadline) } ?? deadline
            return (state.end == nil, state.watchdog)
        }
        // A new watchdog, which wakes for the deadline too.
        old?.cancel()
        if start { startWatchdog() }
    }

    /// Starts a task that fails the stream at its idle timeout or deadline.
    ///
    /// The task holds the storage weakly and only while it checks, never while it sleeps: a
    /// storage nobody holds any more (one a transport made for a head it then abandoned, say) is
    /// freed, and its `deinit` cancels the task, rather than being kept alive by its own watchdog
    /// until a timeout that may never come (the idle timeout fires only while a reader waits).
    private func startWatchdog() {
        let watchdog = Task<Void, Never> { [weak self] in
            let expired = await SilenceWatch.enforce { [weak self] now in self?.check(at: now) ?? .done }
            if let expired { self?.end(with: expired, byReader: true) }
        }
        let stale = state.withLock { state -> Task<Void, Never>? in
            guard state.end == nil else { return watchdog }
            state.watchdog = watchdog
            return nil
        }
        stale?.cancel()
    }

    deinit {
        state.withLock { $0.watchdog?.cancel() }
    }

    /// How many times a watchdog checked the idle timeout and deadline so far (each check then
    /// sleeps until the next is due): tests wait for one before they let the storage go.
    var watchdogChecks: Int {
        state.withLock { $0.watchdogChecks }
    }

    /// Sets what the writer does when asked to pause, resume or close; if the reader ended the
    /// stream already, closes at once.
    func attach(_ controls: Controls) {
        let closeNow = state.withLock { state -> Bool in
            state.controls = controls
            return state.needsClose
        }
        if closeNow { controls.close() }
    }

    // MARK: Writing

    /// Hands a chunk to the reader; `false` when the stream has ended (the reader went away, a
    /// timeout fired, or the unread bytes would pass ``backlogLimit``) and the writer should close
    /// its connection.
    @discardableResult
    func write(_ chunk: Data) -> Bool {
        guard !chunk.isEmpty else { return state.withLock { $0.end == nil } }
        let (accepted, reader) = state.withLock {
            state -> (Bool, CheckedContinuation<Data?, any Error>?) in
            guard state.end == nil else { return (false, nil) }
            guard state.bufferedBytes + chunk.count <= backlogLimit || state.reader != nil else {
                return (false, nil)
            }
            state.lastActivity = .now
            if let reader = state.reader {
                state.reader = nil
                return (true, reader)
            }
            state.chunks.append(chunk)
            state.bufferedBytes += chunk.count

            guard state.bufferedBytes > highWater, !state.isPaused else { return (true, nil) }
            state.isPaused = true
            // Under the lock, so that a resume decided later cannot reach the writer first.
            state.controls.pause()
            return (true, nil)
        }
        reader?.resume(returning: chunk)
        if !accepted, state.withLock({ $0.end == nil }) {
            end(
                with: CourierError(
                    stage: .transport, kind: .responseTooLarge,
                    message:
                        "The response body's reader fell more than \(backlogLimit) bytes behind the server, "
                        + "and the transport cannot slow the server down."),
                byReader: true)
        }
        return accepted
    }

    /// Waits while the stream asks its writer to pause, for a writer that can wait (a task
    /// pumping a sequence) rather than stop its connection.
    func waitForDemand() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let ready = state.withLock { state -> Bool in
                guard state.isPaused, state.end == nil else { return true }
                state.writerWaiting = continuation
                return false
            }
            if ready { continuation.resume() }
        }
    }

    /// Ends the stream from the writer's side: cleanly with `nil`, else with the error. The reader
    /// still gets every chunk written before.
    func finish(_ error: CourierError?) {

        end(with: error, byReader: false)
    }

    // MARK: Reading

    /// Claims the one iterator; `false` when the stream was iterated already.
    func claimIterator() -> Bool {
        state.withLock { state in
            defer { state.hasIterator = true }
            return !state.hasIterator
        }
    }

    /// The next chunk, or `nil` at the end; throws the writer's error, a timeout or a cancellation.
    ///
    /// Chunks waiting unread come as one, up to ``coalescedBytes``: a reader that fell behind
    /// catches up in a few steps rather than one per small chunk.
    func next() async throws -> Data? {
        // A cancelled reader stops even while chunks wait: it would otherwise read on, and a
        // writer that cannot pause would keep the buffer full.
        if Task.isCancelled {
            let cancelled = CourierError(
                stage: .transport, kind: .cancelled, message: "Reading the response body was cancelled.")
            end(with: cancelled, byReader: true)
            throw cancelled
        }
        // Without suspending when something is buffered or the stream ended.
        if let outcome = take(orWait: nil) { return try outcome.get() }
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation {
                (continuation: CheckedContinuation<Data?, any Error>) in
                if let outcome = take(orWait: continuation) {
                    continuation.resume(with: outcome.mapError { $0 })
                }
            }
        } onCancel: {
            self.end(
                with: CourierError(
                    stage: .transport, kind: .cancelled, message: "Reading the response body was cancelled."),
                byReader: true)
        }
    }

    /// The most bytes ``next()`` joins into one chunk.
    static let coalescedBytes = 256 * 1024

    /// The buffered chunks (joined up to ``coalescedBytes``) or the end; else `nil`, after
    /// registering `reader` when there is one. Wakes a paused writer when the buffer went down
    /// to ``lowWater``.
    private func take(orWait reader: CheckedContinuation<Data?, any Error>?) -> Result<Data?, CourierError>? {
        let (outcome, writer) = state.withLock {
            state -> (Result<Data?, CourierError>?, CheckedContinuation<Void, Never>?) in
            guard state.next < state.chunks.count else {
                if let end = state.end { return (end.map { .failure($0) } ?? .success(nil), nil) }
                if let reader {
                    state.lastActivity = .now
                    state.reader = reader
                }
                return (nil, nil)
            }
            var chunk = state.chunks[state.next]
            state.chunks[state.next] = Data()
            state.next += 1
            while state.next < state.chunks.count,
                chunk.count + state.chunks[state.next].count <= Self.coalescedBytes
            {
                chunk.append(state.chunks[state.next])
                state.chunks[state.next] = Data()
                state.next += 1
            }
            state.bufferedBytes -= chunk.count
            if state.next == state.chunks.count {
                state.chunks.removeAll(keepingCapacity: true)
                state.next = 0
            } else if state.next >= 1024, state.next * 2 >= state.chunks.count {
                state.chunks.removeFirst(state.next)
                state.next = 0
            }
            guard state.isPaused, state.bufferedBytes <= lowWater, state.end == nil else {
                return (.success(chunk), nil)
            }
            state.isPaused = false
            // Under the lock, so that it cannot overtake the pause it undoes.
            state.controls.resume()
            defer { state.writerWaiting = nil }
            return (.success(chunk), state.writerWaiting)
        }
        writer?.resume()
        return outcome
    }

    /// Ends the stream because the reader went away: the writer closes its connection.
    func readerLeft() {
        end(
            with: CourierError(
                stage: .transport, kind: .cancelled, message: "The response body's reader stopped reading."),
            byReader: true)
    }

    // MARK: Ending

    private func end(with error: CourierError?, byReader: Bool) {
        let (reader, writer, close, watchdog) = state.withLock {
            state -> (
                CheckedContinuation<Data?, any Error>?, CheckedContinuation<Void, Never>?,
                (@Sendable () -> Void)?, Task<Void, Never>?
            ) in
            guard state.end == nil else { return (nil, nil, nil, nil) }
            state.end = .some(error)
            if byReader {
                // Nobody will read what is buffered.
                state.needsClose = true
                state.chunks = []
                state.next = 0
                state.bufferedBytes = 0
            }
            defer {
                state.reader = nil
                state.writerWaiting = nil
                state.watchdog = nil
            }
            // The reader waits only when nothing is buffered.
            return (state.reader, state.writerWaiting, byReader ? state.controls.close : nil, state.watchdog)
        }
        if let reader {
            if let error { reader.resume(throwing: error) } else { reader.resume(returning: nil) }
        }
        writer?.resume()
        close?()
        watchdog?.cancel()
    }

    /// Whether the reader waits for a chunk; for tests.
    var hasWaitingReader: Bool {
        state.withLock { $0.reader != nil }
    }

    /// What the watchdog does at `now`: the stream fails when the reader has waited the idle
    /// timeout for a chunk, or at the deadline; silence counts only while the reader waits.
    func check(at now: ContinuousClock.Instant) -> SilenceWatch.Check {
        state.withLock { state in
            state.watchdogChecks += 1
            guard state.end == nil else { return .done }
            let watch = SilenceWatch(idle: idleTimeout, deadline: state.deadline)
            return watch.check(after: .received(state.reader == nil ? now : state.lastActivity), now: now)
        }
    }
}
