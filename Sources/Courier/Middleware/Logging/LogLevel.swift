/// How much a ``LoggingMiddleware`` writes, and how important one ``LogEntry`` is.
///
/// The levels are ordered from the most detailed to the most severe, as in swift-log. A
/// middleware configured with a level writes the entries of that level and above, and the level
/// also decides how much detail each entry carries:
///
/// | Level | What the middleware writes |
/// | --- | --- |
/// | ``trace`` | everything ``debug`` writes, plus request and response bodies (redacted, truncated) |
/// | ``debug`` | everything ``info`` writes with the headers of both sides, plus an entry when a request leaves |
/// | ``info`` | one line per request: method, redacted URL, status, body size, duration |
/// | ``warning`` | only responses with a 4xx or 5xx status, cancelled requests and failed requests |
/// | ``error`` | only requests that failed with a ``CourierError`` other than cancellation |
///
/// ```swift
/// let logging = LoggingMiddleware(level: .debug)
/// ```
public enum LogLevel: Int, Sendable, Hashable, Comparable, CaseIterable, CustomStringConvertible {
    /// Bodies, in addition to everything ``debug`` writes.
    case trace
    /// Headers of requests and responses, and an entry when a request leaves.
    case debug
    /// One line per completed request.
    case info
    /// Responses with a 4xx or 5xx status, and cancelled requests.
    case warning
    /// Requests that failed.
    case error

    /// Orders levels from ``trace`` (the most detailed) to ``error`` (the most severe).
    public static func < (lhs: LogLevel, rhs: LogLevel) -> Bool {
        lhs.rawValue < rhs.rawValue
    }

    /// The level's name, for example `"info"`.
    public var description: String {
        switch self {
        case .trace: "trace"
        case .debug: "debug"
        case .info: "info"
        case .warning: "warning"
        case .error: "error"
        }
    }
}
