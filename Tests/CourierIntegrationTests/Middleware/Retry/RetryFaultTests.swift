import Courier
import CourierTestSupport
import CourierTransportConformance
import Foundation
import Testing

/// ``RetryMiddleware`` against the fault server's `/retry-after` and `/flaky-connection`, with the
/// server's own count of what arrived.
@Suite(.enabled(if: FaultServer.isAvailable, FaultServer.skipReason), .timeLimit(.minutes(1)))
struct RetryFaultTests {
    /// The body of a success: `{"attempt": i, "ok": true}`.
    struct Attempt: Decodable, Sendable, Equatable {
        let attempt: Int
        let ok: Bool
    }

    /// The body of a refusal: `{"attempt": i}`.
    struct Refused: Error, Decodable, Sendable, Equatable {
        let attempt: Int
    }

    let server: FaultServer

    init() throws {
        server = try FaultServer.current()
    }

    /// Retries twice (the default), with short backoffs, within `timeout`; waits for a
    /// `Retry-After` of up to 10 minutes, so only the deadline can cut a long one short.
    /// The default timeout is a safety net for a hung request, not a bound under test.
    func client(timeout: Duration = .seconds(30)) -> Client {
        Client(
            baseURL: server.primary,
            middleware: [
                RetryMiddleware(backoff: RetryBackoff(base: .milliseconds(50)), maxRetryAfter: .seconds(600))
            ],
            configuration: Client.Configuration(timeout: Timeout(timeout))
        )
    }

    static func get(key: String, fail: Int, status: Int = 503, after: String) -> Endpoint<Attempt, Refused> {
        Endpoint {
            Method.get
            Path("retry-after")
            Query("key", key)
            Query("fail", fail)
            Query("status", status)
            Query("after", after)
            Header("X-Count-Key", key)
        }
    }

    static func post(key: String, fail: Int, idempotencyKey: String? = nil) -> Endpoint<Attempt, Refused> {
        Endpoint {
            Method.post
            Path("retry-after")
            Query("key", key)
            Query("fail", fail)
            Query("after", "0")
            Header("X-Count-Key", key)
            Header(.idempotencyKey, idempotencyKey)
            Body.text("order 7")
        }
    }

    @Test func aGETIsRetriedUpToTheLimitAndTheLast503Returned() async throws {
        let key = FaultServer.uniqueKey()
        let response = try await client().send(Self.get(key: key, fail: 5, after: "0"))
        #expect(response.status == .serviceUnavailable)
        #expect(response.headers[.retryAfter] == "0")
        #expect(response.failure == Refused(attempt: 3))
        try await server.expectCounts(key, received: 3...3)
    }

    @Test func aGETSucceedsOnTheThirdAttempt() async throws {
        let key = FaultServer.uniqueKey()
        let response = try await client().send(Self.get(key: key, fail: 2, after: "0"))
        #expect(response.value == Attempt(attempt: 3, ok: true))
        try await server.expectCounts(key, received: 3...3)
    }

    @Test func a429WithRetryAfterSecondsIsRetried() async throws {
        let key = FaultServer.uniqueKey()
        let response = try await client().send(Self.get(key: key, fail: 1, status: 429, after: "0"))
        #expect(response.value == Attempt(attempt: 2, ok: true))
        try await server.expectCounts(key, received: 2...2)
    }

    @Test func aRetryAfterDateInThePastRetriesAtOnce() async throws {
        let key = FaultServer.uniqueKey()
        // A backoff of exactly 50 s, beyond the 30 s timeout: a retry that fell back to it
        // instead of honouring the past date would not happen at all (the 503 would be returned),
        // and a date read as 300 s ahead is over the 60 s `maxRetryAfter` (the same). Only a
        // retry at once succeeds, so the outcome tells, not the wall clock (the unit tests pin
        // the wait itself with a stepped clock).
        let patient = Client(
            baseURL: server.primary,
            middleware: [
                RetryMiddleware(
                    backoff: RetryBackoff(
                        base: .seconds(50), cap: .seconds(50), jitter: RetryJitter { $0.upperBound }))
            ],
            configuration: Client.Configuration(timeout: Timeout(.seconds(30)))
        )
        let response = try await patient.send(Self.get(key: key, fail: 1, after: "date-300"))
        #expect(response.value == Attempt(attempt: 2, ok: true))
        try await server.expectCounts(key, received: 2...2)
    }

