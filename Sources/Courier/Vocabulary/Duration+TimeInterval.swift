import Foundation

extension Duration {
    /// The duration in seconds as a `TimeInterval`.
    var timeInterval: TimeInterval {
        let (seconds, attoseconds) = components
        return TimeInterval(seconds) + TimeInterval(attoseconds) / 1e18
    }

    /// The duration as a sentence says it, rounded as a person would read it: whole seconds from
    /// 10 s on, seconds to a tenth below that, whole milliseconds below a second.
    var spoken: String {
        let (seconds, attoseconds) = components
        if seconds >= 10 {
            let roundsUp = attoseconds >= 500_000_000_000_000_000 && seconds < .max
            return "\(roundsUp ? seconds + 1 : seconds) seconds"
        }
        let interval = timeInterval
        if interval >= 1 { return "\((interval * 10).rounded() / 10) seconds" }
        return inMilliseconds
    }

    /// The duration in whole milliseconds, rounded: `"12 ms"`.
    var inMilliseconds: String {
        let (seconds, attoseconds) = components
        return "\(seconds * 1_000 + (attoseconds + 500_000_000_000_000) / 1_000_000_000_000_000) ms"
    }
}
