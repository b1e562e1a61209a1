import Foundation

/// Where a ``LoggingMiddleware`` sends its entries.
///
/// The middleware calls ``log(_:)`` synchronously, on the task that sends the request, so a sink
/// must be cheap: hand the entry to something that does the slow work elsewhere, and never block,
/// wait for I/O or throw. ``TextLogSink`` (the default) writes to standard output from a
/// background thread; ``ClosureLogSink`` adapts a closure, for example to swift-log's `Logger`:
///
/// ```swift
/// struct CapturingSink: LogSink {
///     let entries = Entries()      // your own thread-safe store
///     func log(_ entry: LogEntry) { entries.append(entry) }
/// }
/// ```
public protocol LogSink: Sendable {
    /// Records an entry; called on the request's task, so it must return promptly.
    func log(_ entry: LogEntry)
}
