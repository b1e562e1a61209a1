/// A counting semaphore with an overall limit and an optional per-host limit, whose waiters are
/// served first come, first served and can be cancelled while they wait.
///
/// A waiter is served as soon as both its limits allow, in arrival order among the waiters that
/// can run: a request for a host that is at its own limit does not hold up a later request for
/// another host when an overall slot is free. Slots are handed over when they are released, so a
/// new arrival can never overtake a waiter that could run.
final class ConcurrencySlots: Sendable {
    private struct Waiter {
        let id: Int
        let host: String
        var continuation: CheckedContinuation<Bool, Never>?
    }

    private struct State {
        let limit: Int
        let perHostLimit: Int?
        var inFlight = 0
        var inFlightByHost: [String: Int] = [:]
        /// Waiters in arrival order.
        var queue: [Waiter] = []
        /// Whether a waiter that has not suspended yet was served (`true`) or cancelled (`false`).
        var settled: [Int: Bool] = [:]
        var nextID = 0

        func canStart(host: String) -> Bool {
            inFlight < limit && perHostLimit.map { inFlightByHost[host, default: 0] < $0 } ?? true
        }

        mutating func take(host: String) {
            inFlight += 1
            inFlightByHost[host, default: 0] += 1
        }
    }

    private let state: LockedValue<State>

    /// Creates slots for `limit` requests at once, and `perHostLimit` per host when given.
    init(limit: Int, perHostLimit: Int?) {
        state = LockedValue(State(limit: limit, perHostLimit: perHostLimit))
    }

    /// Waits for a slot for `host`, in arrival order.
    ///
    /// - Throws: `CancellationError` when the current task is cancelled before it got a slot; a
    ///   cancelled waiter leaves the queue at once and holds no slot.
    func acquire(host: String) async throws(CancellationError) {
        guard !Task.isCancelled else { throw CancellationError() }
        let ticket: Int? = state.withLock { state in
            guard !state.canStart(host: host) else {
                state.take(host: host)
                return nil
            }
            let id = state.nextID
            state.nextID += 1
            state.queue.append(Waiter(id: id, host: host))
            return id
        }
        guard let ticket else { return }
        let served = await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                let settled: Bool? = state.withLock { state in
                    if let settled = state.settled.removeValue(forKey: ticket) { return settled }
                    if let index = state.queue.firstIndex(where: { $0.id == ticket }) {
                        state.queue[index].continuation = continuation
                        return nil
                    }
                    return false
                }
                if let settled { continuation.resume(returning: settled) }
            }
        } onCancel: {
            cancel(ticket)
        }
        guard served else { throw CancellationError() }
        guard !Task.isCancelled else {
            release(host: host)
            throw CancellationError()
        }
    }

    /// Gives back a slot for `host` and hands free slots to the earliest waiters that can run.
    func release(host: String) {
        let served = state.withLock { state in
            state.inFlight -= 1
            state.inFlightByHost[host, default: 1] -= 1
            if state.inFlightByHost[host] == 0 { state.inFlightByHost[host] = nil }
            var served: [CheckedContinuation<Bool, Never>] = []
            var index = 0
            while index < state.queue.count {
                let waiter = state.queue[index]
                guard state.canStart(host: waiter.host) else {
                    index += 1
                    continue
                }
                state.take(host: waiter.host)
                state.queue.remove(at: index)
                if let continuation = waiter.continuation {
                    served.append(continuation)
                } else {
                    state.settled[waiter.id] = true
                }
            }
            return served
        }
        for continuation in served { continuation.resume(returning: true) }
    }

    /// Requests holding a slot, and requests waiting for one.
    var counts: (inFlight: Int, waiting: Int) {
        state.withLock { ($0.inFlight, $0.queue.count) }
    }

    /// Removes a cancelled waiter from the queue, resuming it at once; a waiter already served
    /// keeps its slot until it releases it.
    private func cancel(_ ticket: Int) {
        let continuation: CheckedContinuation<Bool, Never>? = state.withLock { state in
            guard let index = state.queue.firstIndex(where: { $0.id == ticket }) else { return nil }
            let waiter = state.queue.remove(at: index)
            if waiter.continuation == nil { state.settled[ticket] = false }
            return waiter.continuation
        }
        continuation?.resume(returning: false)
    }
}
