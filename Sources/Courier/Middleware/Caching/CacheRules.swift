import Foundation

/// The rules of a private HTTP cache (RFC 9111, with RFC 5861 and RFC 8246) as pure functions of
/// header fields and instants: what may be stored, how old and how fresh a stored response is,
/// whether it may answer a request, and how a `304` updates it.
///
/// ``HTTPCacheMiddleware`` routes; these values decide. Nothing here reads a clock or does I/O.
enum CacheRules {
    /// Status codes whose responses are cacheable by default (RFC 9110 §15.1), so a heuristic
    /// freshness lifetime applies to them (RFC 9111 §4.2.2).
    static let heuristicallyCacheable: Set<Int> = [
        200, 203, 204, 206, 300, 301, 308, 404, 405, 410, 414, 501,
    ]

    /// Status codes whose caching rules the cache implements, for `must-understand`
    /// (RFC 9111 §5.2.2.3).
    static let understood: Set<Int> = heuristicallyCacheable.union([302, 303, 307]).subtracting([206])

    /// The longest heuristic freshness lifetime: a week, however old `Last-Modified` is.
    static let heuristicCap: TimeInterval = 7 * 24 * 3_600

    /// Header fields never stored or updated (RFC 9111 §3.1, §3.2): hop-by-hop fields, and fields
    /// that describe the body as it arrived, which the stored body no longer matches.
    static let unstoredFields: Set<String> = [
        "connection", "keep-alive", "te", "transfer-encoding", "trailer", "upgrade", "proxy-connection",
        "proxy-authenticate", "proxy-authentication-info", "proxy-authorization", "set-cookie",
    ]

    /// Fields a `304` does not replace: the stored body's own length, and the coding it arrived in,
    /// which the stored body no longer has once decoded (RFC 9111 §3.2).
    static let bodyFields: Set<String> = ["content-length", "content-encoding"]

    // MARK: Storing (RFC 9111 §3)

    /// Whether the response to a `GET` with `requestHeaders` may be stored (RFC 9111 §3).
    ///
    /// A private cache may store a response to a request with `Authorization` (§3.5) and a
    /// `private` response; ``HTTPCacheMiddleware`` keys them by the credential's digest.
    static func isStorable(status: HTTPStatus, headers: HeaderFields, requestHeaders: HeaderFields) -> Bool {
        let code = status.code
        // A final response only; a 206 or a 304 is not a whole representation.
        guard code >= 200, code != 206, code != 304 else { return false }
        let response = CacheControl(headers)
        let request = CacheControl(requestHeaders)
        if request.contains("no-store") { return false }
        if response.contains("must-understand") {
            // no-store is overridden only for a status whose rules the cache implements (§5.2.2.3).
            guard understood.contains(code) else { return false }
        } else if response.contains("no-store") {
            return false
        }
        // `Vary: *` can never be selected (§4.1): storing it would only take space.
        if varyNames(of: headers) == nil { return false }
        return response.contains("max-age") || headers.contains(.expires) || response.contains("public")
            || response.contains("private") || heuristicallyCacheable.contains(code)
    }

    /// The header fields of a response as stored: without hop-by-hop fields, the fields its
    /// `Connection` names, `Set-Cookie` (a cookie is set once, when the response arrives), and
    /// any field whose name carries a secret (``HeaderName/isSensitiveByDefault``), which a store
    /// on disk would keep.
    static func storedFields(of headers: HeaderFields) -> HeaderFields {
        let named = Set(headers.listElements(for: .connection))
        return HeaderFields(
            headers.filter {
                !unstoredFields.contains($0.name.canonicalName) && !named.contains($0.name.canonicalName)
                    && !$0.name.isSensitiveByDefault
            }
        )
    }

    /// The fields of a response that are end to end but never stored: `Set-Cookie` and fields
    /// whose name carries a secret. A `304` that revalidates a stored response passes them on to
    /// the call it answers, which received them from the origin, without storing them.
    static func unstoredEndToEndFields(of headers: HeaderFields) -> [HeaderField] {
        let named = Set(headers.listElements(for: .connection))
        return headers.filter {
            let name = $0.name.canonicalName
            guard !named.contains(name) else { return false }
            return name == "set-cookie" || (!unstoredFields.contains(name) && $0.name.isSensitiveByDefault)
        }
    }

    // MARK: Freshness (RFC 9111 §4.2)

