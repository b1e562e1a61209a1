import Courier
import Logging

extension LoggingMiddleware {
    /// Creates a logging middleware that writes to `logger`, at the logger's level.
    ///
    /// The middleware's level follows the logger's, so a logger at `debug` also gets the headers
    /// of every request and response, redacted. Entries are written at swift-log's `info`,
    /// `warning` and `error` (and `debug`, `trace`), never at `notice` or `critical`: a logger at
    /// `notice` gets only the warnings and errors, one at `critical` nothing.
    ///
    /// ```swift
    /// var logger = Logger(label: "todo-client")
    /// logger.logLevel = .debug
    /// let logging = LoggingMiddleware(logger: logger)
    /// ```
    ///
    /// - Parameters:
    ///   - logger: Where the entries go, through a ``SwiftLogSink``.
    ///   - redaction: More headers and query parameters to hide.
    ///   - bodyLimit: The most bytes of a body shown at `trace`; 1024 by default.
    public init(logger: Logger, redaction: LogRedaction = LogRedaction(), bodyLimit: Int = 1_024) {
        self.init(
            level: LogLevel(logger.logLevel), sink: SwiftLogSink(logger: logger), redaction: redaction,
            bodyLimit: bodyLimit)
    }
}
