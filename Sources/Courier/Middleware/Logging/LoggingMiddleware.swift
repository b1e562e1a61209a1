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
public struct LoggingMiddleware: Middleware, LinkedMiddleware {
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
    /// The header fields and query items of the last request this logger hides nothing of, so
    /// that a request sent again with the very same storage (a prepared request the client
    /// remembers) is not searched for secrets again. They hold no value this logger hides, so
    /// keeping them alive keeps no secret; holding them keeps their buffers from being reused.
    private let plain = LockedValue<PlainRequest?>(nil)

    /// The fields of a request without hidden values, held by ``plain``.
    private struct PlainRequest: Sendable {
        let headers: [HeaderField]
        let query: [QueryItem]
    }

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
    public func intercept(_ request: EndpointRequest, baseURL: BaseURL, next: Next) async throws
        -> RawResponse
    {
        try await handle(request, baseURL: baseURL, next: next)
    }

    func link(to next: @escaping Next) -> Next {
        { request, baseURL throws(CourierError) in try await handle(request, baseURL: baseURL, next: next) }
    }

    /// ``intercept(_:baseURL:next:)``'s work, inlined into it and into ``link(to:)``'s closure.
    @inline(__always) private func handle(_ request: EndpointRequest, baseURL: BaseURL, next: Next)
        async throws(CourierError) -> RawResponse
    {
        let started = clockReading()
        let secrets = secrets(of: request)
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
        let recorder = RequestMetricsRecorder.current
        // A template shows the endpoint's fixed query values (`?api_key=…`): hidden like the URL's.
        // Each entry's metadata is made where it is sent, not kept across the call and copied:
        // each copy of its strings is an atomic retain and release.
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
        do {
            let response = try await next(request, baseURL)
            let duration = clockReading() - started
            let entryLevel: LogLevel = response.status.code >= 400 ? .warning : .info
            guard entryLevel >= level else { return response }
            // A response from the resolved URL itself (no redirect) shows as `url` when the URL
            // is shown as its text; only another final URL is redacted to be compared.
            var from: String?
            if let final = response.url?.absoluteString,
                final != resolved || !LogRedaction.showsURLAsText(of: request, secrets: secrets)
            {
                let shown = redaction.url(final)
                if shown != url { from = shown }
            }
            let line = Self.responseLine(
                request.method, url, status: response.status, from: from,
                bodyLength: response.bodyStream == nil ? response.bodyLength : nil, duration: duration)
            let metadata = LogEntry.Metadata(
                method: request.method, url: url, template: template, status: response.status,
                duration: duration, attempt: recorder?.attempts)
            if level <= .debug {
                emit(
                    entryLevel, [line] + details(of: response, secrets: secrets), hiding: secrets,
                    metadata: metadata)
            } else {
                emit(entryLevel, line, hiding: secrets, metadata: metadata)
            }
            return response
        } catch {
            let duration = clockReading() - started
            let elapsed = Self.milliseconds(duration)
            let kind = error.observedKind
            var line = "\(request.method) \(url) → \(kind)"
            if let status = error.response?.status { line += " (\(status))" }
            line += " after \(elapsed): \(error.message)"
            let responseLines = error.response.map { details(of: $0, secrets: secrets) } ?? []
            let metadata = LogEntry.Metadata(
                method: request.method, url: url, template: template, status: error.response?.status,
                errorKind: kind, duration: duration, attempt: recorder?.attempts)
            emit(
                kind == .cancelled ? .warning : .error, [line] + responseLines, hiding: secrets,
                metadata: metadata)
            throw error
        }
    }

    /// The time ``now`` reads, as the duration since a fixed instant.
    ///
    /// A `ContinuousClock.Instant` in ``handle(_:baseURL:next:)``, even one read for a moment,
    /// would be allocated on the task's allocator: the type's layout is not fixed (the standard
    /// library may change it), so an `async` function cannot give it room in its frame
    /// (<doc:Performance>). A `Duration` has a fixed layout. Never inlined, so that the instants
    /// stay out of the `async` function.
    @inline(never) private func clockReading() -> Duration {
        Self.clockOrigin.duration(to: now())
    }

