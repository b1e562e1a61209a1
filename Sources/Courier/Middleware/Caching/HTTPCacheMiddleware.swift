import Foundation

/// A private HTTP cache (RFC 9111) over any transport: fresh stored responses answer without I/O,
/// stale ones are revalidated with their validators, and a `304` answers as the stored response.
///
/// It caches `GET` responses held in memory; streamed responses and downloads pass through. A
/// response to a request with credentials (`Authorization`, cookies, secret headers) answers only
/// requests with the same credentials. Place it after authentication and cookies, so it sees the
/// credentials, and before de-duplication, which then merges only the requests it sends; a
/// ``RetryMiddleware`` before it never retries what it answered from storage:
///
/// ```swift
/// let client = Client(
///     baseURL: base,
///     middleware: [
///         MetricsMiddleware { print($0.cacheOutcome ?? .bypassed) },
///         RetryMiddleware(),
///         AuthenticationMiddleware(tokenProvider: tokens, for: base),
///         HTTPCacheMiddleware(storage: MemoryCacheStorage(maximumBytes: 20_000_000)),
///         DeduplicationMiddleware(),
///     ]
/// )
/// ```
///
/// A call chooses its ``CachePolicy`` with ``CallOptions/cachePolicy``. The rules, the policies
/// and what is deliberately left out: <doc:CachingAndCookies#HTTP-caching>.
public struct HTTPCacheMiddleware: Middleware {
    /// Where responses are kept.
    public let storage: any HTTPCacheStorage
    /// The policy of calls that choose none.
    public let policy: CachePolicy
    /// The most variants kept for one URL (responses that differ by `Vary` fields or
    /// credentials); storing one more removes the variant that arrived (or was revalidated)
    /// longest ago.
    public let maximumVariants: Int
    /// Reads the time; replaced in tests.
    var now: @Sendable () -> Date = { Date() }
    /// Waits until an instant, or throws when cancelled: a background revalidation's deadline
    /// timer. Replaced in tests.
    var sleep: @Sendable (ContinuousClock.Instant) async throws -> Void = {
        try await SilenceWatch.sleep(until: $0)
    }
    /// The variants being revalidated in the background, so each is revalidated once at a time.
    private let revalidating = LockedValue<Set<Variant>>([])

    /// The time a background revalidation may take when its request has no total timeout.
    static let backgroundRevalidationLimit = Duration.seconds(60)

    /// Creates a cache.
    ///
    /// - Parameters:
    ///   - storage: Where responses are kept; a ``MemoryCacheStorage`` of 10 MB by default.
    ///   - policy: The policy of calls that choose none; ``CachePolicy/useProtocol`` by default.
    ///   - maximumVariants: The most variants kept for one URL; 8 by default, less than 1 is 1.
    public init(
        storage: any HTTPCacheStorage = MemoryCacheStorage(), policy: CachePolicy = .useProtocol,
        maximumVariants: Int = 8
    ) {
        self.storage = storage
        self.policy = policy
        self.maximumVariants = max(1, maximumVariants)
    }

    /// Answers `request` from storage when the rules and the call's policy allow it, revalidates or
    /// loads it otherwise, and stores what may be stored.
    public func intercept(
        _ request: EndpointRequest, baseURL: BaseURL, next: @escaping Next
    ) async throws -> RawResponse {
        var response = try await respond(to: request, baseURL: baseURL, next: next)
        // An answer made from storage was sent with the credentials of this request (a stored
        // response answers no other): an error quoting it hides what this request carries.
        if response.sentSecrets.isNone { response.sentSecrets = SentSecrets(of: request) }
        return response
    }

