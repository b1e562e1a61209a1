import Courier
import Logging

extension Logger.Level {
    /// The swift-log level of the same name as a Courier level.
    ///
    /// ```swift
    /// Logger.Level(LogLevel.warning)  // .warning
    /// ```
    public init(_ level: LogLevel) {
        switch level {
        case .trace: self = .trace
        case .debug: self = .debug
        case .info: self = .info
        case .warning: self = .warning
        case .error: self = .error
        }
    }
}

extension LogLevel {
    /// The least important Courier level whose entries a logger at `level` could write:
    /// `notice` maps to ``Courier/LogLevel/info``, and `critical` to ``Courier/LogLevel/error``.
    ///
    /// Entries keep their own level, so a logger at `notice` still drops the `info` entries, and
    /// one at `critical` the `error` entries.
    ///
    /// ```swift
    /// LogLevel(Logger.Level.notice)  // .info
    /// ```
    public init(_ level: Logger.Level) {
        switch level {
        case .trace: self = .trace
        case .debug: self = .debug
        case .info, .notice: self = .info
        case .warning: self = .warning
        case .error, .critical: self = .error
        }
    }
}
