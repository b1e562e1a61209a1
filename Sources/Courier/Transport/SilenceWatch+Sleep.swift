import Dispatch

extension SilenceWatch {
    /// Waits until `deadline`, or throws `CancellationError` at once when the task is cancelled:
    /// the wait ``enforce(sleep:now:_:)`` and the client's total timeout race an exchange against.
    ///
    /// A cancelled wait gives its timer back at once. (A cancelled `Task.sleep` keeps its timer
    /// scheduled until the instant it named, so racing every call against a long timeout that way
    /// would hold memory for each call for as long as its timeout, long after the call ended.)
    ///
    /// The wait never ends before `deadline`. It is measured on the system's monotonic clock,
    /// which on Apple platforms stops while the device sleeps, so it may end late by as long as
    /// the device slept.
    public static func sleep(until deadline: ContinuousClock.Instant) async throws {
        try await TimerWait().sleep(until: deadline)
    }
}

/// One wait of ``SilenceWatch/sleep(until:)``: a Dispatch timer and the task waiting for it, ended
/// once, by the timer or by a cancellation, whichever comes first; both cancel the timer.
final class TimerWait: Sendable {
    /// A Dispatch timer source. Dispatch sources may be used from any thread; the overlay does
    /// not say so on Linux.
    private struct Timer: @unchecked Sendable {
        let source: any DispatchSourceTimer
    }

    private enum State: Sendable {
        /// Not started yet.
        case idle
        /// Started: the timer runs and the task waits.
        case waiting(CheckedContinuation<Void, any Error>, Timer)
        /// Cancelled, before or after it started.
        case cancelled
        /// The timer fired.
        case ended
    }

    private let state = LockedValue(State.idle)

    /// Whether the timer runs and a task waits for it.
    var isWaiting: Bool {
        state.withLock { state in
            if case .waiting = state { return true }
            return false
        }
    }

    /// Waits until `deadline`, or throws `CancellationError` once the task is cancelled; a wait is
    /// waited once.
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
    /// cancelled before it started (or was already waited).
    private func start(
        until deadline: ContinuousClock.Instant, resuming continuation: CheckedContinuation<Void, any Error>
    ) {
        let started = state.withLock { state in
            guard case .idle = state else { return false }
            let source = DispatchSource.makeTimerSource(queue: .global())
            source.schedule(deadline: .now() + Self.nanoseconds(until: deadline))
            source.setEventHandler { [self] in end() }
            state = .waiting(continuation, Timer(source: source))
            source.resume()
            return true
        }
        if !started { continuation.resume(throwing: CancellationError()) }
    }

    /// Ends the wait because the timer fired.
    private func end() {
        let waiting = state.withLock { state -> (CheckedContinuation<Void, any Error>, Timer)? in
            guard case .waiting(let continuation, let timer) = state else { return nil }
            state = .ended
            return (continuation, timer)
        }
        guard let (continuation, timer) = waiting else { return }
        timer.source.cancel()
        continuation.resume()
    }

    /// Ends the wait because its task was cancelled.
    private func cancel() {
        let waiting = state.withLock { state -> (CheckedContinuation<Void, any Error>, Timer)? in
            switch state {
            case .waiting(let continuation, let timer):
                state = .cancelled
                return (continuation, timer)
            case .idle:
                state = .cancelled
                return nil
            case .cancelled, .ended:
                return nil
            }
        }
        guard let (continuation, timer) = waiting else { return }
        timer.source.cancel()
        continuation.resume(throwing: CancellationError())
    }

    /// The time from now until `deadline` in whole nanoseconds, rounded up: none once it passed,
    /// and never for a deadline more than thirty years away.
    private static func nanoseconds(until deadline: ContinuousClock.Instant) -> DispatchTimeInterval {
        let (seconds, attoseconds) = ContinuousClock.now.duration(to: deadline).components
        guard seconds < 1_000_000_000 else { return .never }
        guard seconds >= 0, attoseconds >= 0 else { return .nanoseconds(0) }
        let (whole, rest) = attoseconds.quotientAndRemainder(dividingBy: 1_000_000_000)
        return .nanoseconds(Int(seconds * 1_000_000_000 + whole + (rest > 0 ? 1 : 0)))
    }
}
