import NIOConcurrencyHelpers

/// Checks that run once at a time per key: a caller that asks while the check of its key runs
/// waits for that one's answer instead of starting another. Nothing is kept once every caller of
/// a check has its answer.
final class SharedCheck<Key: Hashable & Sendable, Answer: Sendable>: Sendable {
    private struct Running: Sendable {
        let task: Task<Answer, Never>
        var callers: Int
    }

    /// One caller's wait: its continuation is resumed once, by the answer or its cancellation.
    private enum Wait: Sendable {
        case starting
        case waiting(CheckedContinuation<Answer, Never>)
        case cancelled
        case over

        /// The continuation to resume, if the wait still needs one; the wait is over after.
        mutating func end() -> CheckedContinuation<Answer, Never>? {
            guard case .waiting(let continuation) = self else {
                if case .starting = self { self = .cancelled }
                return nil
            }
            self = .over
            return continuation
        }
    }

    private let running = NIOLockedValueBox<[Key: Running]>([:])

    /// The answer of the check of `key` under way, or of `check`, started now; `fallback` at once
    /// for a caller cancelled while it waits.
    ///
    /// The check runs in a task of its own, so a caller's cancellation does not end it for the
    /// others waiting; a check must bound its own time.
    func answer(
        for key: Key, ifCancelled fallback: Answer, _ check: @escaping @Sendable () async -> Answer
    ) async -> Answer {
        let task = running.withLockedValue { running in
            if let task = running[key]?.task {
                running[key]?.callers += 1
                return task
            }
            let task = Task { await check() }
            running[key] = Running(task: task, callers: 1)
            return task
        }
        defer {
            running.withLockedValue { running in
                guard running[key]?.task == task else { return }
                running[key]?.callers -= 1
                if running[key]?.callers == 0 { running[key] = nil }
            }
        }
        let wait = NIOLockedValueBox(Wait.starting)
        return await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                let isCancelled = wait.withLockedValue { wait in
                    guard case .starting = wait else { return true }
                    wait = .waiting(continuation)
                    return false
                }
                if isCancelled { return continuation.resume(returning: fallback) }
                Task {
                    let answer = await task.value
                    wait.withLockedValue { $0.end() }?.resume(returning: answer)
                }
            }
        } onCancel: {
            wait.withLockedValue { $0.end() }?.resume(returning: fallback)
        }
    }

    /// How many callers wait for the check of `key` under way.
    func callers(of key: Key) -> Int {
        running.withLockedValue { $0[key]?.callers ?? 0 }
    }
}
