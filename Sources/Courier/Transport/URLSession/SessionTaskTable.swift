import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// In-flight tasks by task object (task identifiers repeat across the transport's
/// sessions).
///
/// Every continuation is resumed exactly once: a task is removed from the table under the
/// lock before its continuation is resumed, by whichever of completion, cancellation, a timeout
/// or a limit gets there first; a streamed response's continuation is resumed at its head, under
/// the lock, and then cleared from the task's state.
struct SessionTaskTable: Sendable {
    private let tasks = LockedValue<[ObjectIdentifier: SessionTaskState]>([:])

    /// Registers a task before it resumes.
    func start(_ id: ObjectIdentifier, _ state: SessionTaskState) {
        tasks.withLock { $0[id] = state }
    }

    /// Fails the task with a cancellation at once, without waiting for `URLSession`.
    func cancel(_ id: ObjectIdentifier) {
        guard let state = finish(id) else { return }
        state.fail(Self.cancelled)
    }

    /// Fails the task with `error` if it is still in flight; returns whether it was.
    @discardableResult
    func fail(_ id: ObjectIdentifier, with error: CourierError) -> Bool {
        guard let state = finish(id) else { return false }
        state.fail(error)
        return true
    }

    /// Fails the task with `error` if it is in flight and the server has shown no sign of
    /// life yet; returns whether it did.
    func failIfSilent(_ id: ObjectIdentifier, with error: CourierError) -> Bool {
        let silent = tasks.withLock { tasks -> SessionTaskState? in
            guard let state = tasks[id], !state.isAlive else { return nil }
            tasks[id] = nil
            return state
        }
        guard let silent else { return false }
        silent.fail(error)
        return true
    }

    /// Changes the task's state where it is stored, if it is still in flight, and returns what
    /// `body` returns.
    ///
    /// `body` runs with the table locked and must not call into the table: the lock is not
    /// recursive.
    func update<Result>(_ id: ObjectIdentifier, _ body: (inout SessionTaskState) -> Result) -> Result? {
        tasks.withLock { tasks in
            guard let index = tasks.index(forKey: id) else { return nil }
            return body(&tasks.values[index])
        }
    }

    func finish(_ id: ObjectIdentifier) -> SessionTaskState? {
        tasks.withLock { $0.removeValue(forKey: id) }
    }

    static let cancelled = CourierError(
        stage: .transport, kind: .cancelled, message: "The request was cancelled."
    )
}
