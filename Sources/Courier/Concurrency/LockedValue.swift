import Foundation

/// A value that several tasks and threads read and change, one at a time.
///
/// Copies share one value. `CourierTesting` uses it too.
package struct LockedValue<Value: Sendable>: Sendable {
    /// The value and its lock.
    ///
    /// `@unchecked Sendable` is safe: the value is only reached in ``LockedValue/withLock(_:)``,
    /// while the lock is held, and the closure gets `inout` access only, so no reference to it
    /// escapes; `Value` itself is `Sendable`.
    private final class Storage: @unchecked Sendable {
        let lock = NSLock()
        var value: Value

        init(_ value: Value) {
            self.value = value
        }
    }

    private let storage: Storage

    package init(_ value: Value) {
        storage = Storage(value)
    }

    /// Equal for copies, which share one value, and different for values created apart.
    package var id: ObjectIdentifier { ObjectIdentifier(storage) }

    /// Runs `body` with exclusive access to the value and returns its result.
    package func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        storage.lock.lock()
        defer { storage.lock.unlock() }
        return try body(&storage.value)
    }
}