    /// The freshness lifetime of `stored` in seconds (RFC 9111 §4.2.1): `max-age`, else `Expires`
    /// minus `Date`, else a heuristic where allowed (§4.2.2), else 0. An invalid `max-age` or
    /// `Expires` gives 0: the response is stale.
    static func freshnessLifetime(of stored: CachedResponse) -> TimeInterval {
        freshness(of: stored, now: stored.responseDate).lifetime
    }

    /// ``freshnessLifetime(of:)`` with the response's directives and `Date` already read.
    private static func freshnessLifetime(
        of stored: CachedResponse, control: CacheControl, date dateValue: Date?
    ) -> TimeInterval {
        let headers = stored.headers
        if let maxAge = control.seconds("max-age") { return TimeInterval(maxAge.value ?? 0) }
        let date = dateValue ?? stored.responseDate
        let expires = headers.values(for: .expires)
        if !expires.isEmpty {
            guard expires.count == 1,
                let instant = HTTPDate.parse(expires[0], now: Date(), exactly: true)
            else { return 0 }
            return instant.timeIntervalSince(date)
        }
        guard heuristicallyCacheable.contains(stored.status.code) || control.contains("public"),
            let lastModified = headers[.lastModified].flatMap(HTTPDate.parse)
        else { return 0 }
        return min(max(0, date.timeIntervalSince(lastModified)) / 10, heuristicCap)
    }

    /// The current age of `stored` at `now` in seconds (RFC 9111 §4.2.3).
    static func currentAge(of stored: CachedResponse, now: Date) -> TimeInterval {
        freshness(of: stored, now: now).age
    }

    /// ``currentAge(of:now:)`` with the response's `Date` already read.
    private static func currentAge(of stored: CachedResponse, date: Date?, now: Date) -> TimeInterval {
        let headers = stored.headers
        let dateValue = date ?? stored.responseDate
        let ageValue = headers[.age].flatMap(ageSeconds) ?? 0
        let apparentAge = max(0, stored.responseDate.timeIntervalSince(dateValue))
        let responseDelay = max(0, stored.responseDate.timeIntervalSince(stored.requestDate))
        let correctedAgeValue = ageValue + responseDelay
        let correctedInitialAge = max(apparentAge, correctedAgeValue)
        let residentTime = max(0, now.timeIntervalSince(stored.responseDate))
        return correctedInitialAge + residentTime
    }

