import Dispatch

/// Runs a call against a total deadline that Courier enforces itself.
///
/// `URLSession` on Linux treats `timeoutInterval` as an idle timeout only (a slow drip runs
/// forever) and ignores the resource timeout, so the client races the whole call, including
/// middleware, retries and every redirect hop, against the deadline. The call runs in a task of
/// its own, and a second task sleeps until the deadline: when the deadline comes first, the caller
/// gets ``CourierError/Kind/timedOut`` at once and the call is cancelled, even if some middleware
/// or transport is slow to notice. A download's caller waits a little longer, for the call to let
/// go of its file (``downloadSettleTime``).
enum TotalTimeout {
    /// The deadline of the call the current task runs, if it has one. Only the client reads it,
    /// when it starts a call: a call made inside another call (by a middleware, say) ends by the
    /// outer call's deadline too, and carries the earlier of the two down with its request.
    @TaskLocal static var current: ContinuousClock.Instant?

    /// How long after its deadline a download's caller waits at most for the cancelled call to
    /// end: the transport then has kept the bytes that arrived for resuming, or removed them, so
    /// the next call for the same file finds them settled. A download that completes meanwhile
    /// is the answer.
    static let downloadSettleTime = Duration.seconds(5)

    /// Runs `operation` until `deadline`; at the deadline, fails with the error of a call that did
    /// not end within `timeout`.
    ///
    /// Cancelling the caller cancels the operation; a caller cancelled while its operation
    /// ignores it gets ``CourierError/Kind/cancelled`` at the deadline at the latest, plus
    /// `settleTime`: after the deadline the caller waits up to `settleTime` more for the cancelled
    /// operation to end, cancelled or not, and gets its error when it ends or the time is up; an
    /// operation that succeeds meanwhile gives its answer, unless the caller was cancelled.
    /// `sleep` waits until an instant, or throws when cancelled; tests pass one they wake
    /// themselves.
    static func run(
        until deadline: ContinuousClock.Instant, timeout: Duration, settleTime: Duration = .zero,
        sleep: @escaping @Sendable (ContinuousClock.Instant) async throws -> Void = {
            try await SilenceWatch.sleep(until: $0)
        },
        _ operation: @escaping @Sendable () async throws(CourierError) -> RawResponse
    ) async throws(CourierError) -> RawResponse {
        let race = DeadlineRace()
        let outcome = await withTaskCancellationHandler {
            race.start(
                work: Task {
                    let outcome = await $current.withValue(deadline) {
                        () async -> Result<RawResponse, CourierError> in
                        do throws(CourierError) {
                            return .success(try await operation())
                        } catch {
                            return .failure(error)
                        }
                    }
                    race.deliver(outcome)
                })
            let timer = Task {
                do {
                    try await sleep(deadline)
                } catch {
                    return  // The operation delivered first.
                }
                race.timeOut(after: timeout)
            }
            defer { timer.cancel() }
            return await race.outcome()
        } onCancel: {
            race.cancelCaller()
        }
        if settleTime > .zero {
            await race.workEnded(orAfter: ContinuousClock.now + settleTime, sleep: sleep)
            // A download that completed meanwhile has its file; the timeout's error would drop it.
            if let late = race.lateSuccess() { return late }
        }
        return try outcome.get()
    }
}

/// One deadline race: the first outcome delivered, the caller waiting for it, and the work's task,
/// so that the caller's cancellation and the deadline reach the work.
private struct DeadlineRace: Sendable {
    private struct State: Sendable {
        /// The first outcome, until the caller takes it.
        var outcome: Result<RawResponse, CourierError>?
        /// Whether an outcome was delivered; later ones are dropped.
        var isSettled = false
        /// The caller, once it waits.
        var waiter: CheckedContinuation<Result<RawResponse, CourierError>, Never>?
        /// The work's task, once it started.
        var work: Task<Void, Never>?
        /// Whether the caller was cancelled.
        var isCallerCancelled = false
        /// Whether the caller's wait for the work to end is over: the work ended, or the caller
        /// waited as long as it would.
        var isEndWaitOver = false
        /// The caller, while it waits for the work to end.
        var endWaiter: CheckedContinuation<Void, Never>?
        /// What the work answered after another outcome was delivered.
        var lateOutcome: Result<RawResponse, CourierError>?
    }

    private let state = LockedValue(State())

