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

    /// Creates a logging middleware.
    ///
    /// - Parameters:
    ///   - level: The least important level written; ``LogLevel/info`` by default.
    ///   - sink: Receives the entries; ``TextLogSink/standardOutput`` by default, which every
    ///     middleware that logs to standard output shares.
    ///   - redaction: More headers and query parameters to hide.
    ///   - bodyLimit: The most bytes of a body shown at ``LogLevel/trace``; 1024 by default.
    public init(
        level: LogLevel = .info,
        sink: any LogSink = TextLogSink.standardOutput,
        redaction: LogRedaction = LogRedaction(),
        bodyLimit: Int = 1_024
    ) {
        self.level = level
        self.sink = sink
        self.redaction = redaction
        self.bodyLimit = max(0, bodyLimit)
    }

    /// Logs `request`, passes it on unchanged, logs the outcome and returns or rethrows it.
    public func intercept(_ request: EndpointRequest, baseURL: BaseURL, next: Next) async throws
        -> RawResponse
    {
        let started = now()
        let secrets = redaction.secrets(of: request)
        let resolved = LogRedaction.resolvedText(of: request, baseURL: baseURL)
        let url = redaction.url(ofResolved: resolved, for: request, hiding: secrets)
        let recorder = request.context.observers.all.lazy.compactMap { $0 as? RequestMetricsRecorder }.last
        // A template shows the endpoint's fixed query values (`?api_key=…`): hidden like the URL's.
        let template = request.template.map(redaction.url)
        if level <= .debug {
            var lines = ["→ \(request.method) \(url)"] + indented(redaction.lines(of: request.headers))
            if level == .trace, let body = bodyLine(request.body, secrets: secrets) { lines.append(body) }
            emit(
                .debug, lines, hiding: secrets,
                metadata: LogEntry.Metadata(
                    method: request.method, url: url, template: template,
                    attempt: recorder.map { $0.attempts + 1 }))
        }
        do throws(CourierError) {
            let response = try await next(request, baseURL)
            let duration = started.duration(to: now())
            let entryLevel: LogLevel = response.status.code >= 400 ? .warning : .info
            guard entryLevel >= level else { return response }
            // The final URL is named when, hidden as the request's is, it reads otherwise: after a
            // redirect.
            var from: String?
            // The request's own URL as sent: `resolved` is, unless it shows secret path values.
            let sent = request.redactedPathSegments == nil ? resolved : baseURL.absoluteString(for: request)
            if let final = response.url?.absoluteString, final != sent {
                let shown = redaction.url(
                    ofResolved: LogRedaction.hidingPathSecretTexts(request.pathSecrets, in: final),
                    for: request,
                    hiding: secrets)
                if shown != url { from = shown }
            }
            let line = Self.responseLine(
                request.method, url, status: response.status, from: from,
                bodyLength: response.bodyStream == nil ? response.bodyLength : nil, duration: duration,
                cacheOutcome: response.cacheOutcome)
            let metadata = LogEntry.Metadata(
                method: request.method, url: url, template: template, status: response.status,
                duration: duration, attempt: recorder?.attempts, cacheOutcome: response.cacheOutcome)
            // The response's fields and body, logged from debug on, may echo what a middleware
            // after this one added to the request.
            let shownSecrets =
                level <= .debug ? redaction.secrets(of: request, answeredBy: response) : secrets
            emit(
                entryLevel, [line] + details(of: response, secrets: shownSecrets), hiding: shownSecrets,
                metadata: metadata)
            return response
        } catch {
            let duration = started.duration(to: now())
            let kind = error.observedKind(for: request)
            var line = "\(request.method) \(url) → \(kind)"
            if let status = error.response?.status { line += " (\(status))" }
            line += " after \(duration.inMilliseconds): \(error.message)"
            let errorSecrets =
                level <= .debug
                ? error.response.map { redaction.secrets(of: request, answeredBy: $0) } ?? secrets : secrets
            let responseLines = error.response.map { details(of: $0, secrets: errorSecrets) } ?? []
            let metadata = LogEntry.Metadata(
                method: request.method, url: url, template: template, status: error.response?.status,
                errorKind: kind, duration: duration, attempt: recorder?.attempts)
            emit(
                kind == .cancelled ? .warning : .error, [line] + responseLines, hiding: errorSecrets,
                metadata: metadata)
            throw error
        }
    }

    /// Sends the lines to the sink as one entry of `entryLevel`, with the request's secrets hidden,
    /// when the middleware's level lets it through.
    private func emit(
        _ entryLevel: LogLevel, _ lines: [String], hiding secrets: [String], metadata: LogEntry.Metadata
    ) {
        guard entryLevel >= level else { return }
        var metadata = metadata
        metadata.url = LogRedaction.scrub(metadata.url, hiding: secrets)
        metadata.template = metadata.template.map { LogRedaction.scrub($0, hiding: secrets) }
        let message = LogRedaction.scrub(lines.joined(separator: "\n"), hiding: secrets)
        sink.log(LogEntry(level: entryLevel, message: message, metadata: metadata))
    }

    /// The response's header lines at ``LogLevel/debug``, and its body line at ``LogLevel/trace``.
    private func details(of response: RawResponse, secrets: [String]) -> [String] {
        guard level <= .debug else { return [] }
        var lines = indented(redaction.lines(of: response.headers))
        if level == .trace, !response.body.isEmpty {
            let type = response.headers[.contentType].flatMap(MediaType.init(headerValue:))
            lines.append(bodyLine(response.body, contentType: type, secrets: secrets))
        }
        return lines
    }

    private func indented(_ lines: [String]) -> [String] {
        lines.map { "  " + $0 }
    }

    /// The line of a response: `GET https://… → 200 (1078 bytes, 3 ms)`, with ` from URL` after
    /// the status when `from` is given (the final URL, after redirects), and `(body streamed, head
    /// after 3 ms)` when `bodyLength` is `nil`; a cache's outcome follows the duration
    /// (`3 ms, cache hit`).
    static func responseLine(
        _ method: HTTPMethod, _ url: String, status: HTTPStatus, from: String?, bodyLength: Int64?,
        duration: Duration, cacheOutcome: CacheOutcome? = nil
    ) -> String {
        let target = from.map { "\(url) → \(status.code) from \($0)" } ?? "\(url) → \(status.code)"
        let timing = bodyLength.map { "\($0) bytes, " } ?? "body streamed, head after "
        let cache = cacheOutcome.map { ", cache \($0)" } ?? ""
        return "\(method) \(target) (\(timing)\(duration.inMilliseconds)\(cache))"
    }
}