    /// The answer to `request`, as ``intercept(_:baseURL:next:)`` describes it.
    private func respond(
        to request: EndpointRequest, baseURL: BaseURL, next: @escaping Next
    ) async throws -> RawResponse {
        guard Self.handles(request), let url = baseURL.absoluteString(for: request) else {
            let response = try await next(request, baseURL)
            if let target = try? baseURL.url(for: request) {
                await invalidate(after: request, response: response, target: target)
            }
            return Self.marked(response, .bypassed)
        }
        let key = CacheRules.key(url: url)
        let sent = request.withoutSecretsForOtherOrigin(baseURL: baseURL).headers
        let policy = request.cachePolicy ?? policy
        let validatesItself = CacheRules.validatesItself(request.headers)
        let control = CacheControl(request.headers)
        // A request that asks for no part of it to be stored (§5.2.1.5) is not answered from
        // storage either under the protocol's rules (much as a fetch in `no-store` mode does not
        // read the cache): it goes to the origin as it is, and its answer is not stored.
        if policy == .useProtocol && control.contains("no-store") && !control.contains("only-if-cached") {
            return Self.marked(try await next(request, baseURL), .bypassed)
        }
        if policy == .reloadIgnoringCache && !validatesItself {
            return try await load(request, baseURL: baseURL, key: key, sentHeaders: sent, next: next)
        }
        let stored = await storage.responses(forKey: key)
            .filter { CacheRules.selects($0, requestHeaders: sent) }
            .max { $0.responseDate < $1.responseDate }
        let freshness = stored.map { CacheRules.freshness(of: $0, now: now()) }
        if validatesItself {
            // The caller's own conditions are evaluated against what the policy serves (§4.3.2).
            return try await answerValidation(
                request, baseURL: baseURL, stored: stored, freshness: freshness, policy: policy,
                control: control, next: next)
        }
        if policy == .returnCachedOnly || policy == .returnCachedElseLoad {
            if let stored, let freshness {
                // Served as the policy says; the outcome says whether the rules would have served it too.
                return answer(
                    with: stored, outcome: freshness.isReusableAsIs ? .hit : .stale, age: freshness.age)
            }
            if policy == .returnCachedOnly { return unavailable() }
            return try await load(request, baseURL: baseURL, key: key, sentHeaders: sent, next: next)
        }
        guard let stored, let freshness else {
            if control.contains("only-if-cached") { return unavailable() }
            return try await load(request, baseURL: baseURL, key: key, sentHeaders: sent, next: next)
        }
        switch CacheRules.reuse(freshness, request: control) {
        case .fresh:
            return answer(with: stored, outcome: .hit, age: freshness.age)
        case .stale:
            return answer(with: stored, outcome: .stale, age: freshness.age)
        case .staleWhileRevalidate:
            // `only-if-cached` keeps the origin out of it, in the background too (§5.2.1.7).
            if !control.contains("only-if-cached") {
                revalidateInBackground(
                    stored, request, baseURL: baseURL, key: key, sentHeaders: sent, next: next)
            }
            return answer(with: stored, outcome: .stale, age: freshness.age)
        case .validate:
            // A stored response the client may not use without the origin (§5.2.1.7).
            if control.contains("only-if-cached") { return unavailable() }
            return try await validate(
                stored, request, baseURL: baseURL, key: key, sentHeaders: sent, next: next)
        }
    }

    /// Whether the cache handles `request`: a `GET` whose response is held in memory, without a
    /// range or a precondition of the caller's own (those pass through untouched).
    static func handles(_ request: EndpointRequest) -> Bool {
        request.method == .get && !request.streamsResponse && request.responseBodyFile == nil
            && ![.ifMatch, .ifUnmodifiedSince, .ifRange, .range].contains { request.headers.contains($0) }
    }

