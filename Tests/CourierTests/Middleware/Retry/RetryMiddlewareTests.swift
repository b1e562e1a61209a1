import CourierTestSupport
import CourierTesting
import Foundation
import Testing

@testable import Courier

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A clock whose time moves only when a test says so. It records every sleep it is asked for;
/// with `autoAdvance` a sleep jumps the clock to its deadline and returns at once, otherwise it
/// waits until ``advance(by:)`` passes its deadline or its task is cancelled.
final class SteppedClock: Clock {
    struct Instant: InstantProtocol {
        var offset: Duration

        func advanced(by duration: Duration) -> Instant { Instant(offset: offset + duration) }
        func duration(to other: Instant) -> Duration { other.offset - offset }
        static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.offset < rhs.offset }
    }

    private struct Sleeper {
        let deadline: Instant
        let continuation: CheckedContinuation<Void, any Error>
    }

    private struct State {
        var now = Instant(offset: .zero)
        var sleeps: [Duration] = []
        var sleepers: [UUID: Sleeper] = [:]
        var observers: [(count: Int, continuation: CheckedContinuation<Void, Never>)] = []
    }

    private let autoAdvance: Bool
    private let state = LockedValue(State())

    init(autoAdvance: Bool = true) {
        self.autoAdvance = autoAdvance
    }

    var now: Instant { state.withLock { $0.now } }
    var minimumResolution: Duration { .zero }

    /// Every sleep requested so far, as durations from the clock's time when it was requested.
    var sleeps: [Duration] { state.withLock { $0.sleeps } }

    func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
        let id = UUID()
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation {
                (continuation: CheckedContinuation<Void, any Error>) in
                let (resume, observers) = state.withLock { state in
                    state.sleeps.append(state.now.duration(to: deadline))
                    let ready = state.observers.filter { $0.count <= state.sleeps.count }
                    state.observers.removeAll { $0.count <= state.sleeps.count }
                    if autoAdvance || deadline <= state.now {
                        state.now = max(state.now, deadline)
                        return (true, ready)
                    }
                    state.sleepers[id] = Sleeper(deadline: deadline, continuation: continuation)
                    return (false, ready)
                }
                for observer in observers { observer.continuation.resume() }
                if resume { continuation.resume() }
            }
        } onCancel: {
            state.withLock { $0.sleepers.removeValue(forKey: id) }?.continuation.resume(
                throwing: CancellationError())
        }
    }

    /// Moves the clock forward and wakes the sleepers whose deadline passed.
    func advance(by duration: Duration) {
        let woken = state.withLock { state in
            state.now = state.now.advanced(by: duration)
            let due = state.sleepers.filter { $0.value.deadline <= state.now }
            for id in due.keys { state.sleepers[id] = nil }
            return due.values.map(\.continuation)
        }
        for continuation in woken { continuation.resume() }
    }

    /// Returns once `count` sleeps have been requested in all.
    func sleepRequested(count: Int) async {
        await withCheckedContinuation { continuation in
            let ready = state.withLock { state in
                guard state.sleeps.count < count else { return true }
                state.observers.append((count, continuation))
                return false
            }
            if ready { continuation.resume() }
        }
    }
}

/// A transport that answers from a script, one outcome per call, and records every request.
private struct ScriptedTransport: Transport {
    enum Outcome: Sendable {
        case status(HTTPStatus, HeaderFields = [])
        case failure(any Error)
    }

    private let script: Script

    init(_ outcomes: [Outcome]) {
        script = Script(outcomes)
    }

    /// The requests sent so far.
    var requests: [TransportRequest] {
        get async { await script.requests }
    }

    func send(_ request: TransportRequest) async throws -> RawResponse {
        switch await script.next(request) {
        case .status(let status, let headers):
            return RawResponse(
                status: status, headers: headers, body: Data("\(status)".utf8), url: request.url)
        case .failure(let error):
            throw error
        }
    }

    private actor Script {
        var outcomes: [Outcome]
        var requests: [TransportRequest] = []

        init(_ outcomes: [Outcome]) {
            self.outcomes = outcomes
        }

        /// The next outcome; the last one repeats.
        func next(_ request: TransportRequest) -> Outcome {
            requests.append(request)
            return outcomes.count > 1 ? outcomes.removeFirst() : outcomes[0]
        }
    }
}

