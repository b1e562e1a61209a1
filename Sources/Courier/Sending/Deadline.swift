/// Runs a call against a total deadline that Courier enforces itself.
///
/// `URLSession` on Linux treats `timeoutInterval` as an idle timeout only (a slow drip runs
/// forever) and ignores the resource timeout, so the client races the whole call, including
/// middleware, retries and every redirect hop, against the deadline. The call runs in a task
/// of its own: when the deadline comes first, the caller gets ``CourierError/Kind/timedOut`` at
/// once and the call is cancelled, even if some middleware or transport is slow to notice.
enum Deadline {
    /// The instant the current call must finish by, when it has a timeout; middleware such as
    /// ``RetryMiddleware`` reads it to avoid waits that cannot finish in time.
    @TaskLocal static var current: ContinuousClock.Instant?

    /// The time left before ``current``, or `nil` when the call has no deadline.
    static var remaining: Duration? {
        current.map { ContinuousClock.now.duration(to: $0) }
    }

    static func run(
        within duration: Duration,
        _ operation: @escaping @Sendable () async throws(CourierError) -> RawResponse
    ) async throws(CourierError) -> RawResponse {
        let end = ContinuousClock.now.advanced(by: duration)
        let deadline = current.map { min($0, end) } ?? end
        let outcome = await $current.withValue(deadline) {
            await race(operation, until: deadline, duration: duration)
        }
        return try outcome.get()
    }

    /// The first of the operation's outcome and the deadline; exactly one is delivered.
    private static func race(
        _ operation: @escaping @Sendable () async throws(CourierError) -> RawResponse,
        until deadline: ContinuousClock.Instant, duration: Duration
    ) async -> Result<RawResponse, CourierError> {
        let contestants = DeadlineRaceTasks()
        return await withTaskCancellationHandler {
            await withCheckedContinuation {
                (continuation: CheckedContinuation<Result<RawResponse, CourierError>, Never>) in
                let settled = LockedValue(false)
                let finish: @Sendable (Result<RawResponse, CourierError>) -> Bool = { result in
                    let first = settled.withLock { settled in
                        defer { settled = true }
                        return !settled
                    }
                    if first { continuation.resume(returning: result) }
                    return first
                }
                let work = Task {
                    do throws(CourierError) {
                        _ = finish(.success(try await operation()))
                    } catch {
                        _ = finish(.failure(error))
                    }
                    contestants.workEnded()
                }
                let timer = Task {
                    try? await Task.sleep(until: deadline, clock: .continuous)
                    guard !Task.isCancelled else { return }
                    let timedOut = CourierError(
                        stage: .transport, kind: .timedOut,
                        message: "The request did not complete within its timeout of \(duration)."
                    )
                    if finish(.failure(timedOut)) { work.cancel() }
                }
                contestants.enter(work: work, timer: timer)
            }
        } onCancel: {
            contestants.cancel()
        }
    }
}

/// The two tasks of a deadline race, so that cancelling the caller cancels both, whenever the
/// cancellation arrives, and the end of the call stops the timer.
private final class DeadlineRaceTasks: Sendable {
    private struct State: Sendable {
        var work: Task<Void, Never>?
        var timer: Task<Void, Never>?
        var isCancelled = false
        var workEnded = false
    }

    private let state = LockedValue(State())

    func enter(work: Task<Void, Never>, timer: Task<Void, Never>) {
        let (cancelled, ended) = state.withLock { state in
            state.work = work
            state.timer = timer
            return (state.isCancelled, state.workEnded)
        }
        if cancelled { work.cancel() }
        if cancelled || ended { timer.cancel() }
    }

    /// Stops the timer once the call is over, so no sleeping task outlives it.
    func workEnded() {
        let timer = state.withLock { state in
            state.workEnded = true
            return state.timer
        }
        timer?.cancel()
    }

    func cancel() {
        let tasks = state.withLock { state in
            state.isCancelled = true
            return (state.work, state.timer)
        }
        tasks.0?.cancel()
        tasks.1?.cancel()
    }
}
