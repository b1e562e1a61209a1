import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// In-flight tasks by task object (task identifiers repeat across the transport's
/// sessions).
///
/// Every continuation is resumed exactly once: a task is removed from the table under the
/// lock before its continuation is resumed, by whichever of completion, cancellation, a timeout
/// or a limit gets there first.
///
/// `@unchecked Sendable` is safe: the stored dictionary is only read or written while `lock` is
/// held (``update(_:_:)`` lends a state to its body, in place, only while it holds it), and
/// nothing inside it escapes the lock except tasks that are removed first.
final class SessionTaskTable: @unchecked Sendable {
    private let lock = NSLock()
    private var tasks: [ObjectIdentifier: SessionTaskState] = [:]

    /// Registers a task before it resumes.
    func start(_ id: ObjectIdentifier, _ state: SessionTaskState) {
        lock.lock()
        tasks[id] = state
        lock.unlock()
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
        lock.lock()
        guard let state = tasks[id], !state.isAlive else {
            lock.unlock()
            return false
        }
        tasks[id] = nil
        lock.unlock()
        state.fail(error)
        return true
    }

    /// Changes the task's state in place, if it is still in flight, and returns what `body` returns.
    ///
    /// `body` runs with the table locked and must not call into the table: the lock is not
    /// recursive.
    func update<Result>(_ id: ObjectIdentifier, _ body: (inout SessionTaskState) -> Result) -> Result? {
        lock.lock()
        defer { lock.unlock() }
        guard let index = tasks.index(forKey: id) else { return nil }
        // Changed where it is stored: the body buffer keeps one owner, so appending to it does
        // not copy everything received so far, and the state is not copied out and back (each
        // copy retains and releases every reference in it, atomically).
        return body(&tasks.values[index])
    }

    func finish(_ id: ObjectIdentifier) -> SessionTaskState? {
        lock.lock()
        defer { lock.unlock() }
        return tasks.removeValue(forKey: id)
    }

    static let cancelled = CourierError(
        stage: .transport, kind: .cancelled, message: "The request was cancelled."
    )
}