@Suite(.timeLimit(.minutes(1))) struct RetryMiddlewareTests {
    static let get = Endpoint<String, Never> {
        Method.get
        Path("items")
    }

    static let post = Endpoint<String, Never> {
        Method.post
        Path("items")
        Body.text("new")
    }

    /// Always the longest wait the backoff allows, so delays are exact.
    static let longest = RetryJitter { $0.upperBound }

    /// Sends `endpoint` through a retry middleware and `transport`; returns the status or error.
    fileprivate static func send(
        _ endpoint: Endpoint<String, Never>, through transport: ScriptedTransport,
        retry: RetryMiddleware, timeout: Duration? = nil
    ) async -> Result<HTTPStatus, CourierError> {
        let client = Client(
            baseURL: exampleBase, transport: transport, middleware: [retry],
            configuration: Client.Configuration(timeout: timeout.map { Timeout($0) } ?? Timeout()))
        do {
            return .success(try await client.send(endpoint).status)
        } catch {
            return error.kind == .undocumentedStatus
                ? .success(error.response?.status ?? 0) : .failure(error)
        }
    }

    static func retry(
        maxRetries: Int = 2, base: Duration = .milliseconds(500), cap: Duration = .seconds(30),
        jitter: RetryJitter = longest, clock: SteppedClock
    ) -> RetryMiddleware {
        RetryMiddleware(
            maxRetries: maxRetries, backoff: RetryBackoff(base: base, cap: cap, jitter: jitter), clock: clock)
    }

    @Test func byDefaultTwoRetriesWithExponentialWaits() async {
        let transport = ScriptedTransport([.status(.serviceUnavailable)])
        let clock = SteppedClock()
        let result = await Self.send(Self.get, through: transport, retry: Self.retry(clock: clock))
        #expect(result.status == .serviceUnavailable)
        #expect(await transport.requests.count == 3)
        #expect(clock.sleeps == [.milliseconds(500), .seconds(1)])
        #expect(RetryMiddleware().maxRetries == 2)
        #expect(RetryBackoff().base == .milliseconds(500))
        #expect(RetryBackoff().cap == .seconds(30))
    }

    @Test func aSuccessEndsTheRetries() async {
        let transport = ScriptedTransport([.status(.serviceUnavailable), .status(.ok)])
        let clock = SteppedClock()
        let result = await Self.send(Self.get, through: transport, retry: Self.retry(clock: clock))
        #expect(result.status == .ok)
        #expect(await transport.requests.count == 2)
        #expect(clock.sleeps == [.milliseconds(500)])
    }

    @Test(arguments: [0, 1, 4])
    func theNumberOfRetriesIsConfigurable(maxRetries: Int) async {
        let transport = ScriptedTransport([.status(502)])
        let clock = SteppedClock()
        _ = await Self.send(
            Self.get, through: transport, retry: Self.retry(maxRetries: maxRetries, clock: clock))
        #expect(await transport.requests.count == maxRetries + 1)
        #expect(clock.sleeps.count == maxRetries)
    }

    @Test func jitterDrawsFromTheInjectedSourceUpToTheCappedBound() async {
        let ranges = LockedValue<[ClosedRange<Double>]>([])
        let half = RetryJitter { range in
            ranges.withLock { $0.append(range) }
            return range.upperBound / 2
        }
        let transport = ScriptedTransport([.status(504)])
        let clock = SteppedClock()
        let retry = Self.retry(maxRetries: 4, base: .seconds(1), cap: .seconds(3), jitter: half, clock: clock)
        _ = await Self.send(Self.get, through: transport, retry: retry)
        #expect(ranges.withLock { $0 } == [0...1, 0...2, 0...3, 0...3])
        #expect(clock.sleeps == [.milliseconds(500), .seconds(1), .milliseconds(1500), .milliseconds(1500)])
    }

    @Test func aZeroJitterRetriesWithoutSleeping() async {
        let transport = ScriptedTransport([.status(408), .status(.ok)])
        let clock = SteppedClock()
        let retry = Self.retry(jitter: RetryJitter { $0.lowerBound }, clock: clock)
        #expect(await Self.send(Self.get, through: transport, retry: retry).status == .ok)
        #expect(clock.sleeps.isEmpty)
    }

    @Test func backoffBoundsDoubleUpToTheCap() {
        let backoff = RetryBackoff(base: .milliseconds(500), cap: .seconds(30))
        #expect((0...7).map(backoff.bound(forRetry:)) == [0.5, 1, 2, 4, 8, 16, 30, 30].map(Duration.seconds))
        #expect(backoff.bound(forRetry: 10_000) == .seconds(30))
        #expect(RetryBackoff(base: .seconds(5), cap: .seconds(2)).bound(forRetry: 0) == .seconds(2))
        #expect(RetryBackoff(base: .seconds(-1)).bound(forRetry: 3) == .zero)
        let wild = RetryBackoff(base: .seconds(1), jitter: RetryJitter { _ in 99 })
        #expect(wild.delay(forRetry: 1) == .seconds(2))
    }

    // MARK: Retry-After

    @Test(arguments: [HTTPStatus.tooManyRequests, .serviceUnavailable])
    func retryAfterSecondsReplaceTheBackoff(status: HTTPStatus) async {
        let transport = ScriptedTransport([
            .status(status, [HeaderField(name: .retryAfter, value: "7")]), .status(.ok),
        ])
        let clock = SteppedClock()
        #expect(await Self.send(Self.get, through: transport, retry: Self.retry(clock: clock)).status == .ok)
        #expect(clock.sleeps == [.seconds(7)])
    }

    @Test func retryAfterDateIsMeasuredFromTheResponseDate() async {
        let transport = ScriptedTransport([
            .status(
                .serviceUnavailable,
                [
                    HeaderField(name: HeaderName("Date"), value: "Sun, 06 Nov 1994 08:49:37 GMT"),
                    HeaderField(name: .retryAfter, value: "Sun, 06 Nov 1994 08:49:49 GMT"),
                ]),
            .status(.ok),
        ])
        let clock = SteppedClock()
        #expect(await Self.send(Self.get, through: transport, retry: Self.retry(clock: clock)).status == .ok)
        #expect(clock.sleeps == [.seconds(12)])
    }

    @Test func aFutureRetryAfterDateWithoutADateHeaderIsMeasuredFromNow() async throws {
        let future = Date(timeIntervalSince1970: (Date().timeIntervalSince1970 + 20).rounded(.down))
        let transport = ScriptedTransport([
            .status(.tooManyRequests, [HeaderField(name: .retryAfter, value: Self.imfFixdate(future))]),
            .status(.ok),
        ])
        let clock = SteppedClock()
        let before = Date()
        #expect(await Self.send(Self.get, through: transport, retry: Self.retry(clock: clock)).status == .ok)
        let after = Date()
        // "Now" is some instant during the send: the wait is the date minus it, however long a
        // busy machine took over the send (a fixed window would also count the machine's delay).
        let sleep = try #require(clock.sleeps.first)
        #expect(sleep >= .seconds(future.timeIntervalSince(after)), "\(sleep)")
        #expect(sleep <= .seconds(future.timeIntervalSince(before)), "\(sleep)")
    }

    @Test(arguments: ["Sun, 06 Nov 1994 08:49:37 GMT", "0"])
    func aRetryAfterInThePastRetriesAtOnce(value: String) async {
        let transport = ScriptedTransport([
            .status(.serviceUnavailable, [HeaderField(name: .retryAfter, value: value)]), .status(.ok),
        ])
        let clock = SteppedClock()
        #expect(await Self.send(Self.get, through: transport, retry: Self.retry(clock: clock)).status == .ok)
        #expect(await transport.requests.count == 2)
        #expect(clock.sleeps.isEmpty)
    }

    @Test(arguments: ["-1", "1.5", "+3", "soon", "", "Sun, 06 Nov 1994 08:49:37 PST"])
    func anInvalidRetryAfterFallsBackToTheBackoff(value: String) async {
        let transport = ScriptedTransport([
            .status(.serviceUnavailable, [HeaderField(name: .retryAfter, value: value)]), .status(.ok),
        ])
        let clock = SteppedClock()
        #expect(await Self.send(Self.get, through: transport, retry: Self.retry(clock: clock)).status == .ok)
        #expect(clock.sleeps == [.milliseconds(500)])
    }

    @Test func retryAfterCountsOnlyFor429And503() async {
        let transport = ScriptedTransport([
            .status(502, [HeaderField(name: .retryAfter, value: "9")]), .status(.ok),
        ])
        let clock = SteppedClock()
        #expect(await Self.send(Self.get, through: transport, retry: Self.retry(clock: clock)).status == .ok)
        #expect(clock.sleeps == [.milliseconds(500)])
    }

    @Test func aRetryAfterLongerThanTheMaximumIsReturnedAtOnce() async {
        let transport = ScriptedTransport([
            .status(.serviceUnavailable, [HeaderField(name: .retryAfter, value: "61")]), .status(.ok),
        ])
        let clock = SteppedClock()
        let retry = RetryMiddleware(maxRetryAfter: .seconds(60), clock: clock)
        #expect(await Self.send(Self.get, through: transport, retry: retry).status == .serviceUnavailable)
        #expect(await transport.requests.count == 1)
        #expect(clock.sleeps.isEmpty)
        #expect(RetryMiddleware().maxRetryAfter == .seconds(60))
    }

    // MARK: Deadlines

    // The deadlines below are real time, so they are long (50 s) and the waits longer still (55 s,
    // within the 60 s `maxRetryAfter`): a busy machine can delay the first attempt by seconds
    // (18 s were seen), never by the 50 s that would make the deadline run out first. The clock
    // jumps over any sleep, so a middleware that slept anyway would retry at once, and the
    // caller would get the second answer instead of the first.

    @Test func aRetryAfterBeyondTheDeadlineReturnsTheResponseAtOnce() async throws {
        let transport = ScriptedTransport([
            .status(.serviceUnavailable, [HeaderField(name: .retryAfter, value: "55")]), .status(.ok),
        ])
        let clock = SteppedClock()
        let client = Client(
            baseURL: exampleBase,
            transport: transport,
            middleware: [Self.retry(clock: clock)],
            configuration: Client.Configuration(timeout: Timeout(.seconds(50)))
        )
        let error = await expectCourierError(.undocumentedStatus) { try await client.send(Self.get) }
        #expect(error?.response?.status == .serviceUnavailable)
        #expect(error?.response?.headers[.retryAfter] == "55")
        #expect(await transport.requests.count == 1)
        #expect(clock.sleeps.isEmpty)
    }

    @Test func aBackoffBeyondTheDeadlineEndsTheRetries() async {
        let transport = ScriptedTransport([.failure(URLError(.networkConnectionLost)), .status(.ok)])
        let clock = SteppedClock()
        let retry = Self.retry(base: .seconds(55), cap: .seconds(55), clock: clock)
        let result = await Self.send(Self.get, through: transport, retry: retry, timeout: .seconds(50))
        #expect(result.error?.kind == .connectionLost)
        #expect(await transport.requests.count == 1)
        #expect(clock.sleeps.isEmpty)
    }

    @Test(arguments: [
        CourierError.Kind.untrustedCertificate, .certificateExpired, .hostnameMismatch,
        .publicKeyPinMismatch, .clientCertificateRejected,
    ])
    func aTLSTrustFailureIsNeverRetriedEvenWhenListed(kind: CourierError.Kind) async {
        let failure = CourierError.tls(kind, host: "api.example.com")
        let transport = ScriptedTransport([.failure(failure), .status(.ok)])
        let clock = SteppedClock()
        let retry = RetryMiddleware(
            retryableErrors: RetryMiddleware.defaultRetryableErrors.union([kind]), clock: clock)
        let result = await Self.send(Self.get, through: transport, retry: retry)
        #expect(result.error?.kind == kind)
        #expect(await transport.requests.count == 1)
        #expect(clock.sleeps.isEmpty)
        #expect(kind.isTLSTrustFailure)
    }

    @Test func aHandshakeFailureIsNotATrustFailureButIsNotRetriedByDefault() async {
        let transport = ScriptedTransport([
            .failure(CourierError.tls(.tlsHandshakeFailed, host: "api.example.com")), .status(.ok),
        ])
        let result = await Self.send(Self.get, through: transport, retry: Self.retry(clock: SteppedClock()))
        #expect(result.error?.kind == .tlsHandshakeFailed)
        #expect(await transport.requests.count == 1)
        #expect(!CourierError.Kind.tlsHandshakeFailed.isTLSTrustFailure)
    }

    @Test func waitsWithinTheDeadlineStillHappen() async {
        let transport = ScriptedTransport([
            .status(.serviceUnavailable, [HeaderField(name: .retryAfter, value: "2")]), .status(.ok),
        ])
        let clock = SteppedClock()
        let result = await Self.send(
            Self.get, through: transport, retry: Self.retry(clock: clock), timeout: .seconds(50))
        #expect(result.status == .ok)
        #expect(clock.sleeps == [.seconds(2)])
    }

    // MARK: Which requests

    @Test func aPOSTIsSentOnce() async {
        let transport = ScriptedTransport([.status(.serviceUnavailable)])
        let result = await Self.send(Self.post, through: transport, retry: Self.retry(clock: SteppedClock()))
        #expect(result.status == .serviceUnavailable)
        #expect(await transport.requests.count == 1)
    }

    @Test func aPOSTDeclaredIdempotentIsRetried() async {
        let transport = ScriptedTransport([.status(.serviceUnavailable)])
        let endpoint = Endpoint<String, Never> {
            Method.post
            Path("payments", "capture")
            Idempotent()
            Body.text("capture")
        }
        _ = await Self.send(endpoint, through: transport, retry: Self.retry(clock: SteppedClock()))
        let sent = await transport.requests
        #expect(sent.count == 3)
        #expect(sent.allSatisfy { $0.body?.data == Data("capture".utf8) })
    }

    @Test func aPOSTWithAnIdempotencyKeyIsRetriedWithTheSameKey() async {
        let transport = ScriptedTransport([
            .status(.tooManyRequests), .failure(URLError(.networkConnectionLost)), .status(.created),
        ])
        let endpoint = Endpoint<String, Never> {
            Method.post
            Path("orders")
            Header.idempotencyKey("order-7f3a")
            Body.text("order")
        }
        let result = await Self.send(endpoint, through: transport, retry: Self.retry(clock: SteppedClock()))
        #expect(result.status == .created)
        let keys = await transport.requests.map { $0.headers[.idempotencyKey] }
        #expect(keys == ["order-7f3a", "order-7f3a", "order-7f3a"])
    }

    @Test(arguments: [HTTPStatus.internalServerError, .notFound, .unauthorized, .ok])
    func otherStatusesAreFinal(status: HTTPStatus) async {
        let transport = ScriptedTransport([.status(status)])
        let clock = SteppedClock()
        _ = await Self.send(Self.get, through: transport, retry: Self.retry(clock: clock))
        #expect(await transport.requests.count == 1)
        #expect(clock.sleeps.isEmpty)
    }

    @Test func theRetryableStatusesAreConfigurable() async {
        let transport = ScriptedTransport([.status(.internalServerError), .status(.ok)])
        let retry = RetryMiddleware(retryableStatuses: [500], clock: SteppedClock())
        #expect(await Self.send(Self.get, through: transport, retry: retry).status == .ok)
    }

    // MARK: Errors

    @Test(arguments: [URLError.Code.networkConnectionLost, .cannotConnectToHost])
    func connectionFailuresAreRetried(code: URLError.Code) async {
        let transport = ScriptedTransport([.failure(URLError(code)), .status(.ok)])
        let clock = SteppedClock()
        #expect(await Self.send(Self.get, through: transport, retry: Self.retry(clock: clock)).status == .ok)
        #expect(await transport.requests.count == 2)
        #expect(clock.sleeps == [.milliseconds(500)])
    }

    @Test func theLastConnectionFailureIsThrownWhenRetriesRunOut() async {
        let transport = ScriptedTransport([.failure(URLError(.cannotConnectToHost))])
        let result = await Self.send(Self.get, through: transport, retry: Self.retry(clock: SteppedClock()))
        #expect(result.error?.kind == .cannotConnect)
        #expect(result.error?.stage == .transport)
        #expect(await transport.requests.count == 3)
    }

    // MARK: What the error says

    /// The error `endpoint`'s call through `retry` and `transport` ends with.
    private static func error(
        of endpoint: Endpoint<String, Never> = get, through transport: ScriptedTransport,
        retry: RetryMiddleware, timeout: Duration? = nil
    ) async -> CourierError? {
        let client = Client(
            baseURL: exampleBase, transport: transport, middleware: [retry],
            configuration: Client.Configuration(timeout: timeout.map { Timeout($0) } ?? Timeout()))
        do {
            _ = try await client.send(endpoint)
            return nil
        } catch {
            return error
        }
    }

    @Test func aStatusErrorSaysHowManyTimesTheRequestWasSent() async {
        let transport = ScriptedTransport([.status(.serviceUnavailable)])
        let error = await Self.error(through: transport, retry: Self.retry(clock: SteppedClock()))
        #expect(error?.kind == .undocumentedStatus)
        #expect(
            error?.message
                == "The server answered 503, which the endpoint does not document. RetryMiddleware tried the "
                + "request 3 times; this is what the last attempt got. Body: 503")
    }

    @Test func aTransportErrorSaysHowManyTimesTheRequestWasSent() async {
        let transport = ScriptedTransport([.failure(URLError(.cannotConnectToHost))])
        let error = await Self.error(through: transport, retry: Self.retry(clock: SteppedClock()))
        #expect(error?.kind == .cannotConnect)
        #expect(
            error?.message.hasSuffix(
                ". RetryMiddleware tried the request 3 times; this is what the last attempt got.")
                == true)
    }

    @Test func aTransportErrorThatQuotesARetrysWordsIsCountedByItsAttempts() async {
        // The count is what the middleware noted, never words of the message that look like it.
        let quoted = "Refused: RetryMiddleware tried the request 7 times; this is what the last attempt got."
        let transport = ScriptedTransport([
            .failure(CourierError(stage: .transport, kind: .cannotConnect, message: quoted))
        ])
        let error = await Self.error(through: transport, retry: Self.retry(clock: SteppedClock()))
        #expect(await transport.requests.count == 3)
        #expect(
            error?.message
                == quoted + " RetryMiddleware tried the request 3 times; this is what the last attempt got.")
    }

    @Test func anOutcomeOfTheFirstAttemptSaysNothingOfRetries() async {
        let transport = ScriptedTransport([.status(.notFound), .status(.ok)])
        let error = await Self.error(through: transport, retry: Self.retry(clock: SteppedClock()))
        #expect(error?.response?.status == .notFound)
        #expect(error?.message.contains("RetryMiddleware") == false)
        #expect(await transport.requests.count == 1)
    }

    @Test func aRetryAfterLongerThanTheMaximumIsNamedInTheError() async {
        let transport = ScriptedTransport([
            .status(.serviceUnavailable, [HeaderField(name: .retryAfter, value: "61")]), .status(.ok),
        ])
        let retry = RetryMiddleware(maxRetryAfter: .seconds(60), clock: SteppedClock())
        let error = await Self.error(through: transport, retry: retry)
        #expect(
            error?.message.contains(
                ". RetryMiddleware did not send the request again: the server asked for a wait of 61 seconds "
                    + "(Retry-After), longer than its maxRetryAfter of 60 seconds. Body: ") == true)
        #expect(await transport.requests.count == 1)
    }

    @Test func aWaitPastTheDeadlineIsNamedInTheErrorAfterTheAttemptsMade() async {
        // As in the deadline tests above: a real deadline of 50 s, a wait of 55 s never slept.
        let transport = ScriptedTransport([
            .failure(URLError(.networkConnectionLost)), .status(.serviceUnavailable),
            .status(.serviceUnavailable, [HeaderField(name: .retryAfter, value: "55")]),
        ])
        let clock = SteppedClock()
        let error = await Self.error(
            through: transport, retry: Self.retry(maxRetries: 3, base: .seconds(1), clock: clock),
            timeout: .seconds(50))
        #expect(error?.response?.status == .serviceUnavailable)
        #expect(
            error?.message.contains(
                ". RetryMiddleware tried the request 3 times; this is what the last attempt got. RetryMiddleware "
                    + "did not send the request again: waiting 55 seconds for the next attempt would pass the call's "
                    + "deadline. Body: ") == true)
        #expect(clock.sleeps == [.seconds(1), .seconds(2)])
    }

    @Test func aValidationMiddlewareBeforeTheRetrySaysHowManyTimesTheRequestWasSent() async {
        let transport = ScriptedTransport([.status(.serviceUnavailable)])
        let client = Client(
            baseURL: exampleBase, transport: transport,
            middleware: [ValidationMiddleware(ResponseValidation()), Self.retry(clock: SteppedClock())])
        let error = await expectCourierError(.unacceptableStatus) { try await client.send(Self.get) }
        #expect(
            error?.message
                == "The server answered 503; the client accepts 200...299. RetryMiddleware tried the request 3 "
                + "times; this is what the last attempt got.")
    }

    @Test func stackedRetryMiddlewareCountEverySendOnce() async {
        let statuses = ScriptedTransport([.status(.serviceUnavailable)])
        let stacked = [
            Self.retry(maxRetries: 1, clock: SteppedClock()),
            Self.retry(maxRetries: 1, clock: SteppedClock()),
        ]
        let client = Client(baseURL: exampleBase, transport: statuses, middleware: stacked)
        let error = await expectCourierError(.undocumentedStatus) { try await client.send(Self.get) }
        #expect(await statuses.requests.count == 4)
        #expect(
            error?.message
                == "The server answered 503, which the endpoint does not document. RetryMiddleware tried the "
                + "request 4 times; this is what the last attempt got. Body: 503")
        let failures = ScriptedTransport([.failure(URLError(.cannotConnectToHost))])
        let failing = Client(baseURL: exampleBase, transport: failures, middleware: stacked)
        let thrown = await expectCourierError(.cannotConnect) { try await failing.send(Self.get) }
        #expect(await failures.requests.count == 4)
        #expect(thrown?.message.components(separatedBy: "RetryMiddleware").count == 2)
        #expect(
            thrown?.message.hasSuffix(
                ". RetryMiddleware tried the request 4 times; this is what the last attempt got.") == true)
    }

    @Test func stackedRetryMiddlewareKeepTheInnerReasonBesideTheTotalCount() async {
        // The inner middleware's 60 s wait would pass the 50 s deadline, so it holds back; the
        // outer one's 1 s wait does not, so it tries once more.
        let transport = ScriptedTransport([.failure(URLError(.networkConnectionLost))])
        let stacked = [
            Self.retry(maxRetries: 1, base: .seconds(1), clock: SteppedClock()),
            Self.retry(maxRetries: 1, base: .seconds(60), cap: .seconds(60), clock: SteppedClock()),
        ]
        let client = Client(
            baseURL: exampleBase, transport: transport, middleware: stacked,
            configuration: Client.Configuration(timeout: Timeout(.seconds(50))))
        let error = await expectCourierError(.connectionLost) { try await client.send(Self.get) }
        #expect(await transport.requests.count == 2)
        #expect(
            error?.message.hasSuffix(
                ". RetryMiddleware tried the request 2 times; this is what the last attempt got. RetryMiddleware "
                    + "did not send the request again: waiting 60 seconds for the next attempt would pass the "
                    + "call's deadline.") == true)
    }

    @Test func aStreamedBodysRetryableStatusSaysWhyItWasNotSentAgain() async {
        let put = RetryMiddlewareOtherClientsTests.streamedPut()
        let transport = ScriptedTransport([.status(.serviceUnavailable)])
        let error = await Self.error(of: put, through: transport, retry: Self.retry(clock: SteppedClock()))
        #expect(await transport.requests.count == 1)
        #expect(
            error?.message
                == "The server answered 503, which the endpoint does not document. RetryMiddleware did not send "
                + "the request again: its body is a stream, which is read once. Body: 503")
    }

    @Test func aThrownErrorSaysItsRetryWouldHavePassedTheDeadline() async {
        // A jittered wait of 55.432 s, past a 50 s deadline, is said in whole seconds.
        let transport = ScriptedTransport([.failure(URLError(.networkConnectionLost)), .status(.ok)])
        let jitter = RetryJitter { _ in 55.432 }
        let retry = Self.retry(base: .seconds(60), cap: .seconds(60), jitter: jitter, clock: SteppedClock())
        let error = await Self.error(through: transport, retry: retry, timeout: .seconds(50))
        #expect(error?.kind == .connectionLost)
        #expect(
            error?.message.hasSuffix(
                ". RetryMiddleware did not send the request again: waiting 55 seconds for the next attempt would "
                    + "pass the call's deadline.") == true)
        #expect(error?.message.contains("RetryMiddleware tried") == false)
        #expect(await transport.requests.count == 1)
    }

    @Test func aDecodingErrorSaysHowManyTimesTheRequestWasSentBeforeItsBody() async {
        let list = Endpoint<[String], Never> {
            Method.get
            Path("items")
        }
        let transport = ScriptedTransport([.status(.serviceUnavailable), .status(.ok)])
        let client = Client(
            baseURL: exampleBase, transport: transport, middleware: [Self.retry(clock: SteppedClock())])
        let error = await expectCourierError(.decodingFailed) { try await client.send(list) }
        #expect(
            error?.message.hasSuffix(
                ". RetryMiddleware tried the request 2 times; this is what the last attempt got. Body: 200")
                == true)
    }

    @Test func durationsAreSaidAsAPersonReadsThem() {
        #expect(Duration.milliseconds(119_821).spoken == "120 seconds")
        #expect(Duration.milliseconds(7_430).spoken == "7.4 seconds")
        #expect(Duration.seconds(2).spoken == "2.0 seconds")
        #expect(Duration.milliseconds(250).spoken == "250 ms")
        #expect(Duration.seconds(Int64.max).spoken == "\(Int64.max) seconds")
    }

    @Test func notesReadInnermostFirstWithTheRetrysLast() {
        var notes = MiddlewareNotes()
        notes.retrySends = 3
        notes.retryHeldBack = "a reason"
        notes.add("AuthenticationMiddleware said this.")
        #expect(
            notes.appended(to: "It failed.")
                == "It failed. AuthenticationMiddleware said this. RetryMiddleware tried the request 3 times; "
                + "this is what the last attempt got. RetryMiddleware did not send the request again: a reason."
        )
    }

    @Test func aResponseIsEqualWhateverItsNotesSay() {
        var noted = RawResponse(status: .serviceUnavailable)
        noted.notes.retrySends = 3
        #expect(noted == RawResponse(status: .serviceUnavailable))
        #expect(noted.hashValue == RawResponse(status: .serviceUnavailable).hashValue)
    }

    @Test(arguments: [CourierError.Kind.truncatedResponse, .timedOut, .cancelled, .invalidResponse])
    func otherTransportErrorsAreFinal(kind: CourierError.Kind) async {
        let error = CourierError(stage: .transport, kind: kind, message: "scripted")
        let transport = ScriptedTransport([.failure(error), .status(.ok)])
        let result = await Self.send(Self.get, through: transport, retry: Self.retry(clock: SteppedClock()))
        #expect(result.error?.kind == kind)
        #expect(await transport.requests.count == 1)
    }

    @Test func theRetryableErrorsAreConfigurable() async {
        let error = CourierError(stage: .transport, kind: .truncatedResponse, message: "scripted")
        let transport = ScriptedTransport([.failure(error), .status(.ok)])
        let retry = RetryMiddleware(retryableErrors: [.truncatedResponse], clock: SteppedClock())
        #expect(await Self.send(Self.get, through: transport, retry: retry).status == .ok)
    }

    // MARK: Cancellation and metrics

    @Test func cancellationInterruptsABackoffAtOnce() async {
        let transport = ScriptedTransport([.status(.serviceUnavailable), .status(.ok)])
        let clock = SteppedClock(autoAdvance: false)
        let client = Client(
            baseURL: exampleBase, transport: transport, middleware: [Self.retry(clock: clock)])
        let task = Task { try await client.send(Self.get) }
        await clock.sleepRequested(count: 1)
        task.cancel()
        let error = await expectCourierError(.cancelled, stage: .middleware) { try await task.value }
        #expect(error?.message == "The request was cancelled while waiting to retry.")
        #expect(error?.underlying is CancellationError)
        #expect(await transport.requests.count == 1)
        #expect(clock.sleeps == [.milliseconds(500)])
    }

    @Test func eachAttemptIsRecordedOnce() async throws {
        let transport = ScriptedTransport([.status(.serviceUnavailable), .status(502), .status(.ok)])
        let reports = LockedValue<[RequestMetrics]>([])
        let client = Client(
            baseURL: exampleBase, transport: transport,
            middleware: [
                MetricsMiddleware { metrics in reports.withLock { $0.append(metrics) } },
                Self.retry(clock: SteppedClock()),
            ])
        _ = try await client.send(Self.get)
        #expect(reports.withLock { $0.map(\.attempts) } == [3])
    }

    static func imfFixdate(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
        return formatter.string(from: date)
    }
}

extension Result {
    /// The error, or `nil` for a success.
    fileprivate var error: Failure? {
        guard case .failure(let error) = self else { return nil }
        return error
    }

    /// The value, or `nil` for a failure.
    fileprivate var status: Success? {
        guard case .success(let value) = self else { return nil }
        return value
    }
}
