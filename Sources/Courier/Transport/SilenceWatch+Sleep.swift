import Dispatch

extension SilenceWatch {
    /// Waits until `deadline`, or throws `CancellationError` at once when the task is cancelled:
    /// the wait ``enforce(sleep:now:_:)`` and the client's total timeout race an exchange against.
    ///
    /// A cancelled wait gives its timer back at once. (A cancelled `Task.sleep` keeps its timer
    /// scheduled until the instant it named, so racing every call against a long timeout that way
    /// would hold memory for each call for as long as its timeout, long after the call ended.)
    ///
    /// The wait never ends before `deadline`, and like the continuous clock it counts the time the
    /// system is suspended. Its timer runs on the wall clock and is set again if it fires early,
    /// so a wall clock set back while it waits makes it end late by as much.
    public static func sleep(until deadline: ContinuousClock.Instant) async throws {
        try await TimerWait().sleep(until: deadline)
    }
}

/// One wait of ``SilenceWatch/sleep(until:)``, waited once by one task: a Dispatch timer and the
/// task waiting for it, ended by the timer or by a cancellation, whichever comes first; both
/// cancel the timer.
final class TimerWait: Sendable {
    /// A Dispatch timer source, held in the wait's locked state.
    ///
    /// `@unchecked Sendable` is safe: Dispatch's source calls may come from any thread, and the
    /// wait reaches the source only while its lock is held (made, set and resumed in `start`, set
    /// again in `fire`) or after taking it out of the state once, when it leaves `.waiting` (to
    /// cancel it in `fire` or `cancel`, whichever comes first). What the annotation covers is only
    /// that the `any DispatchSourceTimer` existential is not marked `Sendable`.
    private struct Timer: @unchecked Sendable {
        let source: any DispatchSourceTimer
    }

    private enum Phase: Sendable {
        /// Not started yet.
        case idle
        /// Started: the timer runs and the task waits.
        case waiting(CheckedContinuation<Void, any Error>, Timer, deadline: ContinuousClock.Instant)
        /// Cancelled, before or after it started.
        case cancelled
        /// The timer fired at or after the deadline.
        case ended
    }

    private struct State: Sendable {
        var phase = Phase.idle
        /// The timers started: at most one.
        var timersStarted = 0
    }

    private let state = LockedValue(State())

    /// Whether the timer runs and a task waits for it.
    var isWaiting: Bool {
        state.withLock { state in
            if case .waiting = state.phase { return true }
            return false
        }
    }

    /// How many timers the wait started: at most one.
    var timersStarted: Int { state.withLock { $0.timersStarted } }

    /// Waits until `deadline`, or throws `CancellationError` once the task is cancelled.
    func sleep(until deadline: ContinuousClock.Instant) async throws {
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                start(until: deadline, resuming: continuation)
            }
        } onCancel: {
            cancel()
        }
    }

    /// Starts the timer for `deadline`, or throws into `continuation` at once when the wait was
    /// cancelled before it started.
    private func start(
        until deadline: ContinuousClock.Instant, resuming continuation: CheckedContinuation<Void, any Error>
    ) {
        let started = state.withLock { state -> Bool in
            switch state.phase {
            case .idle: break
            case .cancelled: return false
            case .waiting, .ended: preconditionFailure("A TimerWait is waited once.")
            }
            // Made, set and resumed under the lock: Dispatch traps when a source that was never
            // resumed is released, as one made for a wait cancelled meanwhile would be.
            let source = DispatchSource.makeTimerSource(queue: .global())
            source.setEventHandler { [self] in fire() }
            Self.schedule(source, until: deadline)
            state.phase = .waiting(continuation, Timer(source: source), deadline: deadline)
            state.timersStarted += 1
            source.resume()
            return true
        }
        if !started { continuation.resume(throwing: CancellationError()) }
    }

    /// The timer fired: ends the wait, or sets the timer again while the deadline is ahead.
    private func fire() {
        let ended = state.withLock { state -> (CheckedContinuation<Void, any Error>, Timer)? in
            guard case .waiting(let continuation, let timer, let deadline) = state.phase else { return nil }
            guard ContinuousClock.now >= deadline else {
                Self.schedule(timer.source, until: deadline)
                return nil
            }
            state.phase = .ended
            return (continuation, timer)
        }
        guard let (continuation, timer) = ended else { return }
        timer.source.cancel()
        continuation.resume()
    }

    /// Ends the wait because its task was cancelled.
    private func cancel() {
        let waiting = state.withLock { state -> (CheckedContinuation<Void, any Error>, Timer)? in
            switch state.phase {
            case .waiting(let continuation, let timer, _):
                state.phase = .cancelled
                return (continuation, timer)
            case .idle:
                state.phase = .cancelled
                return nil
            case .cancelled, .ended:
                return nil
            }
        }
        guard let (continuation, timer) = waiting else { return }
        timer.source.cancel()
        continuation.resume(throwing: CancellationError())
    }

    /// Sets `source` to fire once at `deadline`, on the wall clock (which counts the time the
    /// system is suspended, as the continuous clock does), rounded up to whole nanoseconds and
    /// read after the continuous clock, so that it never fires before the deadline unless the wall
    /// clock moves forward. A deadline more than thirty years away never fires.
    private static func schedule(_ source: any DispatchSourceTimer, until deadline: ContinuousClock.Instant) {
        let (seconds, attoseconds) = ContinuousClock.now.duration(to: deadline).components
        let wallDeadline: DispatchWallTime
        if seconds >= 1_000_000_000 {
            wallDeadline = .distantFuture
        } else if seconds < 0 || attoseconds < 0 {
            wallDeadline = .now()
        } else {
            let (whole, rest) = attoseconds.quotientAndRemainder(dividingBy: 1_000_000_000)
            wallDeadline = .now() + .seconds(Int(seconds)) + .nanoseconds(Int(whole) + (rest > 0 ? 1 : 0))
        }
        source.schedule(wallDeadline: wallDeadline, leeway: .milliseconds(10))
    }
}
