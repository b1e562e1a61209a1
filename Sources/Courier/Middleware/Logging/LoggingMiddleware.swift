import Foundation

/// Logs each request and its outcome, with every secret redacted.
///
/// Place it last in the middleware list: it then logs every attempt as it is sent, and it knows
/// the credentials that middleware before it added, so it can hide them wherever they are echoed.
///
/// ```swift
/// let client = Client(
///     baseURL: BaseURL("api.example.com"),
///     middleware: [RetryMiddleware(), LoggingMiddleware(level: .info)]
/// )
/// ```
///
/// What each ``LogLevel`` writes, and what is never written:
/// <doc:UsingMiddleware#Log-requests-and-responses>.
public struct LoggingMiddleware: Middleware {
    /// The least important level written; it also decides how much detail entries carry.
    public let level: LogLevel
    /// Receives the entries.
    public let sink: any LogSink
    /// Which values are hidden, in addition to those always hidden.
    public let redaction: LogRedaction
    /// The most bytes of a body shown at ``LogLevel/trace``.
    public let bodyLimit: Int
    /// Reads the time; replaced in tests for exact durations.
    var now: @Sendable () -> ContinuousClock.Instant = { .now }
    /// The last request's URL, shared by copies of the middleware (which share its redaction).
    private let urls = RequestTextMemo<LoggedURL>()

    /// A request's URL as resolved, and as shown when the request has no header secrets
    /// (``LogRedaction/url(ofResolved:for:hiding:)`` with none).
    private struct LoggedURL: Sendable {
        let resolved: String
        let shown: String
    }

    /// Creates a logging middleware.
    ///
    /// - Parameters:
    ///   - level: The least important level written; ``LogLevel/info`` by default.
    ///   - sink: Receives the entries; a ``TextLogSink`` writing to standard output by default.
    ///   - redaction: More headers and query parameters to hide.
    ///   - bodyLimit: The most bytes of a body shown at ``LogLevel/trace``; 1024 by default.
    public init(
        level: LogLevel = .info,
        sink: any LogSink = TextLogSink(),
        redaction: LogRedaction = LogRedaction(),
        bodyLimit: Int = 1_024
    ) {
        self.level = level
        self.sink = sink
        self.redaction = redaction
        self.bodyLimit = max(0, bodyLimit)
    }

    /// Logs `request`, passes it on unchanged, logs the outcome and returns or rethrows it.
    @inline(__always) public func intercept(_ request: EndpointRequest, baseURL: BaseURL, next: Next)
        async throws
        -> RawResponse
    {
        // Inlined (`@inline(__always)`) into the protocol witness the chain calls, so that a
        // request passing through makes one async frame here, not two.
        let started = now()
        let secrets = redaction.secrets(of: request)
        // Not remembered when this logger hides one of the request's query items: its value is
        // in the resolved text.
        let hidesQuery = !redaction.queryItems.isEmpty && request.query.contains(where: redaction.hides)
        let logged = urls.text(for: request, baseURL: baseURL, remember: !hidesQuery) { request, baseURL in
            let resolved = LogRedaction.resolvedText(of: request, baseURL: baseURL)
            return LoggedURL(
                resolved: resolved, shown: redaction.url(ofResolved: resolved, for: request, hiding: []))
        }
        let resolved = logged.resolved
        let url = secrets.isEmpty ? logged.shown : LogRedaction.scrub(logged.shown, hiding: secrets)
        let summary = "\(request.method) \(url)"
        let recorder = RequestMetricsRecorder.current
        // A template shows the endpoint's fixed query values (`?api_key=…`): hidden like the URL's.
        var metadata = LogEntry.Metadata(
            method: request.method, url: url, template: request.template.map(redaction.url))
        if level <= .debug {
            var lines = ["→ " + summary] + indented(redaction.lines(of: request.headers))
            if level == .trace, let body = bodyLine(request.body, secrets: secrets) { lines.append(body) }
            metadata.attempt = recorder.map { $0.snapshot.attempts + 1 }
            emit(.debug, lines, hiding: secrets, metadata: metadata)
        }
        do {
            let response = try await next(request, baseURL)
            let duration = started.duration(to: now())
            let entryLevel: LogLevel = response.status.code >= 400 ? .warning : .info
            guard entryLevel >= level else { return response }
            let elapsed = Self.milliseconds(duration)
            var line = summary + " → \(response.status)"
            // A response from the resolved URL itself (no redirect) shows as `url` when the URL
            // is shown as its text; only another final URL is redacted to be compared.
            if let final = response.url?.absoluteString,
                final != resolved || !LogRedaction.showsURLAsText(of: request, secrets: secrets)
            {
                let shown = redaction.url(final)
                if shown != url { line += " from \(shown)" }
            }
            line +=
                response.bodyStream == nil
                ? " (\(response.bodyLength) bytes, \(elapsed))" : " (body streamed, head after \(elapsed))"
            metadata.status = response.status
            metadata.duration = duration
            metadata.attempt = recorder?.snapshot.attempts
            var lines = [line]
            if level <= .debug { lines += details(of: response, secrets: secrets) }
            emit(entryLevel, lines, hiding: secrets, metadata: metadata)
            return response
        } catch {
            let duration = started.duration(to: now())
            let elapsed = Self.milliseconds(duration)
            let kind = error.observedKind
            var line = summary + " → \(kind)"
            if let status = error.response?.status { line += " (\(status))" }
            line += " after \(elapsed): \(error.message)"
            let responseLines = error.response.map { details(of: $0, secrets: secrets) } ?? []
            metadata.status = error.response?.status
            metadata.errorKind = kind
            metadata.duration = duration
            metadata.attempt = recorder?.snapshot.attempts
            emit(
                kind == .cancelled ? .warning : .error, [line] + responseLines, hiding: secrets,
                metadata: metadata)
            throw error
        }
    }

    /// Sends an entry of `entryLevel` to the sink when the middleware's level lets it through.
    private func emit(
        _ entryLevel: LogLevel, _ lines: [String], hiding secrets: [String], metadata: LogEntry.Metadata
    ) {
        guard entryLevel >= level else { return }
        let text = lines.count == 1 ? lines[0] : lines.joined(separator: "\n")
        let message = secrets.isEmpty ? text : LogRedaction.scrub(text, hiding: secrets)
        var metadata = metadata
        if !secrets.isEmpty {
            metadata.url = LogRedaction.scrub(metadata.url, hiding: secrets)
            metadata.template = metadata.template.map { LogRedaction.scrub($0, hiding: secrets) }
        }
        sink.log(LogEntry(level: entryLevel, message: message, metadata: metadata))
    }

    /// The response's header lines at ``LogLevel/debug``, and its body line at ``LogLevel/trace``.
    private func details(of response: RawResponse, secrets: [String]) -> [String] {
        guard level <= .debug else { return [] }
        var lines = indented(redaction.lines(of: response.headers))
        if level == .trace, !response.body.isEmpty {
            let type = response.headers[.contentType].flatMap(MediaType.init(validating:))
            lines.append(bodyLine(response.body, contentType: type, secrets: secrets))
        }
        return lines
    }

    private func indented(_ lines: [String]) -> [String] {
        lines.map { "  " + $0 }
    }

    /// A duration as whole milliseconds, `"12 ms"`.
    static func milliseconds(_ duration: Duration) -> String {
        let (seconds, attoseconds) = duration.components
        return "\(seconds * 1_000 + (attoseconds + 500_000_000_000_000) / 1_000_000_000_000_000) ms"
    }
}
