import Foundation

#if canImport(os)
    import os
#endif

/// A value that several tasks and threads read and change, one at a time.
///
/// Copies share one value: the value and its lock live together in one heap allocation (an
/// `NSLock` would add two more, and cost a call through the class on every lock), which matters
/// on the client path, where each metrics recording and each deadline creates one.
///
/// `@unchecked Sendable` is safe: the value is only reached in ``withLock(_:)``, while the lock is
/// held, and the closure gets `inout` access only, so no reference to the storage escapes;
/// `Value` itself is `Sendable`. (The storage is a `ManagedBuffer`, which can never be `Sendable`
/// itself.)
struct LockedValue<Value: Sendable>: @unchecked Sendable {
    private let storage: Storage

    init(_ value: Value) {
        storage = Storage.make(value)
    }

    /// Runs `body` with exclusive access to the value and returns its result.
    func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        try storage.withUnsafeMutablePointers { value, lock in
            Storage.lock(lock)
            defer { Storage.unlock(lock) }
            return try body(&value.pointee)
        }
    }

    /// The value (the buffer's header) and the platform lock (its one element, which never
    /// moves).
    private final class Storage: ManagedBuffer<Value, PlatformLock> {
        static func make(_ value: Value) -> Storage {
            let buffer = create(minimumCapacity: 1) { _ in value }
            buffer.withUnsafeMutablePointerToElements { lock in
                #if canImport(os)
                    lock.initialize(to: os_unfair_lock())
                #else
                    lock.initialize(to: pthread_mutex_t())
                    let status = pthread_mutex_init(lock, nil)
                    precondition(status == 0, "pthread_mutex_init failed: \(status)")
                #endif
            }
            return unsafeDowncast(buffer, to: Storage.self)
        }

        deinit {
            withUnsafeMutablePointerToElements { lock in
                #if !canImport(os)
                    let status = pthread_mutex_destroy(lock)
                    precondition(status == 0, "pthread_mutex_destroy failed: \(status)")
                #endif
                lock.deinitialize(count: 1)
            }
        }

        static func lock(_ lock: UnsafeMutablePointer<PlatformLock>) {
            #if canImport(os)
                os_unfair_lock_lock(lock)
            #else
                let status = pthread_mutex_lock(lock)
                precondition(status == 0, "pthread_mutex_lock failed: \(status)")
            #endif
        }

        static func unlock(_ lock: UnsafeMutablePointer<PlatformLock>) {
            #if canImport(os)
                os_unfair_lock_unlock(lock)
            #else
                let status = pthread_mutex_unlock(lock)
                precondition(status == 0, "pthread_mutex_unlock failed: \(status)")
            #endif
        }
    }
}

#if canImport(os)
    /// The lock ``LockedValue`` holds: `os_unfair_lock` on Apple platforms.
    private typealias PlatformLock = os_unfair_lock
#else
    /// The lock ``LockedValue`` holds: a `pthread_mutex_t` elsewhere.
    private typealias PlatformLock = pthread_mutex_t
#endif
