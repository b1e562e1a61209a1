#if canImport(Testing)
    import Courier
    import CourierTestSupport

    /// A log sink that keeps every entry, for cases that read the log.
    final class RecordingLogSink: LogSink {
        private let stored = LockedBox<[LogEntry]>([])

        func log(_ entry: LogEntry) { stored.withLock { $0.append(entry) } }

        /// Every line logged so far, in order.
        var lines: [String] { stored.get().flatMap(\.lines) }
    }
#endif
