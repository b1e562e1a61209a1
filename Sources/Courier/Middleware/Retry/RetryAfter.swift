import Foundation

/// A `Retry-After` header value (RFC 9110 §10.2.3): a number of seconds, or an HTTP date.
///
/// ```swift
/// RetryAfter("120")                              // .seconds(120)
/// RetryAfter("Sun, 06 Nov 1994 08:49:37 GMT")    // .date(…)
/// RetryAfter("1.5")                              // nil: delta-seconds are whole digits only
/// ```
///
/// Dates are read in all three forms RFC 9110 §5.6.7 asks recipients to accept: the IMF-fixdate
/// above, the obsolete RFC 850 form (`Sunday, 06-Nov-94 08:49:37 GMT`) and the asctime form
/// (`Sun Nov  6 08:49:37 1994`), robustly: runs of spaces count as one, and a one-digit day or the
/// zone `UTC` is read too (`Mon, 3 Jun 2019 12:00:00 UTC`). Parsing is done by hand, with no
/// locale or calendar, so it reads the same on every platform.
public enum RetryAfter: Sendable, Hashable {
    /// Wait this many seconds (`delta-seconds`, one or more digits).
    case seconds(Int)
    /// Wait until this instant.
    case date(Date)

    /// Parses a header value, or returns `nil` when it is neither delta-seconds nor an HTTP date.
    ///
    /// Surrounding spaces and tabs are ignored. A sign, a fraction or any other character makes
    /// the value invalid; a number too large for `Int` reads as `Int.max`.
    public init?(_ headerValue: String) {
        let text = headerValue[...].trimmingOptionalWhitespace()
        if !text.isEmpty, text.utf8.allSatisfy({ (0x30...0x39).contains($0) }) {
            self = .seconds(Int(text) ?? Int.max)
        } else if let date = HTTPDate.parse(String(text)) {
            self = .date(date)
        } else {
            return nil
        }
    }

    /// How long to wait from `now`; never negative, so a date in the past means at once.
    public func delay(from now: Date) -> Duration {
        switch self {
        case .seconds(let seconds):
            return .seconds(seconds)
        case .date(let date):
            let interval = date.timeIntervalSince(now)
            return interval > 0 ? .seconds(interval) : .zero
        }
    }
}