    /// The instant ``clockReading()`` counts from.
    private static let clockOrigin = ContinuousClock.now

    /// ``LogRedaction/secrets(of:)``, not worked out again for the storage of the last request
    /// without any.
    private func secrets(of request: EndpointRequest) -> [String] {
        let isPlain = plain.withLock { plain in
            guard let plain else { return false }
            return BuiltRequestMemo.isSameStorage(plain.headers, request.headers.fields)
                && BuiltRequestMemo.isSameStorage(plain.query, request.query)
        }
        if isPlain { return [] }
        guard !redaction.hidesAnything(of: request) else { return redaction.secrets(of: request) }
        let replaced = plain.withLock { plain in
            defer { plain = PlainRequest(headers: request.headers.fields, query: request.query) }
            return plain
        }
        // The replaced entry is released here, after the lock is given back.
        withExtendedLifetime(replaced) {}
        return []
    }

    /// Sends an entry of `entryLevel` to the sink when the middleware's level lets it through.
    private func emit(
        _ entryLevel: LogLevel, _ lines: [String], hiding secrets: [String],
        metadata: __owned LogEntry.Metadata
    ) {
        guard entryLevel >= level else { return }
        emit(entryLevel, lines.joined(separator: "\n"), hiding: secrets, metadata: metadata)
    }

    /// Sends `text` to the sink as an entry of `entryLevel`, with the request's secrets hidden.
    ///
    /// `metadata` is taken owned, not copied: each copy of its strings is an atomic retain and
    /// release. (Declared `consuming`, it was copied once more here: measured, Swift 6.3.1.)
    private func emit(
        _ entryLevel: LogLevel, _ text: String, hiding secrets: [String],
        metadata: __owned LogEntry.Metadata
    ) {
        guard entryLevel >= level else { return }
        if secrets.isEmpty {
            sink.log(LogEntry(level: entryLevel, message: text, metadata: metadata))
            return
        }
        var metadata = metadata
        metadata.url = LogRedaction.scrub(metadata.url, hiding: secrets)
        metadata.template = metadata.template.map { LogRedaction.scrub($0, hiding: secrets) }
        sink.log(
            LogEntry(
                level: entryLevel, message: LogRedaction.scrub(text, hiding: secrets), metadata: metadata))
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
        "\(wholeMilliseconds(duration)) ms"
    }

    /// `duration` in milliseconds, rounded.
    private static func wholeMilliseconds(_ duration: Duration) -> Int64 {
        let (seconds, attoseconds) = duration.components
        return seconds * 1_000 + (attoseconds + 500_000_000_000_000) / 1_000_000_000_000_000
    }

    /// The line of a response: `GET https://… → 200 (1078 bytes, 3 ms)`, with ` from URL` after
    /// the status when `from` is given (the final URL, after redirects), and `(body streamed, head
    /// after 3 ms)` when `bodyLength` is `nil`. Written into one allocation: it is the line of
    /// every response logged at `info`, and building it by interpolation and `+` cost about 3k
    /// instructions a request.
    static func responseLine(
        _ method: HTTPMethod, _ url: String, status: HTTPStatus, from: String?, bodyLength: Int64?,
        duration: Duration
    ) -> String {
        let capacity = method.rawValue.utf8.count + url.utf8.count + (from?.utf8.count ?? 0) + 100
        return TextWriter.text(capacity: capacity) { writer in
            writer.write(method.rawValue)
            writer.write(" ")
            writer.write(url)
            writer.write(" → ")
            writer.write(decimal: status.code)
            if let from {
                writer.write(" from ")
                writer.write(from)
            }
            if let bodyLength {
                writer.write(" (")
                writer.write(decimal: bodyLength)
                writer.write(" bytes, ")
            } else {
                writer.write(" (body streamed, head after ")
            }
            writer.write(decimal: wholeMilliseconds(duration))
            writer.write(" ms)")
        }
    }
}