    /// Answers the caller's own `If-None-Match` or `If-Modified-Since` (RFC 9111 §4.3.2): from
    /// `stored` when it may be reused without the origin (a `304` when the condition finds it not
    /// modified, `stored` itself otherwise); otherwise the request goes to the origin untouched,
    /// and its answer to the caller, unstored.
    private func answerValidation(
        _ request: EndpointRequest, baseURL: BaseURL, stored: CachedResponse?,
        freshness: CacheRules.Freshness?,
        policy: CachePolicy, control: CacheControl, next: Next
    ) async throws(CourierError) -> RawResponse {
        if let stored, let freshness {
            let usable: Bool
            switch policy {
            case .returnCachedOnly, .returnCachedElseLoad: usable = true
            case .reloadIgnoringCache: usable = false
            case .useProtocol: usable = CacheRules.reuse(freshness, request: control) != .validate
            }
            if usable {
                let outcome: CacheOutcome = freshness.isReusableAsIs ? .hit : .stale
                guard CacheRules.isNotModified(stored, for: request.headers) else {
                    return answer(with: stored, outcome: outcome, age: freshness.age)
                }
                var notModified = stored
                notModified.status = 304
                notModified.headers = CacheRules.notModifiedFields(of: stored)
                notModified.body = Data()
                return answer(with: notModified, outcome: outcome, age: freshness.age)
            }
        }
        if policy == .returnCachedOnly || control.contains("only-if-cached") { return unavailable() }
        return Self.marked(try await next(request, baseURL), .bypassed)
    }

    // MARK: Routes

    /// Sends `request` unconditionally and stores the response when it may (with a `deadline`,
    /// only before it has passed).
    private func load(
        _ request: EndpointRequest, baseURL: BaseURL, key: String, sentHeaders: HeaderFields, next: Next,
        storingUntil deadline: ContinuousClock.Instant? = nil
    ) async throws(CourierError) -> RawResponse {
        let requestDate = now()
        let response = try await next(request, baseURL)
        await store(
            response, for: request, baseURL: baseURL, key: key, sentHeaders: sentHeaders,
            requestDate: requestDate, until: deadline)
        return Self.marked(response, .miss)
    }

    /// Sends `request` with `stored`'s validators: a `304` about it answers as `stored` with its
    /// fields updated; an origin failure answers with `stored` where `stale-if-error` allows.
    /// With a `deadline` (a background revalidation), nothing is stored once it has passed.
    private func validate(
        _ stored: CachedResponse, _ request: EndpointRequest, baseURL: BaseURL, key: String,
        sentHeaders: HeaderFields, next: Next, storingUntil deadline: ContinuousClock.Instant? = nil
    ) async throws(CourierError) -> RawResponse {
        let conditional = request.with { request in
            for field in CacheRules.conditions(for: stored) { request.headers.set(field) }
        }
        let requestDate = now()
        let response: RawResponse
        do {
            response = try await next(conditional, baseURL)
        } catch {
            // A cancelled call is not an origin failure: `stale-if-error` does not answer it.
            guard error.kind != .cancelled,
                CacheRules.servesOnError(stored, requestHeaders: request.headers, now: now())
            else {
                throw error
            }
            return answer(with: stored, outcome: .stale, age: CacheRules.currentAge(of: stored, now: now()))
        }
        if response.status.code == 304 {
            guard CacheRules.notModified(response.headers, selects: stored) else {
                // A 304 about another representation than the one stored: ask again without
                // conditions, once (RFC 9111 §4.3.4).
                let reloaded = try await load(
                    request, baseURL: baseURL, key: key, sentHeaders: sentHeaders, next: next,
                    storingUntil: deadline)
                return Self.handingOn(cookiesOf: response, to: reloaded)
            }
            let freshened = CacheRules.freshened(
                stored, with: response.headers, requestDate: requestDate, responseDate: now())
            // A request with no-store never gets here: it went to the origin as it was.
            await replace(stored, with: freshened, key: key, until: deadline)
            // The call gets the cookies and secret fields the 304 brought, which are never stored.
            var returned = freshened
            for field in CacheRules.unstoredEndToEndFields(of: response.headers) {
                returned.headers.append(field)
            }
            return answer(
                with: returned, outcome: .revalidated, age: CacheRules.currentAge(of: freshened, now: now()))
        }
        if CacheRules.isOriginFailure(response.status),
            CacheRules.servesOnError(stored, requestHeaders: request.headers, now: now())
        {
            return Self.handingOn(
                cookiesOf: response,
                to: answer(with: stored, outcome: .stale, age: CacheRules.currentAge(of: stored, now: now())))
        }
        await store(
            response, for: request, baseURL: baseURL, key: key, sentHeaders: sentHeaders,
            requestDate: requestDate, until: deadline)
        return Self.marked(response, .miss)
    }

