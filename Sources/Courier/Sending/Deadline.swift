import Dispatch

/// Runs a call against a total deadline that Courier enforces itself.
///
/// `URLSession` on Linux treats `timeoutInterval` as an idle timeout only (a slow drip runs
/// forever) and ignores the resource timeout, so the client races the whole call, including
/// middleware, retries and every redirect hop, against the deadline. The call runs in a task
/// of its own: when the deadline comes first, the caller gets ``CourierError/Kind/timedOut`` at
/// once and the call is cancelled, even if some middleware or transport is slow to notice. The
/// task starts on the thread that runs the caller's `send` and runs there until it first
/// suspends (where the standard library has `Task.immediate`: built with Swift 6.2 or later, and
/// on Apple platforms from their 26 releases), so a call that never waits (an answer already in
/// memory) costs neither a thread hop nor a timer.
enum Deadline {
    /// The timer of every deadline in the process. One for all clients, not one per client: its
    /// sleeper outlives the calls it served until its deadline, which a client made per call
    /// would leave behind by the hundred.
    static let timer = DeadlineTimer()

    /// The instant the current call must finish by, when it has a timeout; middleware such as
    /// ``RetryMiddleware`` reads it to avoid waits that cannot finish in time.
    @TaskLocal static var current: ContinuousClock.Instant?

    /// The time left before ``current``, or `nil` when the call has no deadline.
    static var remaining: Duration? {
        current.map { ContinuousClock.now.duration(to: $0) }
    }

    /// Runs `operation` within `duration` of now, or within the current deadline if that comes
    /// first.
    ///
    /// The operation runs in a task of its own, which starts at once on the caller's thread
    /// (`Task.immediate`, where the standard library has it) and goes on there until it first
    /// suspends: an operation that never suspends, such as an answer already in memory, finishes
    /// without a thread hop or a timer. Otherwise the deadline is an entry in `timer`.
    /// `startsImmediately: false` starts the operation as `Task.init` does, which is what
    /// platforms without `Task.immediate` run; tests use it to cover both.
    static func run(
        within duration: Duration,
        timer: DeadlineTimer = Deadline.timer,
        startsImmediately: Bool = true,
        _ operation: @escaping @Sendable () async throws(CourierError) -> RawResponse
    ) async throws(CourierError) -> RawResponse {
        let end = ContinuousClock.now.advanced(by: duration)
        let deadline = current.map { min($0, end) } ?? end
        let outcome = await $current.withValue(deadline) {
            await race(
                operation, until: deadline, duration: duration, timer: timer,
                startsImmediately: startsImmediately)
        }
        return try outcome.get()
    }

    /// The first of the operation's outcome and the deadline; exactly one is delivered.
    private static func race(
        _ operation: @escaping @Sendable () async throws(CourierError) -> RawResponse,
        until deadline: ContinuousClock.Instant, duration: Duration, timer: DeadlineTimer,
        startsImmediately: Bool
    ) async -> Result<RawResponse, CourierError> {
        let race = DeadlineRace(timer: timer)
        return await withTaskCancellationHandler {
            // The closures are written out in each branch: passing one closure to both would
            // convert it for `Task.immediate`, which costs an allocation per call.
            let work: Task<Void, Never>
            #if compiler(>=6.2)
                if startsImmediately,
                    #available(macOS 26.0, iOS 26.0, watchOS 26.0, tvOS 26.0, visionOS 26.0, *)
                {
                    work = Task.immediate { await perform(operation, in: race) }
                } else {
                    work = Task { await perform(operation, in: race) }
                }
            #else
                work = Task { await perform(operation, in: race) }
            #endif
            // A work that delivered before its task was entered (started at once, it ran to its
            // end without suspending) needs no timer.
            if race.enter(work: work) { race.armTimer(at: deadline, duration: duration) }
            if let outcome = race.takeOutcome() { return outcome }
            return await withCheckedContinuation { continuation in
                race.wait(continuation)
            }
        } onCancel: {
            race.cancel()
        }
    }

    /// The work's side of the race: runs `operation` and delivers its outcome.
    private static func perform(
        _ operation: @Sendable () async throws(CourierError) -> RawResponse, in race: DeadlineRace
    ) async {
        // A caller cancelled before the work started: the work sees it as its own.
        if race.isCancelled { withUnsafeCurrentTask { $0?.cancel() } }
        let result: Result<RawResponse, CourierError>
        do throws(CourierError) {
            result = .success(try await operation())
        } catch {
            result = .failure(error)
        }
        race.finish(with: result)
    }
}

/// One deadline race: the outcome, whoever delivers it first, the caller waiting for it, the
/// work's task and the timer's entry, so that the caller's cancellation reaches the work however
/// early it comes, and the end of the work takes the timer's entry back. One allocation: copies
/// share the state.
private struct DeadlineRace: Sendable {
    /// The timer the deadline is set on.
    let timer: DeadlineTimer

