import CourierTestSupport
import CourierTesting
import Foundation
import Testing

@testable import Courier

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

// Retry behaviour held against rules Courier's authors did not write: RFC 9110 §9.2.2, §10.2.3,
// §15.4.4 (303), §15.5.2 (401), §15.6.4, RFC 6585 §4, the IETF draft "The Idempotency-Key HTTP
// Header Field" (draft-ietf-httpapi-idempotency-key-header-06), urllib3's test/test_retry.py and
// hashicorp/go-retryablehttp's client tests. No network: every transport is a closure.

/// Every request a stub transport saw, in order.
private final class Sent: Sendable {
    let requests = LockedValue<[TransportRequest]>([])
    func append(_ request: TransportRequest) -> Int {
        requests.withLock { list in
            list.append(request)
            return list.count
        }
    }
    var all: [TransportRequest] { requests.withLock { $0 } }
    var count: Int { all.count }
    func count(_ method: HTTPMethod) -> Int { all.filter { $0.method == method }.count }
}

private struct Tokens: TokenProvider {
    func token() async throws -> String { "first" }
    func refreshToken(rejected: String) async throws -> String { "second" }
}

@Suite(.timeLimit(.minutes(1))) struct RetryRulesOfOtherClientsTests {
    static let longest = RetryJitter { $0.upperBound }

    static func retry(
        maxRetries: Int = 2, maxRetryAfter: Duration = .seconds(60),
        clock: any Clock<Duration> = SteppedClock()
    ) -> RetryMiddleware {
        RetryMiddleware(
            maxRetries: maxRetries, backoff: RetryBackoff(base: .milliseconds(500), jitter: longest),
            maxRetryAfter: maxRetryAfter, clock: clock)
    }

    static func response(
        _ status: HTTPStatus, _ headers: [(String, String)] = [], to request: TransportRequest,
        body: String = ""
    ) -> RawResponse {
        RawResponse(
            status: status,
            headers: HeaderFields(
                headers.map { HeaderField(name: HeaderName(validating: $0.0)!, value: $0.1) }),
            body: Data(body.utf8), url: request.url)
    }

    static let get = Endpoint<String, Never> {
        Method.get
        Path("items")
    }

    // MARK: A cache after the retry

    /// A 503 stored with `max-age` answers the retry from storage: asking again would only get
    /// it again, so it is returned after one wait, not after every retry's.
    @Test func anAnswerFromACachesStorageIsNotRetried() async throws {
        let clock = SteppedClock()
        let sent = Sent()
        let transport = StubTransport { request in
            _ = sent.append(request)
            return Self.response(.serviceUnavailable, [("Cache-Control", "max-age=60")], to: request)
        }
        let client = Client(
            baseURL: exampleBase, transport: transport,
            middleware: [Self.retry(clock: clock), HTTPCacheMiddleware()])
        let raw = try await client.rawResponse(Self.get)
        #expect(raw.status == .serviceUnavailable)
        #expect(raw.cacheOutcome == .hit)
        #expect(sent.count == 1)
        #expect(clock.sleeps.count == 1)
    }

    /// The cache's own 504 for a call that may only be answered from storage is never retried.
    @Test func aCacheOnlyCallsOwn504IsNotRetried() async throws {
        let clock = SteppedClock()
        let sent = Sent()
        let transport = StubTransport { request in
            _ = sent.append(request)
            return Self.response(.ok, to: request)
        }
        let client = Client(
            baseURL: exampleBase, transport: transport,
            middleware: [Self.retry(clock: clock), HTTPCacheMiddleware(policy: .returnCachedOnly)])
        let raw = try await client.rawResponse(Self.get)
        #expect(raw.status.code == 504)
        #expect(raw.cacheOutcome == .unsatisfiable)
        #expect(sent.count == 0)
        #expect(clock.sleeps.isEmpty)
    }

    // MARK: RFC 9110 §9.2.2: non-idempotent requests are not repeated behind the caller's back

    /// RFC 9110 §15.4.4: a 303 answers a POST that was applied ("the server is redirecting the user
    /// agent to a different resource ... intended to provide an indirect response to the original
    /// request"). A 401 for the GET that follows says nothing about the POST: replaying the POST
    /// after a token refresh applies it a second time. §9.2.2: a client SHOULD NOT automatically
    /// retry a request with a non-idempotent method.
    @Test func authenticationReplayAfterA303DoesNotSendTheAppliedPOSTAgain() async throws {
        let sent = Sent()
        let transport = StubTransport { request in
            _ = sent.append(request)
            if request.method == .post {
                return Self.response(303, [("Location", "/orders/7")], to: request)
            }
            if request.headers[.authorization] == "Bearer first" {
                return Self.response(.unauthorized, to: request)
            }
            return Self.response(.ok, to: request, body: "order 7")
        }
        let client = Client(
            baseURL: exampleBase, transport: transport,
            middleware: [AuthenticationMiddleware(tokenProvider: Tokens(), for: exampleBase)])
        let post = Endpoint<String, Never> {
            Method.post
            Path("orders")
            Body.text("one order")
        }
        _ = try? await client.rawResponse(post)
        #expect(sent.count(.post) == 1, "POST /orders reached the server \(sent.count(.post)) times")
    }

    /// The same 303 case in the middleware order the "Using middleware" article recommends.
    @Test func authenticationReplayAfterA303InTheRecommendedStack() async throws {
        let sent = Sent()
        let transport = StubTransport { request in
            _ = sent.append(request)
            if request.method == .post {
                return Self.response(303, [("Location", "/orders/7")], to: request)
            }
            if request.headers[.authorization] == "Bearer first" {
                return Self.response(.unauthorized, to: request)
            }
            return Self.response(.ok, to: request, body: "order 7")
        }
        let reports = LockedValue<[RequestMetrics]>([])
        let client = Client(
            baseURL: exampleBase, transport: transport,
            middleware: [
                MetricsMiddleware { metrics in reports.withLock { $0.append(metrics) } },
                ValidationMiddleware(ResponseValidation()),
                Self.retry(),
                AuthenticationMiddleware(tokenProvider: Tokens(), for: exampleBase),
                DeduplicationMiddleware(),
                ConcurrencyLimitMiddleware(limit: 6),
            ])
        let post = Endpoint<String, Never> {
            Method.post
            Path("orders")
            Body.text("one order")
        }
        _ = try? await client.rawResponse(post)
        #expect(sent.count(.post) == 1, "POST /orders reached the server \(sent.count(.post)) times")
    }

    /// For contrast, the replay RFC 9110 §15.5.2 does allow: a 307 (§15.4.8: the request was not
    /// applied, repeat it at the new URI) and then a 401 for the same POST; it may go again.
    @Test func authenticationReplayAfterA307IsAllowed() async throws {
        let sent = Sent()
        let transport = StubTransport { request in
            _ = sent.append(request)
            if request.url.path == "/orders" {
                return Self.response(307, [("Location", "/v2/orders")], to: request)
            }
            if request.headers[.authorization] == "Bearer first" {
                return Self.response(.unauthorized, to: request)
            }
            return Self.response(.created, to: request)
        }
        let client = Client(
            baseURL: exampleBase, transport: transport,
            middleware: [AuthenticationMiddleware(tokenProvider: Tokens(), for: exampleBase)])
        let post = Endpoint<String, Never> {
            Method.post
            Path("orders")
            Body.text("one order")
        }
        let raw = try await client.rawResponse(post)
        #expect(raw.status == .created)
        #expect(sent.all.map(\.url.path) == ["/orders", "/v2/orders", "/orders", "/v2/orders"])
    }

    /// The same rule when RetryMiddleware is in the chain too: a POST is never retried after 303.
    @Test func retryAfterA303DoesNotSendThePOSTAgain() async throws {
        let sent = Sent()
        let transport = StubTransport { request in
            _ = sent.append(request)
            if request.method == .post { return Self.response(303, [("Location", "/orders/7")], to: request) }
            return Self.response(.serviceUnavailable, to: request)
        }
        let client = Client(baseURL: exampleBase, transport: transport, middleware: [Self.retry()])
        let post = Endpoint<String, Never> {
            Method.post
            Path("orders")
            Body.text("one order")
        }
        _ = try? await client.rawResponse(post)
        #expect(sent.count(.post) == 1)
    }

    /// Idempotency-Key draft §2: the field's value is a String (an sf-string) that is "a unique
    /// value generated by the client". An empty or blank value identifies nothing a server can
    /// de-duplicate by, so it is no "means to know that the request semantics are actually
    /// idempotent" (RFC 9110 §9.2.2): the POST must not be retried on its strength.
    @Test(arguments: [""])
    func aBlankIdempotencyKeyDoesNotMakeAPOSTRetryable(key: String) async throws {
        let sent = Sent()
        let transport = StubTransport { request in
            _ = sent.append(request)
            return Self.response(.serviceUnavailable, to: request)
        }
        let client = Client(baseURL: exampleBase, transport: transport, middleware: [Self.retry()])
        let post = Endpoint<String, Never> {
            Method.post
            Path("payments")
            Header(.idempotencyKey, key)
            Body.text("charge 100")
        }
        _ = try? await client.rawResponse(post)
        #expect(sent.count == 1, "a POST with Idempotency-Key '\(key)' was sent \(sent.count) times")
    }

    /// A blank (whitespace-only) key is refused when the request is built, so nothing is sent.
    @Test(arguments: [" ", "\t"])
    func aWhitespaceIdempotencyKeyIsRefusedWhenBuilt(key: String) async throws {
        let sent = Sent()
        let transport = StubTransport { request in
            _ = sent.append(request)
            return Self.response(.serviceUnavailable, to: request)
        }
        let client = Client(baseURL: exampleBase, transport: transport, middleware: [Self.retry()])
        let post = Endpoint<String, Never> {
            Method.post
            Path("payments")
            Header(.idempotencyKey, key)
            Body.text("charge 100")
        }
        let error = await #expect(throws: CourierError.self) { try await client.rawResponse(post) }
        #expect(error?.stage == .building, "\(String(describing: error))")
        #expect(sent.count == 0)
    }

    /// urllib3 `Retry.DEFAULT_ALLOWED_METHODS` and go-retryablehttp agree with RFC 9110: POST,
    /// PATCH and unknown methods are sent once, whatever the failure.
    @Test(arguments: ["POST", "PATCH", "LOCK", "post"])
    func nonIdempotentMethodsAreSentOnce(method: String) async throws {
        let sent = Sent()
        let transport = StubTransport { request in
            if sent.append(request) == 1 { throw URLError(.networkConnectionLost) }
            return Self.response(.serviceUnavailable, to: request)
        }
        let client = Client(baseURL: exampleBase, transport: transport, middleware: [Self.retry()])
        let endpoint = Endpoint<String, Never> {
            Method(method)
            Path("items")
            Body.text("x")
        }
        _ = try? await client.rawResponse(endpoint)
        #expect(sent.count == 1)
    }

    // MARK: Streamed and file bodies (go-retryablehttp: "Always rewind the request body")

    @Test func aFileBodyIsSentWholeOnEveryAttempt() async throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("retry-probe-\(UUID())")
        let content = Data((0..<70_000).map { UInt8($0 % 251) })
        try content.write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let sent = Sent()
        let bodies = LockedValue<[Data]>([])
        let transport = StubTransport { request in
            _ = sent.append(request)
            let body = try request.body?.collectData() ?? Data()
            bodies.withLock { $0.append(body) }
            return Self.response(.serviceUnavailable, to: request)
        }
        let client = Client(baseURL: exampleBase, transport: transport, middleware: [Self.retry()])
        let put = Endpoint<String, Never> {
            Method.put
            Path("blobs", "1")
            Body.file(file)
        }
        _ = try? await client.rawResponse(put)
        #expect(sent.count == 3)
        #expect(bodies.withLock { $0 } == [content, content, content])
    }

    @Test func aStreamedBodyIsNeverSentTwiceByRetryOrAuthentication() async throws {
        let sent = Sent()
        let transport = StubTransport { request in
            _ = sent.append(request)
            if let stream = request.body?.stream { _ = try? await stream.collect(limit: 1 << 20) }
            return Self.response(
                request.headers[.authorization] == nil ? .serviceUnavailable : .unauthorized, to: request)
        }
        let chunks = AsyncStream<Data> { continuation in
            continuation.yield(Data("abc".utf8))
            continuation.finish()
        }
        let put = Endpoint<String, Never> {
            Method.put
            Path("blobs", "1")
            Body.stream(chunks, length: 3)
        }
        let retrying = Client(baseURL: exampleBase, transport: transport, middleware: [Self.retry()])
        _ = try? await retrying.rawResponse(put)
        #expect(sent.count == 1)
        let signing = Client(
            baseURL: exampleBase, transport: transport,
            middleware: [AuthenticationMiddleware(tokenProvider: Tokens(), for: exampleBase)])
        _ = try? await signing.rawResponse(put)
        #expect(sent.count == 2)
    }

    // MARK: Retry-After (RFC 9110 §10.2.3), cases of urllib3's test_retry.py

    /// `test_parse_retry_after_invalid` and `test_parse_retry_after`.
    @Test func urllib3RetryAfterParsing() {
        for invalid in ["-1", "+1", "1.0", "\u{00B2}", "1.5", "", "soon"] {
            #expect(RetryAfter(invalid) == nil, "\(invalid)")
        }
        #expect(RetryAfter("0") == .seconds(0))
        #expect(RetryAfter("1000") == .seconds(1000))
        #expect(RetryAfter("\t42 ") == .seconds(42))
    }

    /// `test_respect_retry_after_header_sleep`, the cases in RFC 9110's three date forms, with
    /// "now" at 2019-06-03 11:00:00 UTC given as the response's Date.
    @Test(arguments: [
        ("3600", 3600.0),
        ("Mon, 03 Jun 2019 11:30:12 GMT", 1812.0),
        ("Monday, 03-Jun-19 11:30:12 GMT", 1812.0),
        ("Mon Jun  3 11:30:12 2019", 1812.0),
    ])
    func urllib3RetryAfterSleeps(value: String, seconds: Double) async throws {
        let clock = SteppedClock()
        let transport = StubTransport { request in
            Self.response(
                .serviceUnavailable, [("Date", "Mon, 03 Jun 2019 11:00:00 GMT"), ("Retry-After", value)],
                to: request)
        }
        let client = Client(
            baseURL: exampleBase, transport: transport,
            middleware: [Self.retry(maxRetries: 1, maxRetryAfter: .seconds(7200), clock: clock)])
        _ = try await client.rawResponse(Self.get)
        #expect(clock.sleeps == [.seconds(seconds)])
    }

    /// urllib3 also honours `Mon, 3 Jun 2019 12:00:00 UTC` (sleeps 3600) and
    /// `Mon, 3 Jun 2019 11:00:00 UTC` (a date that has come: no sleep at all). RFC 9110 §5.6.7
    /// asks recipients to be robust in parsing timestamps; read as invalid, the first would fall
    /// back to the 0.5 s backoff and come back an hour early.
    @Test(arguments: [
        ("Mon, 3 Jun 2019 12:00:00 UTC", [Duration.seconds(3600)]),
        ("Mon, 3 Jun 2019 11:00:00 UTC", []),
    ])
    func urllib3LenientRetryAfterDates(value: String, sleeps: [Duration]) async throws {
        let clock = SteppedClock()
        let transport = StubTransport { request in
            Self.response(
                .serviceUnavailable, [("Date", "Mon, 03 Jun 2019 11:00:00 GMT"), ("Retry-After", value)],
                to: request)
        }
        let client = Client(
            baseURL: exampleBase, transport: transport,
            middleware: [Self.retry(maxRetries: 1, maxRetryAfter: .seconds(7200), clock: clock)])
        _ = try await client.rawResponse(Self.get)
        #expect(clock.sleeps == sleeps)
    }

    /// `test_max_retry_wait_length_exceeded`: a Retry-After beyond the limit is not waited for.
    @Test func urllib3MaxRetryWaitExceeded() async throws {
        let clock = SteppedClock()
        let sent = Sent()
        let transport = StubTransport { request in
            _ = sent.append(request)
            return Self.response(.serviceUnavailable, [("Retry-After", "3700")], to: request)
        }
        let client = Client(
            baseURL: exampleBase, transport: transport,
            middleware: [Self.retry(maxRetryAfter: .seconds(3600), clock: clock)])
        let raw = try await client.rawResponse(Self.get)
        #expect(raw.status == .serviceUnavailable)
        #expect(sent.count == 1)
        #expect(clock.sleeps.isEmpty)
    }

    /// RFC 6585 §4 and RFC 9110 §15.6.4: Retry-After on 429 and 503; a value that overflows
    /// Int, a far HTTP date, each is treated as "too long", never as a crash or a wrap-around.
    @Test(arguments: ["99999999999999999999999999", "Fri, 31 Dec 9999 23:59:59 GMT", "9223372036854775807"])
    func hugeRetryAfterValuesReturnTheResponse(value: String) async throws {
        let clock = SteppedClock()
        let sent = Sent()
        let transport = StubTransport { request in
            _ = sent.append(request)
            return Self.response(.tooManyRequests, [("Retry-After", value)], to: request)
        }
        let client = Client(
            baseURL: exampleBase, transport: transport, middleware: [Self.retry(clock: clock)])
        let raw = try await client.rawResponse(Self.get)
        #expect(raw.status == .tooManyRequests)
        #expect(sent.count == 1)
        #expect(clock.sleeps.isEmpty)
    }

    /// RFC 9110 §15.5.14: a server answering 413 for a temporary condition "SHOULD generate a
    /// Retry-After header field to indicate ... after what time the client MAY try again", and
    /// urllib3 honours Retry-After on 413 (`Retry.RETRY_AFTER_STATUS_CODES = {413, 429, 503}`).
    /// A caller who makes 413 retryable should wait what the server asked, not the 0.5 s backoff.
    @Test func retryAfterOn413IsHonouredWhenTheCallerRetries413() async throws {
        let clock = SteppedClock()
        let transport = StubTransport { request in
            Self.response(HTTPStatus(413), [("Retry-After", "30")], to: request)
        }
        let retry = RetryMiddleware(
            maxRetries: 1, backoff: RetryBackoff(jitter: Self.longest), retryableStatuses: [413], clock: clock
        )
        let client = Client(baseURL: exampleBase, transport: transport, middleware: [retry])
        let put = Endpoint<String, Never> {
            Method.put
            Path("blobs", "1")
            Body.text("x")
        }
        _ = try await client.rawResponse(put)
        #expect(clock.sleeps == [.seconds(30)])
    }

    /// The key counts however it is added: by a lower-case name in the endpoint, or per call.
    @Test func anIdempotencyKeyAddedAnyWayMakesAPOSTRetryable() async throws {
        let sent = Sent()
        let transport = StubTransport { request in
            _ = sent.append(request)
            return Self.response(.serviceUnavailable, to: request)
        }
        let client = Client(baseURL: exampleBase, transport: transport, middleware: [Self.retry()])
        let lower = Endpoint<String, Never> {
            Method.post
            Path("orders")
            Header("idempotency-key", "k-7")
            Body.text("one")
        }
        _ = try await client.rawResponse(lower)
        #expect(sent.count == 3)
        let plain = Endpoint<String, Never> {
            Method.post
            Path("orders")
            Body.text("one")
        }
        _ = try await client.rawResponse(
            plain, options: CallOptions(headers: [HeaderField(name: .idempotencyKey, value: "k-8")]))
        #expect(sent.count == 6)
        #expect(sent.all.suffix(3).allSatisfy { $0.headers[.idempotencyKey] == "k-8" })
    }

    // MARK: Deadlines (real clock: the time left is measured when the wait is decided)

    /// The time an attempt itself took counts: 1 s of a 4 s deadline is gone when the 503 with
    /// `Retry-After: 3` arrives, so the middleware hands back the 503 at once. Had it measured
    /// the wait against the whole deadline, it would have slept into it and the call would have
    /// thrown `timedOut`.
    @Test func theTimeLeftIsMeasuredAfterTheAttempt() async throws {
        let sent = Sent()
        let transport = StubTransport { request in
            _ = sent.append(request)
            try await Task.sleep(for: .seconds(1))
            return Self.response(.serviceUnavailable, [("Retry-After", "3")], to: request)
        }
        let client = Client(
            baseURL: exampleBase, transport: transport, middleware: [Self.retry(clock: ContinuousClock())],
            configuration: Client.Configuration(timeout: Timeout(.seconds(4))))
        let raw = try await client.rawResponse(Self.get)
        #expect(raw.status == .serviceUnavailable)
        #expect(sent.count == 1)
    }

    /// An HTTP-date Retry-After beyond the deadline is returned at once, as delta-seconds are
    /// (a wait would have run into the deadline and thrown `timedOut`).
    @Test func aRetryAfterDateBeyondTheDeadlineIsReturnedAtOnce() async throws {
        let sent = Sent()
        let transport = StubTransport { request in
            _ = sent.append(request)
            return Self.response(
                .serviceUnavailable,
                [
                    ("Date", "Mon, 03 Jun 2019 11:00:00 GMT"),
                    ("Retry-After", "Mon, 03 Jun 2019 11:00:05 GMT"),
                ],
                to: request)
        }
        let client = Client(
            baseURL: exampleBase, transport: transport, middleware: [Self.retry(clock: ContinuousClock())],
            configuration: Client.Configuration(timeout: Timeout(.seconds(2))))
        let raw = try await client.rawResponse(Self.get)
        #expect(raw.status == .serviceUnavailable)
        #expect(sent.count == 1)
    }

    // MARK: Cancellation

    /// go-retryablehttp's DefaultRetryPolicy: "do not retry on context.Canceled". Cancelling the
    /// call while the second attempt is in flight ends it at once, with no third attempt.
    @Test func cancellingDuringARetriedAttemptEndsTheCallAtOnce() async throws {
        let sent = Sent()
        let transport = StubTransport { request in
            if sent.append(request) == 1 { return Self.response(.serviceUnavailable, to: request) }
            try await Task.sleep(for: .seconds(30))
            return Self.response(.ok, to: request)
        }
        let client = Client(
            baseURL: exampleBase, transport: transport,
            middleware: [RetryMiddleware(backoff: RetryBackoff(base: .zero), clock: ContinuousClock())])
        let task = Task { try await client.rawResponse(Self.get) }
        while sent.count < 2 { try await Task.sleep(for: .milliseconds(10)) }
        let cancelled = ContinuousClock.now
        task.cancel()
        let error = await expectCourierError(.cancelled) { try await task.value }
        #expect(error != nil)
        #expect(cancelled.duration(to: .now) < .seconds(10))  // the attempt would take 30 s
        #expect(sent.count == 2)
    }

    /// The same with a total timeout, so the call runs inside Courier's deadline race.
    @Test func cancellingDuringARetriedAttemptUnderATotalTimeout() async throws {
        let sent = Sent()
        let transport = StubTransport { request in
            if sent.append(request) == 1 { return Self.response(.serviceUnavailable, to: request) }
            try await Task.sleep(for: .seconds(30))
            return Self.response(.ok, to: request)
        }
        let client = Client(
            baseURL: exampleBase, transport: transport,
            middleware: [RetryMiddleware(backoff: RetryBackoff(base: .zero), clock: ContinuousClock())],
            configuration: Client.Configuration(timeout: Timeout(.seconds(40))))
        let task = Task { try await client.rawResponse(Self.get) }
        while sent.count < 2 { try await Task.sleep(for: .milliseconds(10)) }
        let cancelled = ContinuousClock.now
        task.cancel()
        let error = await expectCourierError(.cancelled) { try await task.value }
        #expect(error != nil)
        #expect(cancelled.duration(to: .now) < .seconds(10))  // the attempt would take 30 s
        #expect(sent.count == 2)
    }

    /// A transport that reports the cancelled attempt as a lost connection (as libcurl can) must
    /// not lead to another attempt: the wait sees the cancellation.
    @Test func aCancelledAttemptReportedAsConnectionLostIsNotRetried() async throws {
        let sent = Sent()
        let transport = StubTransport { request in
            if sent.append(request) == 1 {
                do { try await Task.sleep(for: .seconds(30)) } catch {}
                throw URLError(.networkConnectionLost)
            }
            return Self.response(.ok, to: request)
        }
        for base in [Duration.zero, .milliseconds(200)] {
            let before = sent.count
            let client = Client(
                baseURL: exampleBase, transport: transport,
                middleware: [
                    RetryMiddleware(
                        backoff: RetryBackoff(base: base, jitter: Self.longest), clock: ContinuousClock())
                ])
            let task = Task { try await client.rawResponse(Self.get) }
            while sent.count == before { try await Task.sleep(for: .milliseconds(10)) }
            task.cancel()
            _ = try? await task.value
            #expect(sent.count == before + 1, "base \(base)")
            // Reset the first-attempt behaviour for the next round.
            sent.requests.withLock { $0 = [] }
        }
    }

    // MARK: Metrics and logs

    @Test func metricsAndLogsCountEveryAttemptAndOnlyAttempts() async throws {
        let sent = Sent()
        let transport = StubTransport { request in
            switch sent.append(request) {
            case 1: return Self.response(.serviceUnavailable, to: request)
            case 2: return Self.response(302, [("Location", "/items/moved")], to: request)
            case 3: return Self.response(502, to: request)
            default: return Self.response(.ok, to: request)
            }
        }
        let reports = LockedValue<[RequestMetrics]>([])
        let entries = LockedValue<[LogEntry]>([])
        let client = Client(
            baseURL: exampleBase, transport: transport,
            middleware: [
                MetricsMiddleware { metrics in reports.withLock { $0.append(metrics) } },
                Self.retry(),
                LoggingMiddleware(
                    level: .debug, sink: ClosureLogSink { entry in entries.withLock { $0.append(entry) } }),
            ])
        let raw = try await client.rawResponse(Self.get)
        // Attempt 1: 503. Attempt 2: 302, then its redirect hop 502. Attempt 3: 200.
        #expect(raw.status == .ok)
        #expect(sent.count == 4)
        let metrics = try #require(reports.withLock { $0 }.first)
        #expect(metrics.attempts == 3)
        #expect(metrics.redirects == 1)
        let requestAttempts = entries.withLock { $0 }.filter { $0.level == .debug }.map {
            $0.metadata?.attempt
        }
        #expect(requestAttempts == [1, 2, 3])
        let outcomeAttempts = entries.withLock { $0 }.filter { $0.level != .debug }.map {
            $0.metadata?.attempt
        }
        #expect(outcomeAttempts == [1, 2, 3])
    }

    // MARK: Backoff bounds

    /// "Before retry n, the wait is a random duration between zero and min(cap, base × 2ⁿ)":
    /// with a jitter that answers the top of its range, the wait is the bound, never above it,
    /// for bases that are not whole binary fractions of a second too.
    @Test(arguments: [
        Duration.milliseconds(300), .nanoseconds(123_456_789_123), .microseconds(1), .seconds(1) / 3,
        .milliseconds(700), .nanoseconds(999_999_999),
    ])
    func aJitteredWaitNeverExceedsItsBound(base: Duration) {
        let backoff = RetryBackoff(base: base, cap: .seconds(300), jitter: Self.longest)
        for retry in 0..<12 {
            let (delay, bound) = (backoff.delay(forRetry: retry), backoff.bound(forRetry: retry))
            #expect(
                delay <= bound,
                "retry \(retry): over the bound by \((delay - bound).components.attoseconds) as")
        }
        let wild = RetryBackoff(base: base, jitter: RetryJitter { _ in .infinity })
        #expect(wild.delay(forRetry: 0) <= wild.bound(forRetry: 0))
        let negative = RetryBackoff(base: base, jitter: RetryJitter { _ in -5 })
        #expect(negative.delay(forRetry: 0) == .zero)
        let nan = RetryBackoff(base: base, jitter: RetryJitter { _ in .nan })
        #expect(nan.delay(forRetry: 0) == .zero)
    }

    /// The system jitter stays within [0, bound] over many draws.
    @Test func systemJitterStaysWithinTheBound() {
        let backoff = RetryBackoff(base: .milliseconds(500), cap: .seconds(30))
        for retry in 0..<8 {
            let bound = backoff.bound(forRetry: retry)
            for _ in 0..<500 {
                let delay = backoff.delay(forRetry: retry)
                #expect(delay >= .zero && delay <= bound)
            }
        }
    }

    // MARK: Middleware neighbours

    /// DeduplicationMiddleware shares only GET and HEAD: two concurrent POSTs with the same
    /// Idempotency-Key are both sent (the server, not the client, decides what a key means).
    @Test func deduplicationNeverMergesPOSTs() async throws {
        let sent = Sent()
        let transport = StubTransport { request in
            _ = sent.append(request)
            try await Task.sleep(for: .milliseconds(200))
            return Self.response(.created, to: request)
        }
        let client = Client(
            baseURL: exampleBase, transport: transport, middleware: [DeduplicationMiddleware()])
        let post = Endpoint<String, Never> {
            Method.post
            Path("orders")
            Header.idempotencyKey("k-1")
            Body.text("one")
        }
        async let first = client.rawResponse(post)
        async let second = client.rawResponse(post)
        _ = try await (first, second)
        #expect(sent.count == 2)
    }
}
