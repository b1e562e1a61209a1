/// Where a ``RetryBackoff`` draws its random delays from.
///
/// The default draws uniformly with the system's random number generator. Tests inject one that
/// answers a fixed point of the range, so every delay is exact:
///
/// ```swift
/// let longest = RetryJitter { range in range.upperBound }   // always the full bound
/// let backoff = RetryBackoff(base: .milliseconds(500), cap: .seconds(30), jitter: longest)
/// ```
public struct RetryJitter: Sendable {
    private let pick: @Sendable (ClosedRange<Double>) -> Double

    /// Creates a source from a function that returns a number within the range it is given.
    ///
    /// A number outside the range is clamped into it.
    public init(_ pick: @escaping @Sendable (ClosedRange<Double>) -> Double) {
        self.pick = pick
    }

    /// Uniformly random, from `SystemRandomNumberGenerator`.
    public static var system: RetryJitter {
        RetryJitter { range in Double.random(in: range) }
    }

    /// A duration between zero and `bound`, inclusive.
    func duration(upTo bound: Duration) -> Duration {
        let seconds = bound.timeInterval
        guard seconds > 0 else { return .zero }
        let picked = pick(0...seconds)
        // Clamped again as a duration: converting seconds back may round past the bound.
        return min(.seconds(picked.isNaN ? 0 : min(max(picked, 0), seconds)), bound)
    }
}
