/// One call to the rest of the chain, shared by every identical request that arrives while it runs.
///
/// Each request that joins gets a waiter id, then waits for the outcome. A waiter that is
/// cancelled leaves at once; when the last waiter leaves before the outcome, the call is
/// cancelled. Once the outcome is known, or the call was abandoned, nobody can join any more:
/// the next identical request starts a new call.
final class InFlightCall: Sendable {
    /// What a waiter receives.
    enum Delivery: Sendable {
        /// The shared call's response or error, the same for every waiter.
        case outcome(Result<RawResponse, CourierError>)
        /// The waiter's own task was cancelled before the outcome arrived.
        case cancelled
    }

    private enum Waiter {
        /// Joined, not suspended yet.
        case joined
        /// Suspended until the outcome arrives or its task is cancelled.
        case waiting(CheckedContinuation<Delivery, Never>)
        /// Cancelled before it suspended.
        case cancelled

        /// Whether the waiter still wants the outcome.
        var isActive: Bool {
            if case .cancelled = self { false } else { true }
        }
    }

    private struct State {
        var waiters: [Int: Waiter] = [0: .joined]
        var nextID = 1
        var outcome: Result<RawResponse, CourierError>?
        var isAbandoned = false
        var task: Task<Void, Never>?
    }

    /// The waiter id of the request that opened the call.
    static let openerID = 0

    private let state = LockedValue(State())

    /// Creates a call whose first waiter, ``openerID``, is the request that opens it.
    init() {}

    /// Adds a waiter and returns its id, or `nil` when the call has finished or was abandoned.
    func join() -> Int? {
        state.withLock { state in
            guard state.outcome == nil, !state.isAbandoned else { return nil }
            let id = state.nextID
            state.nextID += 1
            state.waiters[id] = .joined
            return id
        }
    }

    /// Runs `operation` in a new unstructured task, then delivers its outcome to every waiter and
    /// calls `finished`.
    ///
    /// `operation` sends the first caller's request, which carries its deadline and observers; the
    /// task inherits that caller's priority, but not its cancellation: it is cancelled only when
    /// every waiter has left.
    func start(
        _ operation: @escaping @Sendable () async -> Result<RawResponse, CourierError>,
        finished: @escaping @Sendable () -> Void
    ) {
        let task = Task {
            let outcome = await operation()
            self.deliver(outcome)
            finished()
        }
        let isAbandoned = state.withLock { state in
            state.task = task
            return state.isAbandoned
        }
        if isAbandoned { task.cancel() }
    }

    /// Waits for the outcome as waiter `id`; returns ``Delivery/cancelled`` as soon as the
    /// current task is cancelled.
    func wait(as id: Int) async -> Delivery {
        await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                let ready: Delivery? = state.withLock { state in
                    switch state.waiters[id] {
                    case .joined?:
                        guard let outcome = state.outcome else {
                            state.waiters[id] = .waiting(continuation)
                            return nil
                        }
                        state.waiters[id] = nil
                        return .outcome(outcome)
                    case .cancelled?, .waiting?, nil:
                        state.waiters[id] = nil
                        return .cancelled
                    }
                }
                if let ready { continuation.resume(returning: ready) }
            }
        } onCancel: {
            leave(id)
        }
    }

    /// The number of waiters still waiting for the outcome.
    var activeWaiters: Int {
        state.withLock { state in
            state.waiters.values.filter(\.isActive).count
        }
    }

    /// Removes a cancelled waiter, resuming it at once; cancels the call if nobody is left.
    private func leave(_ id: Int) {
        let (continuation, task) = state.withLock {
            state -> (CheckedContinuation<Delivery, Never>?, Task<Void, Never>?) in
            var continuation: CheckedContinuation<Delivery, Never>?
            switch state.waiters[id] {
            case .waiting(let suspended)?:
                state.waiters[id] = nil
                continuation = suspended
            case .joined?:
                state.waiters[id] = .cancelled
            case .cancelled?, nil:
                return (nil, nil)
            }
            guard !state.waiters.values.contains(where: \.isActive), state.outcome == nil, !state.isAbandoned
            else { return (continuation, nil) }
            state.isAbandoned = true
            return (continuation, state.task)
        }
        continuation?.resume(returning: .cancelled)
        task?.cancel()
    }

    /// Records the outcome and resumes every suspended waiter with it; waiters that joined but
    /// have not suspended yet pick it up when they do.
    private func deliver(_ outcome: Result<RawResponse, CourierError>) {
        let suspended = state.withLock { state in
            state.outcome = outcome
            var suspended: [CheckedContinuation<Delivery, Never>] = []
            for (id, waiter) in state.waiters {
                guard case .waiting(let continuation) = waiter else { continue }
                suspended.append(continuation)
                state.waiters[id] = nil
            }
            return suspended
        }
        for continuation in suspended {
            continuation.resume(returning: .outcome(outcome))
        }
    }
}
