import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The `URLSession` task of one ``URLSessionTransport/send(_:)`` call, which is created on a
/// dispatch queue while the caller may be cancelled at any moment.
///
/// Whichever comes second of "the task exists" and "the caller was cancelled" cancels the task,
/// exactly once.
final class SessionTaskHandle: Sendable {
    private struct State: Sendable {
        var task: URLSessionTask?
        var timer: Task<Void, Never>?
        var isCancelled = false
    }

    private let state = LockedValue(State())

    /// Records the created task; returns `false` when the caller was cancelled already.
    func attach(_ task: URLSessionTask) -> Bool {
        state.withLock { state in
            guard !state.isCancelled else { return false }
            state.task = task
            return true
        }
    }

    /// Records the connect timer, so ``finish()`` stops it.
    func attach(timer: Task<Void, Never>) {
        let stale = state.withLock { state -> Task<Void, Never>? in
            guard !state.isCancelled else { return timer }
            state.timer = timer
            return nil
        }
        stale?.cancel()
    }

    /// Marks the caller cancelled; returns the task if it exists, for the caller to cancel.
    func cancel() -> URLSessionTask? {
        state.withLock { state in
            state.isCancelled = true
            state.timer?.cancel()
            return state.task
        }
    }

    /// Stops the connect timer once the task is over.
    func finish() {
        state.withLock { $0.timer?.cancel() }
    }
}
