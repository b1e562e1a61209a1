import Foundation

/// A mutable value shared between tasks in tests: the one lock box of Courier's tests and of the
/// side packages' tests, which reach it through the `CourierTestSupport` product.
///
/// `@unchecked Sendable` is safe: `value` is only touched while `lock` is held.
public final class LockedBox<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    /// A box holding `value`.
    public init(_ value: Value) { self.value = value }

    /// Replaces the value.
    public func set(_ newValue: Value) {
        withLock { $0 = newValue }
    }

    /// The value now.
    public func get() -> Value {
        withLock { $0 }
    }

    /// Changes the value in place while holding the lock, and returns what `body` returns.
    public func withLock<Result>(_ body: (inout Value) -> Result) -> Result {
        lock.lock()
        defer { lock.unlock() }
        return body(&value)
    }
}