    /// What the lock guards.
    private struct State: Sendable {
        /// Whether the work or the timer delivered an outcome.
        var isSettled = false
        /// The outcome, until the caller takes it; set only when it came before the caller waited.
        var outcome: Result<RawResponse, CourierError>?
        /// The caller, once it waits.
        var continuation: CheckedContinuation<Result<RawResponse, CourierError>, Never>?
        /// The work's task, once it started.
        var work: Task<Void, Never>?
        /// The deadline's entry in ``DeadlineRace/timer``, once the work's task was entered
        /// without an outcome.
        var entry: DeadlineTimer.Ticket?
        /// Whether the caller was cancelled.
        var isCancelled = false
    }

    /// The state, in one allocation with its lock.
    private let state = LockedValue(State())

    /// Whether the caller was cancelled.
    var isCancelled: Bool {
        state.withLock { $0.isCancelled }
    }

    /// The work's outcome: delivered when nothing was, to the waiting caller or for it to take.
    /// Takes the timer's entry back first, so that a call that returned left none behind.
    func finish(with result: Result<RawResponse, CourierError>) {
        let continuation = state.withLock { state in
            // The timer's lock is never held while this one is taken: no order to invert.
            if let entry = state.entry.take() { timer.cancel(entry) }
            guard !state.isSettled else {
                return CheckedContinuation<Result<RawResponse, CourierError>, Never>?.none
            }
            state.isSettled = true
            let continuation = state.continuation.take()
            if continuation == nil { state.outcome = result }
            return continuation
        }
        continuation?.resume(returning: result)
    }

    /// The deadline came: delivers ``CourierError/Kind/timedOut`` when the work delivered
    /// nothing, and cancels the work. A caller cancelled before gets
    /// ``CourierError/Kind/cancelled`` instead, from a work that did not stop when told to.
    ///
    /// The work is cancelled on a Dispatch thread, not the timer's: its cancellation handlers run
    /// where it is cancelled, and one that blocks (a third-party `URLSessionTask.cancel()` waits
    /// for the session's queue on Linux) would hold back every other deadline.
    func timeOut(after duration: Duration) {
        // Only whether the caller was cancelled needs the lock; the error is made outside it.
        let error =
            isCancelled
            ? CourierError(
                stage: .transport, kind: .cancelled,
                message:
                    "The request was cancelled, and had not stopped when its timeout of \(duration) ran out.")
            : CourierError(
                stage: .transport, kind: .timedOut,
                message: "The request did not complete within its timeout of \(duration).")
        typealias Effects = (
            continuation: CheckedContinuation<Result<RawResponse, CourierError>, Never>?,
            work: Task<Void, Never>?
        )
        let effects = state.withLock { state -> Effects? in
            guard !state.isSettled else { return nil }
            state.isSettled = true
            state.entry = nil
            let continuation = state.continuation.take()
            if continuation == nil { state.outcome = .failure(error) }
            // A cancelled caller's work was cancelled already.
            return (continuation, state.isCancelled ? nil : state.work)
        }
        guard let (continuation, work) = effects else { return }
        continuation?.resume(returning: .failure(error))
        if let work { DispatchQueue.global().async { work.cancel() } }
    }

    /// Records the work's task; cancels it when the caller already was. Returns whether the race
    /// is still open, that is, whether it needs a timer.
    func enter(work: Task<Void, Never>) -> Bool {
        let (cancelled, open) = state.withLock { state in
            state.work = work
            return (state.isCancelled, !state.isSettled)
        }
        if cancelled { work.cancel() }
        return open
    }

    /// Sets the deadline on the timer, and takes it back at once when the race was settled
    /// meanwhile.
    func armTimer(at deadline: ContinuousClock.Instant, duration: Duration) {
        let entry = timer.schedule(at: deadline) { [self] in timeOut(after: duration) }
        let settled = state.withLock { state in
            guard !state.isSettled else { return true }
            state.entry = entry
            return false
        }
        if settled { timer.cancel(entry) }
    }

    /// The outcome, when it came before the caller waited.
    func takeOutcome() -> Result<RawResponse, CourierError>? {
        state.withLock { $0.outcome.take() }
    }

    /// Resumes `continuation` with the outcome now, or keeps it for ``finish(with:)`` or
    /// ``timeOut(after:)``.
    func wait(_ continuation: CheckedContinuation<Result<RawResponse, CourierError>, Never>) {
        let outcome = state.withLock { state in
            let outcome = state.outcome.take()
            if outcome == nil { state.continuation = continuation }
            return outcome
        }
        if let outcome { continuation.resume(returning: outcome) }
    }

    /// The caller was cancelled: cancels the work, now or when it is entered. The deadline stays,
    /// so a work that ignores cancellation still ends the call at its deadline.
    func cancel() {
        let work = state.withLock { state in
            state.isCancelled = true
            return state.work
        }
        work?.cancel()
    }
}
