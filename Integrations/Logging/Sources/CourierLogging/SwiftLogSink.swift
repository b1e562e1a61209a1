import Courier
import Logging

/// A ``Courier/LogSink`` that writes every entry to a swift-log `Logger`, with the request as
/// structured metadata.
///
/// Courier's levels map to swift-log's of the same name. The message is the entry's redacted text;
/// the metadata holds the request's method, redacted URL, template, status, error kind, duration
/// and attempt number (``MetadataKey`` names them), so no secret reaches a log handler:
///
/// ```swift
/// let logger = Logger(label: "todo-client")
/// let client = Client(
///     baseURL: BaseURL("api.example.com"),
///     middleware: [LoggingMiddleware(level: .info, sink: SwiftLogSink(logger: logger))]
/// )
/// ```
///
/// ``Courier/LoggingMiddleware/init(logger:redaction:bodyLimit:)`` builds both at once, with the
/// middleware's level taken from the logger's.
public struct SwiftLogSink: LogSink {
    /// Where the entries go; its metadata and metadata provider are kept.
    public let logger: Logger
    /// The `source` of every entry; `"Courier"` by default.
    public let source: String

    /// Creates a sink.
    ///
    /// - Parameters:
    ///   - logger: Where the entries go.
    ///   - source: The `source` of every entry; `"Courier"` by default.
    public init(logger: Logger, source: String = "Courier") {
        self.logger = logger
        self.source = source
    }

    /// Writes `entry` to the logger, at the level of the same name, with its metadata.
    public func log(_ entry: LogEntry) {
        logger.log(
            level: Logger.Level(entry.level), "\(entry.message)",
            metadata: entry.metadata.map(Logger.Metadata.init), source: source)
    }
}