    /// Records the work's task, and cancels it when the caller already was.
    func start(work: Task<Void, Never>) {
        let cancelled = state.withLock { state in
            state.work = work
            return state.isCallerCancelled
        }
        if cancelled { work.cancel() }
    }

    /// The work ended with `outcome`: delivers it when nothing was delivered before, to the
    /// waiting caller or for it to take, and ends the caller's wait for the work.
    func deliver(_ outcome: Result<RawResponse, CourierError>) {
        defer { endWait() }
        let waiter = state.withLock {
            state -> CheckedContinuation<Result<RawResponse, CourierError>, Never>? in
            guard !state.isSettled else {
                state.lateOutcome = outcome
                return nil
            }
            state.isSettled = true
            guard let waiter = state.waiter.take() else {
                state.outcome = outcome
                return nil
            }
            return waiter
        }
        waiter?.resume(returning: outcome)
    }

    /// The deadline came: delivers ``CourierError/Kind/timedOut`` (or
    /// ``CourierError/Kind/cancelled`` to a caller cancelled before) and cancels the work.
    ///
    /// The work is cancelled on a Dispatch thread, after the caller was given its outcome: its
    /// cancellation handlers run where it is cancelled, and one that blocks (a third-party
    /// `URLSessionTask.cancel()` waits for the session's queue on Linux) holds up neither the caller
    /// nor the timer's task.
    func timeOut(after timeout: Duration) {
        let timedOut = CourierError(
            stage: .transport, kind: .timedOut,
            message: "The request did not complete within its timeout of \(timeout).")
        let cancelled = CourierError(
            stage: .transport, kind: .cancelled,
            message: "The request was cancelled, and had not stopped when its timeout of \(timeout) ran out.")
        typealias Effects = (
            waiter: CheckedContinuation<Result<RawResponse, CourierError>, Never>?,
            work: Task<Void, Never>?, outcome: Result<RawResponse, CourierError>
        )
        let effects = state.withLock { state -> Effects in
            let outcome: Result<RawResponse, CourierError> = .failure(
                state.isCallerCancelled ? cancelled : timedOut)
            guard !state.isSettled else { return (nil, state.work, outcome) }
            state.isSettled = true
            let waiter = state.waiter.take()
            if waiter == nil { state.outcome = outcome }
            return (waiter, state.work, outcome)
        }
        effects.waiter?.resume(returning: effects.outcome)
        if let work = effects.work { DispatchQueue.global().async { work.cancel() } }
    }

    /// The caller was cancelled: cancels the work, now or when it starts. The deadline stays, so a
    /// work that ignores the cancellation still ends the call at its deadline.
    func cancelCaller() {
        let work = state.withLock { state in
            state.isCallerCancelled = true
            return state.work
        }
        work?.cancel()
    }

    /// Returns once the work ended, or at `instant` if it has not by then.
    func workEnded(
        orAfter instant: ContinuousClock.Instant,
        sleep: @escaping @Sendable (ContinuousClock.Instant) async throws -> Void
    ) async {
        guard !state.withLock({ $0.isEndWaitOver }) else { return }
        let timer = Task {
            do {
                try await sleep(instant)
            } catch {
                return  // The work ended first.
            }
            endWait()
        }
        defer { timer.cancel() }
        await withCheckedContinuation { continuation in
            let isOver = state.withLock { state in
                if !state.isEndWaitOver { state.endWaiter = continuation }
                return state.isEndWaitOver
            }
            if isOver { continuation.resume() }
        }
    }

    /// The response the work answered after the deadline, for a caller that was not cancelled.
    func lateSuccess() -> RawResponse? {
        state.withLock { state in
            guard !state.isCallerCancelled, case .success(let response)? = state.lateOutcome else {
                return nil
            }
            return response
        }
    }

    /// Ends the caller's wait for the work, now or before it starts.
    private func endWait() {
        let waiter = state.withLock { state in
            state.isEndWaitOver = true
            return state.endWaiter.take()
        }
        waiter?.resume()
    }

    /// The first outcome, once one was delivered.
    func outcome() async -> Result<RawResponse, CourierError> {
        await withCheckedContinuation { continuation in
            let outcome = state.withLock { state in
                let outcome = state.outcome.take()
                if outcome == nil { state.waiter = continuation }
                return outcome
            }
            if let outcome { continuation.resume(returning: outcome) }
        }
    }
}
