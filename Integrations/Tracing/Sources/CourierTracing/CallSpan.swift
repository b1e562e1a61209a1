import Courier
import Foundation
import Tracing

/// The span of one call, where the ``AttemptEventsMiddleware`` after a ``TracingMiddleware``
/// finds it, and the count of its attempts.
///
/// `@unchecked Sendable` is safe: `attempts` is only read or changed while `lock` is held, and
/// `span` is a `Sendable` constant.
final class CallSpan: @unchecked Sendable {
    /// The span of the call the current task sends, if a ``TracingMiddleware`` traces it.
    @TaskLocal static var current: CallSpan?

    let span: any Span
    private let lock = NSLock()
    private var attempts = 0

    init(span: any Span) {
        self.span = span
    }

    /// The next attempt's number: 1, 2, …
    func nextAttempt() -> Int {
        lock.lock()
        defer { lock.unlock() }
        attempts += 1
        return attempts
    }

    /// Sets the attributes of the call's outcome, and the error status for a failure or an
    /// answer of 400 or above.
    func record(_ metrics: RequestMetrics) {
        var errorType: String?
        if let kind = metrics.errorKind {
            errorType = kind.name
        } else if let status = metrics.status, status.code >= 400 {
            errorType = String(status.code)
        }
        span.updateAttributes { attributes in
            Self.add(metrics, errorType: errorType, to: &attributes)
        }
        if errorType != nil, metrics.errorKind == nil { span.setStatus(SpanStatus(code: .error)) }
    }

    private static func add(
        _ metrics: RequestMetrics, errorType: String?, to attributes: inout SpanAttributes
    ) {
        if let status = metrics.status { attributes["http.response.status_code"] = status.code }
        let resends = metrics.attempts - 1 + metrics.redirects
        if resends > 0 { attributes["http.request.resend_count"] = resends }
        if let size = metrics.requestBodySize { attributes["http.request.body.size"] = Int(size) }
        if let size = metrics.responseBodySize { attributes["http.response.body.size"] = Int(size) }
        if let version = metrics.httpVersion {
            attributes["network.protocol.version"] = version.conventionalName
        }
        if let errorType { attributes["error.type"] = errorType }
    }
}

extension HTTPVersion {
    /// The version as OpenTelemetry's `network.protocol.version` writes it: `1.1`, `2`.
    var conventionalName: String { major >= 2 ? "\(major)" : "\(major).\(minor)" }
}
