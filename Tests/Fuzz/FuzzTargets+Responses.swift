import Foundation

/// Targets for what a server sends: its header fields, dates, event streams and bodies.
extension FuzzTargets {
    /// A fixed instant, so that a finding replays the same way.
    static let now = Date(timeIntervalSince1970: 1_800_000_000)

    /// An HTTP date and a cookie date.
    @Sendable static func dates(_ input: [UInt8]) {
        let text = text(input)
        let date = HTTPDate.parse(text, now: now, exactly: false)
        if let exact = HTTPDate.parse(text, now: now, exactly: true), exact != date {
            broken("a date read exactly differs from the same date read robustly", text)
        }
        _ = CookieDate.parse(text)
    }

    /// The cache's rules over a stored response with the input's fields, asked by a request with
    /// the same fields (and, for what a response alone decides, by one with none).
    @Sendable static func cacheRules(_ input: [UInt8]) {
        let text = text(input)
        let fields = headers(text)
        let url = URL(string: "https://example.com/a?b=c")!
        let stored = CachedResponse(
            status: 200, headers: fields, body: Data(), url: url, requestDate: now, responseDate: now)
        let later = now.addingTimeInterval(100)
        let directives = CacheControl(fields)
        if CacheRules.isStorable(status: 200, headers: fields, requestHeaders: HeaderFields()),
            directives.contains("no-store"), !directives.contains("must-understand")
        {
            broken("a no-store response is storable", text)
        }
        _ = CacheRules.isStorable(status: 200, headers: fields, requestHeaders: fields)
        if CacheRules.isStorable(status: 206, headers: fields, requestHeaders: fields) {
            broken("a partial response is storable", text)
        }
        _ = CacheRules.storedFields(of: fields)
        _ = CacheRules.freshness(of: stored, now: later)
        _ = CacheRules.reuse(of: stored, requestHeaders: fields, now: later)
        _ = CacheRules.servesOnError(stored, requestHeaders: fields, now: later)
        _ = CacheRules.conditions(for: stored)
        _ = CacheRules.isNotModified(stored, for: fields)
        _ = CacheRules.notModified(fields, selects: stored)
        _ = CacheRules.varyNames(of: fields).map { CacheRules.varyDigests(names: $0, requestHeaders: fields) }
        _ = CacheRules.selects(stored, requestHeaders: fields)
        _ = CacheRules.invalidatedURLs(method: .post, status: 200, headers: fields, target: url)
        let age = CacheRules.currentAge(of: stored, now: later)
        if age.isNaN || age < 0 { broken("a negative or undefined age \(age)", text) }
    }

    /// The limits of `eventStream`'s parsers: small, so that inputs reach them.
    static let eventLimits = EventStreamParser.Limits(lineBytes: 64, eventBytes: 128)

    /// A Server-Sent Events stream, whole and cut at each 0xFF byte: both readings give the
    /// same events, or both pass a limit.
    @Sendable static func eventStream(_ input: [UInt8]) {
        var whole = EventStreamParser(limits: eventLimits)
        let wholeEvents = try? whole.parse(input.filter { $0 != 0xFF })
        var pieces = EventStreamParser(limits: eventLimits)
        var pieceEvents: [ServerSentEvent]? = []
        for chunk in input.split(separator: 0xFF, omittingEmptySubsequences: false) {
            guard let events = try? pieces.parse(chunk) else {
                pieceEvents = nil
                break
            }
            pieceEvents?.append(contentsOf: events)
        }
        if wholeEvents != pieceEvents { broken("a stream read in pieces gives other events", text(input)) }
    }

    /// Media types, their parameters and entity tags.
    @Sendable static func mediaTypes(_ input: [UInt8]) {
        let text = text(input)
        _ = MediaType(headerValue: text)?.essence
        _ = MediaTypeParameters.parse(text)
        _ = MediaTypeParameters.parse(text, backslashEscapes: false)
        _ = EntityTag(text)
        if MediaType(validating: text) != nil, MediaType(headerValue: text) == nil {
            broken("a valid media type is not read as a header value", text)
        }
    }

    /// `Content-Length` and `Content-Encoding` as a response's fields.
    @Sendable static func framing(_ input: [UInt8]) {
        let text = text(input)
        let fields = headers(text)
        if case .success(let length?) = ResponseFraming.contentLength(in: fields), length < 0 {
            broken("a negative length", text)
        }
        _ = ContentDecoding.listedCodings(in: fields)
        _ = ContentDecoding(codings: ["gzip", "br"], maximumLayers: 2).refusal(of: fields)
    }

    /// A `Content-Range` value and a resumed download's validator.
    @Sendable static func contentRange(_ input: [UInt8]) {
        let text = text(input)
        if let range = PartialDownload.byteRange(text) {
            if range.first < 0 || range.last < range.first { broken("an empty or negative range", text) }
            if let complete = range.completeLength, range.last >= complete {
                broken("a range past the length", text)
            }
        }
        _ = PartialDownload.validator(in: headers(text))
    }

    /// A multipart body: the first line is its media type, the bytes after it the body.
    @Sendable static func multipart(_ input: [UInt8]) {
        let end = input.firstIndex(of: UInt8(ascii: "\n")) ?? input.endIndex
        guard let type = MediaType(headerValue: text(Array(input[..<end]))) else { return }
        _ = try? MultipartReading.parts(of: Data(input[min(end + 1, input.endIndex)...]), contentType: type)
    }
}
