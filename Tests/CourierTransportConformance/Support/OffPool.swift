import Foundation

/// Runs CPU-heavy test work, such as hashing megabytes in a debug build, on a dispatch queue.
///
/// Swift's cooperative pool has one thread per core (two on the CI machines). Seconds of
/// synchronous work on it would hold up the timers that other tests' deadlines and timeouts
/// depend on, and those tests would fail for a reason that has nothing to do with them.
package func offPool<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        DispatchQueue.global().async {
            continuation.resume(with: Result { try work() })
        }
    }
}