    @Test func aRetryAfterOfOneSecondIsWaitedFor() async throws {
        let key = FaultServer.uniqueKey()
        let started = ContinuousClock.now
        let response = try await client().send(Self.get(key: key, fail: 1, after: "1"))
        let elapsed = ContinuousClock.now - started
        #expect(response.value == Attempt(attempt: 2, ok: true))
        // At least the second asked for (the backoff alone is 50 ms). A busy machine only adds
        // to it, so there is no upper bound: the unit tests pin the wait with a stepped clock.
        #expect(elapsed >= .milliseconds(950), "took \(elapsed)")
        try await server.expectCounts(key, received: 2...2)
    }

    @Test(arguments: ["120", "date+120"])
    func aRetryAfterBeyondTheTimeoutReturnsThe503AtOnce(after: String) async throws {
        let key = FaultServer.uniqueKey()
        // 120 s is beyond the 30 s timeout: the 503 comes back at once. A middleware that slept
        // would end in a timeout error instead, so the outcome tells, not the wall clock.
        let response = try await client(timeout: .seconds(30)).send(Self.get(key: key, fail: 1, after: after))
        #expect(response.status == .serviceUnavailable)
        #expect(response.failure == Refused(attempt: 1))
        #expect(response.headers[.retryAfter].flatMap(RetryAfter.init) != nil)
        try await server.expectCounts(key, received: 1...1)
    }

    @Test func aPOSTIsSentExactlyOnceEvenWhenTheServerAnswers503() async throws {
        let key = FaultServer.uniqueKey()
        let response = try await client().send(Self.post(key: key, fail: 2))
        #expect(response.status == .serviceUnavailable)
        #expect(response.failure == Refused(attempt: 1))
        try await server.expectCounts(key, received: 1...1)
    }

    @Test func aPOSTWithAnIdempotencyKeyIsRetriedWithTheSameKey() async throws {
        let key = FaultServer.uniqueKey()
        let response = try await client().send(Self.post(key: key, fail: 2, idempotencyKey: "order-\(key)"))
        #expect(response.value == Attempt(attempt: 3, ok: true))
        try await server.expectCounts(key, received: 3...3)
        let recorded = try await server.counts(key).requests
        #expect(recorded.map { $0.header("Idempotency-Key") } == Array(repeating: "order-\(key)", count: 3))
        #expect(recorded.map(\.method) == ["POST", "POST", "POST"])
        #expect(recorded.map(\.bodyLength) == [7, 7, 7])
    }

    static func flaky(key: String) -> Endpoint<FlakyAnswer, Never> {
        Endpoint {
            Method.get
            Path("flaky-connection")
            Query("key", key)
            Query("fail", 1)
            Header("X-Count-Key", key)
        }
    }

    @Test func aGETWhoseConnectionClosesUnansweredSucceedsOnARetry() async throws {
        let key = FaultServer.uniqueKey()
        let response = try await client().send(Self.flaky(key: key))
        #expect(response.value == FlakyAnswer(ok: true))
        // The dropped request and the retry: a fresh connection is not re-sent by URLSession
        // itself, so the server counts exactly 2 (the bound is 1 + retries).
        try await server.expectCounts(key, received: 2...2)
    }

    @Test func aGETWhoseConnectionIsResetIsRetriedUpToTheLimit() async throws {
        let key = FaultServer.uniqueKey()
        await expectCourierError(.connectionLost, stage: .transport) {
            try await client().send(
                Endpoint<Data, Never> {
                    Method.get
                    Path("reset-before-headers")
                    Header("X-Count-Key", key)
                })
        }
        try await server.expectCounts(key, received: 3...3)
    }

    @Test func aPOSTWhoseConnectionIsResetIsSentOnce() async throws {
        let key = FaultServer.uniqueKey()
        await expectCourierError(.connectionLost) {
            try await client().send(
                Endpoint<Data, Never> {
                    Method.post
                    Path("reset-before-headers")
                    Header("X-Count-Key", key)
                    Body.text("order 7")
                })
        }
        try await server.expectCounts(key, received: 1...1)
    }

    struct FlakyAnswer: Decodable, Sendable, Equatable {
        let ok: Bool
    }
}

extension EndpointResponse where Failure: Equatable {
    /// The documented failure, or `nil` for a success.
    fileprivate var failure: Failure? {
        guard case .failure(let failure) = result else { return nil }
        return failure
    }
}