    /// Revalidates `stored` in a task of its own, once per variant at a time, without the call's
    /// observers (the call has already been answered), by a deadline of its own: the request's
    /// total timeout, else ``backgroundRevalidationLimit``. At the deadline the revalidation is
    /// cancelled and stores nothing; the variant is revalidated again only once its work has
    /// ended. It is not tied to the client, which a value cannot outlive.
    private func revalidateInBackground(
        _ stored: CachedResponse, _ request: EndpointRequest, baseURL: BaseURL, key: String,
        sentHeaders: HeaderFields, next: @escaping Next
    ) {
        let variant = Variant(key: key, of: stored)
        let isFirst = revalidating.withLock { $0.insert(variant).inserted }
        guard isFirst else { return }
        let limit = request.timeout.total ?? Self.backgroundRevalidationLimit
        let deadline = ContinuousClock.now + limit
        let detached = request.with {
            $0.context = CallContext(deadline: deadline, hopHooks: request.context.hopHooks)
        }
        let revalidating = revalidating
        Task {
            _ = try? await TotalTimeout.run(until: deadline, timeout: limit, sleep: sleep) {
                () async throws(CourierError) -> RawResponse in
                // The timeout answers at the deadline and cancels the work later: the variant is
                // free again only when the work has ended, however it ends.
                defer { _ = revalidating.withLock { $0.remove(variant) } }
                return try await validate(
                    stored, detached, baseURL: baseURL, key: key, sentHeaders: sentHeaders, next: next,
                    storingUntil: deadline)
            }
        }
    }

    /// One stored variant of a URL: its key, and the request fields and credentials it answers.
    private struct Variant: Hashable, Sendable {
        let key: String
        let varyDigests: [String: String]
        let credentialDigest: String?

        init(key: String, of stored: CachedResponse) {
            self.key = key
            varyDigests = stored.varyDigests
            credentialDigest = stored.credentialDigest
        }
    }

    /// The number of background revalidations running; `package` for the tests, which wait on
    /// it instead of the wall clock.
    package var backgroundRevalidations: Int {
        revalidating.withLock { $0.count }
    }

    // MARK: Storage

    /// Stores `response` under `key` in place of the variant the request selects, when it may be
    /// stored; a response held in a file or a stream is not, nor one whose `deadline` has passed.
    private func store(
        _ response: RawResponse, for request: EndpointRequest, baseURL: BaseURL, key: String,
        sentHeaders: HeaderFields, requestDate: Date, until deadline: ContinuousClock.Instant?
    ) async {
        // A response that came through a redirect is not stored under the URL asked for: a
        // temporary redirect may point elsewhere next time, and the URL it reached may carry a
        // signature in its query.
        guard response.bodyFile == nil, response.bodyStream == nil,
            response.url == nil || response.url == (try? baseURL.url(for: request)),
            CacheRules.isStorable(
                status: response.status, headers: response.headers, requestHeaders: request.headers),
            let names = CacheRules.varyNames(of: response.headers)
        else { return }
        let entry = CachedResponse(
            status: response.status, headers: CacheRules.storedFields(of: response.headers),
            body: response.body,
            url: Self.hasSecrets(request) ? nil : response.url, requestDate: requestDate, responseDate: now(),
            varyDigests: CacheRules.varyDigests(names: names, requestHeaders: sentHeaders),
            credentialDigest: CacheRules.credentialDigest(of: sentHeaders))
        let maximumVariants = maximumVariants
        guard !Self.hasPassed(deadline) else { return }
        await storage.update(forKey: key) { variants in
            guard !Self.hasPassed(deadline) else { return }
            variants.removeAll { CacheRules.selects($0, requestHeaders: sentHeaders) }
            variants.append(entry)
            // The variant that arrived longest ago goes first; of two as old, the one stored first.
            while variants.count > maximumVariants,
                let oldest = variants.indices.min(by: {
                    variants[$0].responseDate < variants[$1].responseDate
                })
            {
                variants.remove(at: oldest)
            }
        }
    }

