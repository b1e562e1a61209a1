import Foundation

/// A value that several tasks and threads read and change, one at a time.
///
/// `@unchecked Sendable` is safe: `value` is only reached inside ``withLock(_:)``, while `lock`
/// is held, and the closure cannot let a reference to the storage escape (it gets `inout`
/// access only). `Value` itself must be `Sendable`.
final class LockedValue<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    init(_ value: Value) {
        self.value = value
    }

    /// Runs `body` with exclusive access to the value and returns its result.
    func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
