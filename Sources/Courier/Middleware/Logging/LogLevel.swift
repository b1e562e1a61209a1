/// How much a ``LoggingMiddleware`` writes, and how important one ``LogEntry`` is.
///
/// Levels are ordered from ``trace`` (the most detailed) to ``error`` (the most severe), as in
/// swift-log; a middleware writes the entries of its level and above.
///
/// ```swift
/// let logging = LoggingMiddleware(level: .debug)
/// ```
///
/// What each level writes: <doc:UsingMiddleware#Log-requests-and-responses>.
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