    /// Whether the request's query or path carries a secret, which a stored URL would keep: its
    /// responses are stored without their URL.
    private static func hasSecrets(_ request: EndpointRequest) -> Bool {
        request.query.contains(where: \.isSensitive) || !request.pathSecrets.isEmpty
    }

    /// Replaces `stored` with `freshened` under `key`, if `stored` is still there and `deadline`
    /// has not passed: one removed meanwhile (invalidated, or replaced by a newer response) stays
    /// removed.
    private func replace(
        _ stored: CachedResponse, with freshened: CachedResponse, key: String,
        until deadline: ContinuousClock.Instant?
    ) async {
        guard !Self.hasPassed(deadline) else { return }
        await storage.update(forKey: key) { variants in
            guard !Self.hasPassed(deadline), let index = variants.firstIndex(of: stored) else { return }
            variants[index] = freshened
        }
    }

    /// Whether a background revalidation's `deadline` has passed: its task is cancelled (at the
    /// deadline, by its timeout), or the clock is past it (the cancellation comes a moment
    /// later, and a storage may run a change after a wait). Without a deadline, never.
    private static func hasPassed(_ deadline: ContinuousClock.Instant?) -> Bool {
        guard let deadline else { return false }
        return Task.isCancelled || ContinuousClock.now >= deadline
    }

    /// Removes what a response to an unsafe request invalidates (RFC 9111 §4.4).
    private func invalidate(after request: EndpointRequest, response: RawResponse, target: URL) async {
        let urls = CacheRules.invalidatedURLs(
            method: request.method, status: response.status, headers: response.headers, target: target)
        for url in urls {
            await storage.update(forKey: CacheRules.key(url: url.absoluteString)) { $0.removeAll() }
        }
    }

    // MARK: Answers

    /// `stored` as a response, with its current `age` in whole seconds in `Age` (RFC 9111 §5.1).
    private func answer(with stored: CachedResponse, outcome: CacheOutcome, age: TimeInterval) -> RawResponse
    {
        var headers = stored.headers
        let seconds = min(max(0, age.rounded(.down)), TimeInterval(Int32.max))
        headers.set(HeaderField(name: .age, value: String(Int(seconds))))
        return Self.marked(
            RawResponse(status: stored.status, headers: headers, body: stored.body, url: stored.url), outcome)
    }

    /// The `504 Gateway Timeout` of a call that may only be answered from storage, with nothing
    /// usable stored (RFC 9111 §5.2.1.7), marked ``CacheOutcome/unsatisfiable`` so that no one
    /// takes it for an origin's.
    private func unavailable() -> RawResponse {
        Self.marked(
            RawResponse(status: 504, headers: [HeaderField(name: .contentLength, value: "0")]), .unsatisfiable
        )
    }

    /// `answer` with the cookies `discarded` set ahead of its own: a response the origin sent the
    /// call sets its cookies even when the cache answers with another (a `304` about another
    /// representation, a failure `stale-if-error` covers), as a client without a cache would have
    /// read them.
    private static func handingOn(cookiesOf discarded: RawResponse, to answer: RawResponse) -> RawResponse {
        let cookies = CacheRules.unstoredEndToEndFields(of: discarded.headers).filter {
            $0.name == .setCookie
        }
        guard !cookies.isEmpty else { return answer }
        var handed = answer
        handed.headers = HeaderFields(cookies + answer.headers.fields)
        return handed
    }

    /// `response` saying how the cache answered (``RawResponse/cacheOutcome``), for the metrics
    /// and logging middleware before it.
    private static func marked(_ response: RawResponse, _ outcome: CacheOutcome) -> RawResponse {
        var marked = response
        marked.cacheOutcome = outcome
        return marked
    }
}
