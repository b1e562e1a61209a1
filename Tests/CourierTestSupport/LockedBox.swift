import Foundation

/// A mutable value shared between tasks in tests.
///
/// `@unchecked Sendable` is safe: `value` is only touched while `lock` is held.
package final class LockedBox<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    /// A box holding `value`.
    package init(_ value: Value) { self.value = value }

    /// Replaces the value.
    package func set(_ newValue: Value) {
        withLock { $0 = newValue }
    }

    /// The value now.
    package func get() -> Value {
        withLock { $0 }
    }

    /// Changes the value in place while holding the lock, and returns what `body` returns.
    package func withLock<Result>(_ body: (inout Value) -> Result) -> Result {
        lock.lock()
        defer { lock.unlock() }
        return body(&value)
    }
}
