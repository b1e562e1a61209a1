/// A sink that passes every entry to a closure.
///
/// ```swift
/// let sink = ClosureLogSink { entry in
///     logger.log(level: .info, "\(entry.message)")
/// }
/// ```
///
/// The closure runs synchronously on the request's task: keep it cheap and non-blocking.
public struct ClosureLogSink: LogSink {
    private let body: @Sendable (LogEntry) -> Void

    /// Creates a sink that calls `body` with each entry.
    public init(_ body: @escaping @Sendable (LogEntry) -> Void) {
        self.body = body
    }

    /// Calls the closure with `entry`.
    public func log(_ entry: LogEntry) {
        body(entry)
    }
}
