/// Exponential backoff with full jitter and a cap: how long ``RetryMiddleware`` waits between
/// attempts when the server names no time.
///
/// Before retry `n` (counting from 0), the wait is a random duration between zero and
/// `min(cap, base × 2ⁿ)`: with the defaults, up to 0.5 s, then up to 1 s, 2 s, … and never more
/// than 30 s. Drawing the whole wait at random ("full jitter") spreads clients that failed
/// together, so they do not come back together.
///
/// ```swift
/// let backoff = RetryBackoff(base: .milliseconds(200), cap: .seconds(5))
/// backoff.bound(forRetry: 0)    // 0.2 seconds
/// backoff.bound(forRetry: 5)    // 5 seconds (6.4 capped)
/// ```
public struct RetryBackoff: Sendable {
    /// The bound of the first retry's wait.
    public let base: Duration
    /// The largest wait, however many retries came before.
    public let cap: Duration
    /// Where the random waits come from.
    public let jitter: RetryJitter

    /// Creates a backoff policy.
    ///
    /// - Parameters:
    ///   - base: The bound of the first retry's wait; 0.5 s by default. A negative value counts
    ///     as zero.
    ///   - cap: The largest wait; 30 s by default. A cap below `base` bounds every wait.
    ///   - jitter: Where the random waits come from; the system's random numbers by default.
    public init(
        base: Duration = .milliseconds(500), cap: Duration = .seconds(30), jitter: RetryJitter = .system
    ) {
        self.base = max(base, .zero)
        self.cap = max(cap, .zero)
        self.jitter = jitter
    }

    /// The longest wait before retry `retry` (0 for the first retry): `min(cap, base × 2^retry)`.
    public func bound(forRetry retry: Int) -> Duration {
        var bound = min(base, cap)
        for _ in 0..<max(retry, 0) {
            guard .zero < bound, bound < cap else { break }
            bound = min(bound * 2, cap)
        }
        return bound
    }

    /// A random wait before retry `retry`, between zero and ``bound(forRetry:)``.
    public func delay(forRetry retry: Int) -> Duration {
        jitter.duration(upTo: bound(forRetry: retry))
    }
}