    /// An `Age` value as seconds, or `nil` when it is not delta-seconds (RFC 9111 §5.1). Of a
    /// list-based value (`Age: 600, 0`), the first member counts and the others are discarded.
    private static func ageSeconds(_ text: String) -> TimeInterval? {
        let first = text.split(separator: ",", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
        let trimmed = first.trimmingOptionalWhitespace()
        guard !trimmed.isEmpty,
            trimmed.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") })
        else { return nil }
        return TimeInterval(Int(trimmed) ?? Int(Int32.max))
    }

    // MARK: Reuse (RFC 9111 §4, RFC 5861, RFC 8246)

    /// A stored response's current age and freshness lifetime at one instant, with its
    /// directives: its fields read once for every decision about it.
    struct Freshness: Sendable, Hashable {
        /// The current age in seconds (§4.2.3).
        let age: TimeInterval
        /// The freshness lifetime in seconds (§4.2.1).
        let lifetime: TimeInterval
        /// The stored response's `Cache-Control` directives.
        let control: CacheControl

        /// Whether the response is fresh (§4.2): its lifetime exceeds its age.
        var isFresh: Bool { lifetime > age }
        /// Whether the response may answer as it is by its own directives: fresh, and without
        /// `no-cache`, which asks for a validation before every reuse (§5.2.2.4).
        var isReusableAsIs: Bool { isFresh && !control.contains("no-cache") }
        /// How long it has been stale, in seconds; negative while fresh.
        var staleness: TimeInterval { age - lifetime }
    }

    /// The age, lifetime and directives of `stored` at `now`.
    static func freshness(of stored: CachedResponse, now: Date) -> Freshness {
        let control = CacheControl(stored.headers)
        let date = stored.headers[.date].flatMap(HTTPDate.parse)
        return Freshness(
            age: currentAge(of: stored, date: date, now: now),
            lifetime: freshnessLifetime(of: stored, control: control, date: date), control: control)
    }

    /// What the cache may do with a stored response for a request.
    enum Reuse: Sendable, Hashable {
        /// Answer with it: it is fresh enough for the request.
        case fresh
        /// Answer with it although it is stale: the request accepts it (`max-stale`).
        case stale
        /// Answer with it, and revalidate it in the background (`stale-while-revalidate`).
        case staleWhileRevalidate
        /// Ask the origin first, conditionally when it has a validator.
        case validate
    }

    /// Whether `stored` may answer a request with `requestHeaders` at `now` (RFC 9111 §4.2, §4.3,
    /// §5.2.1, §5.2.2; RFC 5861 §3; RFC 8246).
    static func reuse(of stored: CachedResponse, requestHeaders: HeaderFields, now: Date) -> Reuse {
        reuse(freshness(of: stored, now: now), request: CacheControl(requestHeaders))
    }

    /// ``reuse(of:requestHeaders:now:)`` with the stored response's `freshness` and the request's
    /// directives already read.
    static func reuse(_ freshness: Freshness, request: CacheControl) -> Reuse {
        let response = freshness.control
        if request.contains("no-cache") || response.contains("no-cache") { return .validate }
        let age = freshness.age
        let lifetime = freshness.lifetime
        let isFresh = freshness.isFresh
        // An immutable response is not revalidated while fresh, even on a reload (RFC 8246 §2).
        if isFresh && response.contains("immutable") { return .fresh }
        if let maxAge = request.seconds("max-age") {
            guard let limit = maxAge.value, age <= TimeInterval(limit), limit > 0 else { return .validate }
        }
        if let minFresh = request.seconds("min-fresh") {
            guard let margin = minFresh.value, lifetime - age >= TimeInterval(margin) else {
                return .validate
            }
        }
        if isFresh { return .fresh }
        // A stale response that must be revalidated is never used as it is (§5.2.2.2).
        if response.contains("must-revalidate") { return .validate }
        let staleness = age - lifetime
        if let maxStale = request.seconds("max-stale") {
            // A bare max-stale accepts any staleness (§5.2.1.2).
            if request.directives["max-stale"] == .some(nil) { return .stale }
            if let limit = maxStale.value, staleness <= TimeInterval(limit) { return .stale }
        }
        if let window = response.seconds("stale-while-revalidate")?.value, staleness <= TimeInterval(window) {
            return .staleWhileRevalidate
        }
        return .validate
    }

    /// Whether `stored` may answer in place of an error or a `500`, `502`, `503` or `504`
    /// (RFC 5861 §4): within the response's or the request's `stale-if-error` window, unless it
    /// must be revalidated.
    static func servesOnError(_ stored: CachedResponse, requestHeaders: HeaderFields, now: Date) -> Bool {
        let freshness = freshness(of: stored, now: now)
        let response = freshness.control
        guard !response.contains("must-revalidate"), !response.contains("no-cache") else { return false }
        let staleness = freshness.staleness
        let windows = [response, CacheControl(requestHeaders)].compactMap {
            $0.seconds("stale-if-error")?.value
        }
        return windows.contains { staleness <= TimeInterval($0) }
    }

    /// Whether a response with `status` counts as an origin failure for `stale-if-error`.
    static func isOriginFailure(_ status: HTTPStatus) -> Bool {
        [500, 502, 503, 504].contains(status.code)
    }

    // MARK: Validation (RFC 9111 §4.3)

    /// An `ETag` as a server sent it: an entity tag, or a bare one without the quotes RFC 9110
    /// asks for (`ETag: 42`), which some servers send and which matches only the same text.
    enum Validator: Equatable {
        case tag(EntityTag)
        case bare(String)

        /// The validator `value` holds; `nil` for anything else (a list, an unclosed quote, a
        /// space or control character inside).
        init?(_ value: String) {
            if let tag = EntityTag(value) {
                self = .tag(tag)
                return
            }
            let text = String(Substring(value).trimmingOptionalWhitespace())
            // `etagc` without the comma that would make it a list.
            let isBare = text.utf8.allSatisfy { EntityTag.isTagCharacter($0) && $0 != UInt8(ascii: ",") }
            guard !text.isEmpty, isBare else { return nil }
            self = .bare(text)
        }

        /// The validator as an `If-None-Match` value: the tag, or the bare text as it came.
        var fieldValue: String {
            switch self {
            case .tag(let tag): tag.description
            case .bare(let text): text
            }
        }
    }

    /// The conditions that revalidate `stored` (§4.3.1): `If-None-Match` with its entity tag and
    /// `If-Modified-Since` with its `Last-Modified`; empty when it has neither. A bare `ETag`
    /// goes back as it came, since the server that sent it compares what returns with what it
    /// sent; any other `ETag` that is no entity tag, or one a header cannot carry (a control
    /// character), does not go back.
    static func conditions(for stored: CachedResponse) -> [HeaderField] {
        var fields: [HeaderField] = []
        if let validator = stored.headers[.etag].flatMap(Validator.init) {
            let condition = HeaderField(name: .ifNoneMatch, value: validator.fieldValue)
            if condition.hasValidValue { fields.append(condition) }
        }
        if let lastModified = stored.headers[.lastModified], HTTPDate.parse(lastModified) != nil {
            fields.append(HeaderField(name: .ifModifiedSince, value: lastModified))
        }
        return fields
    }

    // MARK: The caller's own conditions (RFC 9111 §4.3.2)

    /// Whether a request with `requestHeaders` validates a response of the caller's own, with
    /// `If-None-Match` or `If-Modified-Since`: a condition the cache answers itself when a stored
    /// response may be reused.
    static func validatesItself(_ requestHeaders: HeaderFields) -> Bool {
        requestHeaders.contains(.ifNoneMatch) || requestHeaders.contains(.ifModifiedSince)
    }

    /// Whether `stored` is not modified for a request with `requestHeaders` (RFC 9110 §13.1.2,
    /// §13.1.3, §13.2.2): `If-None-Match` is `*` or lists an entity tag that weakly matches the
    /// stored one (a stored `ETag` without quotes matches only the same text); without
    /// `If-None-Match`, the stored response was last modified no later than `If-Modified-Since`
    /// says (its `Last-Modified`, else its `Date`, else when it arrived: RFC 9111 §4.3.2). An
    /// `If-Modified-Since` that is no HTTP date is ignored.
    static func isNotModified(_ stored: CachedResponse, for requestHeaders: HeaderFields) -> Bool {
        let tags = requestHeaders.values(for: .ifNoneMatch)
        if !tags.isEmpty {
            let list = tags.joined(separator: ", ")
            if list.trimmingCharacters(in: .whitespaces) == "*" { return true }
            switch stored.headers[.etag].flatMap(Validator.init) {
            case .tag(let storedTag):
                return EntityTag.list(list)?.contains { $0.matchesWeakly(storedTag) } ?? false
            case .bare(let text): return Validator(list) == .bare(text)
            case nil: return false
            }
        }
        guard let since = requestHeaders[.ifModifiedSince].flatMap(HTTPDate.parse) else { return false }
        let modified =
            stored.headers[.lastModified].flatMap(HTTPDate.parse) ?? stored.headers[.date].flatMap(
                HTTPDate.parse)
            ?? stored.responseDate
        return modified <= since
    }

    /// The fields of a `304` that stands for `stored` (RFC 9110 §15.4.5): those a `200` would
    /// carry that guide caches, without the stored body's own metadata.
    static func notModifiedFields(of stored: CachedResponse) -> HeaderFields {
        let kept: Set<String> = [
            "cache-control", "content-location", "date", "etag", "expires", "vary", "last-modified",
        ]
        return HeaderFields(stored.headers.filter { kept.contains($0.name.canonicalName) })
    }

    /// Whether a `304` with `headers` is about `stored` (RFC 9111 §4.3.4): its strong entity tag,
    /// when it has one, is the stored one; else its `Last-Modified`, when it has one, is; else it
    /// names no validator and applies. A bare `ETag` matches only the same bare text.
    static func notModified(_ headers: HeaderFields, selects stored: CachedResponse) -> Bool {
        if let validator = headers[.etag].flatMap(Validator.init) {
            switch (validator, stored.headers[.etag].flatMap(Validator.init)) {
            case (.tag(let tag), .tag(let storedTag)):
                return tag.isWeak || storedTag.isWeak
                    ? tag.matchesWeakly(storedTag) : tag.matchesStrongly(storedTag)
            case (.bare(let text), .bare(let storedText)): return text == storedText
            default: return false
            }
        }
        if let lastModified = headers[.lastModified].flatMap(HTTPDate.parse) {
            return stored.headers[.lastModified].flatMap(HTTPDate.parse) == lastModified
        }
        return true
    }

    /// `stored` freshened by a `304` with `headers` (RFC 9111 §3.2, §4.3.4): each of its fields
    /// replaces the stored fields of its name, except hop-by-hop fields and the fields of the
    /// stored body; the request and response instants become the revalidation's.
    static func freshened(
        _ stored: CachedResponse, with headers: HeaderFields, requestDate: Date, responseDate: Date
    ) -> CachedResponse {
        let update = storedFields(of: headers).filter { !bodyFields.contains($0.name.canonicalName) }
        let replaced = Set(update.map(\.name))
        var merged = HeaderFields(stored.headers.filter { !replaced.contains($0.name) })
        for field in update { merged.append(field) }
        var freshened = stored
        freshened.headers = merged
        freshened.requestDate = requestDate
        freshened.responseDate = responseDate
        return freshened
    }

    // MARK: Selecting (RFC 9111 §4.1)

    /// The lowercase field names a response's `Vary` lists, or `nil` for `Vary: *`.
    static func varyNames(of headers: HeaderFields) -> [String]? {
        let names = headers.listElements(for: .vary).filter { !$0.isEmpty }
        return names.contains("*") ? nil : names
    }

    /// The digests of the request fields `names` lists: every field of a name, values trimmed and
    /// joined by `, ` (§4.1 allows this normalisation), then SHA-256; a name the request lacks is
    /// absent.
    static func varyDigests(names: [String], requestHeaders: HeaderFields) -> [String: String] {
        var digests: [String: String] = [:]
        for name in names {
            let values = requestHeaders.filter { $0.name.canonicalName == name }
                .map { String(Substring($0.value).trimmingOptionalWhitespace()) }
            guard !values.isEmpty else { continue }
            digests[name] = hex(SHA256.digest(Array(values.joined(separator: ", ").utf8)))
        }
        return digests
    }

    /// The digest of the request's secret fields (``HeaderField/isSensitive``), names lowercased,
    /// in order, or `nil` when it has none.
    static func credentialDigest(of requestHeaders: HeaderFields) -> String? {
        let secrets = requestHeaders.filter(\.isSensitive)
        guard !secrets.isEmpty else { return nil }
        let text = secrets.map { "\($0.name.canonicalName):\($0.value)\n" }.joined()
        return hex(SHA256.digest(Array(text.utf8)))
    }

    /// Whether `stored` may answer a request with `requestHeaders` (§4.1): the same secrets, and
    /// every field its `Vary` names with the same normalised value.
    static func selects(_ stored: CachedResponse, requestHeaders: HeaderFields) -> Bool {
        guard stored.credentialDigest == credentialDigest(of: requestHeaders),
            let names = varyNames(of: stored.headers)
        else { return false }
        return varyDigests(names: names, requestHeaders: requestHeaders) == stored.varyDigests
    }

    /// The primary key of a `GET` of `url`: the SHA-256 digest of method and URL, in hexadecimal.
    static func key(url: String) -> String {
        hex(SHA256.digest(Array("GET \(url)".utf8)))
    }

    // MARK: Invalidation (RFC 9111 §4.4)

    /// The URLs a response to an unsafe request invalidates (§4.4): none unless the method is
    /// unsafe and the status is not an error (2xx or 3xx); else the target URL, and the
    /// `Location` and `Content-Location` URLs on the target's origin, each read as a request's
    /// absolute URL is (its host and port as they are sent, dot segments resolved), so that it
    /// names the same stored response as the request that stored it.
    static func invalidatedURLs(method: HTTPMethod, status: HTTPStatus, headers: HeaderFields, target: URL)
        -> [URL]
    {
        guard !isSafe(method), (200..<400).contains(status.code) else { return [] }
        var urls = [target]
        let origin = try? AbsoluteTarget(target, sendsSecretsToOtherOrigin: false).base.origin
        for name in [HeaderName.location, .contentLocation] {
            guard let value = headers[name], let url = URL(string: value, relativeTo: target)?.absoluteURL,
                let read = try? AbsoluteTarget(url, sendsSecretsToOtherOrigin: false),
                read.base.origin == origin
            else { continue }
            urls.append(read.url)
        }
        return urls
    }

    /// Whether `method` is safe (RFC 9110 §9.2.1): `GET`, `HEAD`, `OPTIONS` or `TRACE`.
    static func isSafe(_ method: HTTPMethod) -> Bool {
        ["GET", "HEAD", "OPTIONS", "TRACE"].contains(method.rawValue)
    }

    private static func hex(_ bytes: [UInt8]) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var text: [UInt8] = []
        text.reserveCapacity(bytes.count * 2)
        for byte in bytes {
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 0x0f)])
        }
        return String(decoding: text, as: UTF8.self)
    }
}
