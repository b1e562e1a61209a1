import Courier
import Logging

extension Logger.Metadata {
    /// The entry's metadata under the keys of ``SwiftLogSink/MetadataKey``; absent values are left out.
    init(_ metadata: LogEntry.Metadata) {
        self.init()
        let keys = SwiftLogSink.MetadataKey.self
        self[keys.method] = .string(metadata.method.description)
        self[keys.url] = .string(metadata.url)
        if let template = metadata.template { self[keys.template] = .string(template) }
        if let status = metadata.status { self[keys.statusCode] = .stringConvertible(status.code) }
        if let kind = metadata.errorKind {
            self[keys.errorType] = .string(kind.name)
        } else if let status = metadata.status, status.code >= 400 {
            self[keys.errorType] = .string(String(status.code))
        }
        if let duration = metadata.duration {
            self[keys.durationMilliseconds] = .stringConvertible(Self.milliseconds(duration))
        }
        if let attempt = metadata.attempt { self[keys.attempt] = .stringConvertible(attempt) }
        if let outcome = metadata.cacheOutcome { self[keys.cacheOutcome] = .string(outcome.name) }
    }

    /// A duration in milliseconds, to the microsecond: 12.345.
    private static func milliseconds(_ duration: Duration) -> Double {
        let (seconds, attoseconds) = duration.components
        let microseconds = seconds * 1_000_000 + attoseconds / 1_000_000_000_000
        return Double(microseconds) / 1_000
    }
}
