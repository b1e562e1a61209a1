import NIOConcurrencyHelpers

/// Checks that run once at a time per key: a caller that asks while the check of its key runs
/// waits for that one's answer instead of starting another. Nothing is kept once a check ended.
final class SharedCheck<Key: Hashable & Sendable, Answer: Sendable>: Sendable {
    private struct Running: Sendable {
        let task: Task<Answer, Never>
        var callers: Int
    }

    private let running = NIOLockedValueBox<[Key: Running]>([:])

    /// The answer of the check of `key` under way, or of `check`, started now.
    ///
    /// The check runs in a task of its own, so a caller's cancellation does not end it for the
    /// others waiting; a check must bound its own time.
    func answer(for key: Key, _ check: @escaping @Sendable () async -> Answer) async -> Answer {
        let task = running.withLockedValue { running in
            if let task = running[key]?.task {
                running[key]?.callers += 1
                return task
            }
            let task = Task { await check() }
            running[key] = Running(task: task, callers: 1)
            return task
        }
        let answer = await task.value
        running.withLockedValue { running in
            guard running[key]?.task == task else { return }
            running[key]?.callers -= 1
            if running[key]?.callers == 0 { running[key] = nil }
        }
        return answer
    }

    /// How many callers wait for the check of `key` under way.
    func callers(of key: Key) -> Int {
        running.withLockedValue { $0[key]?.callers ?? 0 }
    }
}
