#if canImport(Testing)
    import Courier
    import CourierTestSupport
    import Foundation
    import Testing

    /// ``RetryMiddleware`` against the fault server's `/retry-after` and `/flaky-connection`, with
    /// the server's own count of what arrived.
    extension ConformanceCase {
        static let retryCases: [ConformanceCase] = [
            ConformanceCase(.middleware, "aGetIsRetriedUpToTheLimitAndTheLast503Returned") { context in
                try await context.withRetries { client in
                    let key = FaultServer.uniqueKey()
                    let response = try await client.send(
                        FaultServer.retryAfter(key: key, fail: 5, after: "0"))
                    #expect(response.status == .serviceUnavailable)
                    #expect(response.headers[.retryAfter] == "0")
                    #expect(response.failure == FaultServer.Refusal(attempt: 3))
                    try await context.faults.expectCounts(key, received: 3...3)
                }
            },
            ConformanceCase(.middleware, "aGetSucceedsOnTheThirdAttempt") { context in
                try await context.withRetries { client in
                    let key = FaultServer.uniqueKey()
                    let response = try await client.send(
                        FaultServer.retryAfter(key: key, fail: 2, after: "0"))
                    #expect(response.value == FaultServer.Attempt(attempt: 3, ok: true))
                    try await context.faults.expectCounts(key, received: 3...3)
                }
            },
            ConformanceCase(.middleware, "a429WithRetryAfterSecondsIsRetried") { context in
                try await context.withRetries { client in
                    let key = FaultServer.uniqueKey()
                    let response = try await client.send(
                        FaultServer.retryAfter(key: key, fail: 1, status: 429, after: "0"))
                    #expect(response.value == FaultServer.Attempt(attempt: 2, ok: true))
                    try await context.faults.expectCounts(key, received: 2...2)
                }
            },
            ConformanceCase(.middleware, "aRetryAfterDateInThePastRetriesAtOnce") { context in
                // A backoff of exactly 50 s, beyond the 30 s timeout: a retry that fell back to it
                // instead of honouring the past date would not happen at all (the 503 would be
                // returned), and a date read as 300 s ahead is over the 60 s `maxRetryAfter` (the
                // same). Only a retry at once succeeds, so the outcome tells, not the wall clock (the
                // unit tests pin the wait itself with a stepped clock).
                let patient = RetryMiddleware(
                    backoff: RetryBackoff(
                        base: .seconds(50), cap: .seconds(50), jitter: RetryJitter { $0.upperBound }))
                try await context.withClient(
                    middleware: [patient], configuration: Client.Configuration(timeout: Timeout(.seconds(30)))
                ) { client in
                    let key = FaultServer.uniqueKey()
                    let response = try await client.send(
                        FaultServer.retryAfter(key: key, fail: 1, after: "date-300"))
                    #expect(response.value == FaultServer.Attempt(attempt: 2, ok: true))
                    try await context.faults.expectCounts(key, received: 2...2)
                }
            },
            ConformanceCase(.middleware, "aRetryAfterOfOneSecondIsWaitedFor") { context in
                try await context.withRetries { client in
                    let key = FaultServer.uniqueKey()
                    let started = ContinuousClock.now
                    let response = try await client.send(
                        FaultServer.retryAfter(key: key, fail: 1, after: "1"))
                    let elapsed = ContinuousClock.now - started
                    #expect(response.value == FaultServer.Attempt(attempt: 2, ok: true))
                    // At least the second asked for (the backoff alone is 50 ms). A busy machine only
                    // adds to it, so there is no upper bound: the unit tests pin the wait with a
                    // stepped clock.
                    #expect(elapsed >= .milliseconds(950), "took \(elapsed)")
                    try await context.faults.expectCounts(key, received: 2...2)
                }
            },
            ConformanceCase(.middleware, "aRetryAfterBeyondTheTimeoutReturnsThe503AtOnce") { context in
                try await context.withRetries { client in
                    // In seconds and as a date.
                    for after in ["120", "date+120"] {
                        let key = FaultServer.uniqueKey()
                        // 120 s is beyond the 30 s timeout: the 503 comes back at once. A middleware
                        // that slept would end in a timeout error instead, so the outcome tells, not the
                        // wall clock.
                        let response = try await client.send(
                            FaultServer.retryAfter(key: key, fail: 1, after: after))
                        #expect(response.status == .serviceUnavailable, "\(after)")
                        #expect(response.failure == FaultServer.Refusal(attempt: 1), "\(after)")
                        #expect(response.headers[.retryAfter].flatMap(RetryAfter.init) != nil, "\(after)")
                        try await context.faults.expectCounts(key, received: 1...1)
                    }
                }
            },
            ConformanceCase(.middleware, "aPostIsSentExactlyOnceEvenWhenTheServerAnswers503") { context in
                try await context.withRetries { client in
                    let key = FaultServer.uniqueKey()
                    let response = try await client.send(FaultServer.retryAfterPost(key: key, fail: 2))
                    #expect(response.status == .serviceUnavailable)
                    #expect(response.failure == FaultServer.Refusal(attempt: 1))
                    try await context.faults.expectCounts(key, received: 1...1)
                }
            },
            ConformanceCase(.middleware, "aPostWithAnIdempotencyKeyIsRetriedWithTheSameKey") { context in
                try await context.withRetries { client in
                    let key = FaultServer.uniqueKey()
                    let response = try await client.send(
                        FaultServer.retryAfterPost(key: key, fail: 2, idempotencyKey: "order-\(key)"))
                    #expect(response.value == FaultServer.Attempt(attempt: 3, ok: true))
                    try await context.faults.expectCounts(key, received: 3...3)
                    let recorded = try await context.faults.counts(key).requests
                    #expect(
                        recorded.map { $0.header("Idempotency-Key") }
                            == Array(repeating: "order-\(key)", count: 3))
                    #expect(recorded.map(\.method) == ["POST", "POST", "POST"])
                    #expect(recorded.map(\.bodyLength) == [7, 7, 7])
                }
            },
            ConformanceCase(.middleware, "aGetWhoseConnectionClosesUnansweredSucceedsOnARetry") { context in
                try await context.withRetries { client in
                    let key = FaultServer.uniqueKey()
                    let response = try await client.send(FaultServer.flaky(key: key))
                    #expect(response.value == FaultServer.FlakyAnswer(ok: true))
                    // The dropped request and one more, which the server answers: a retry of the
                    // middleware, or the transport's own second try (AsyncHTTPClient sends a GET once
                    // more when its connection closed before any byte of a response; URLSession does
                    // not on a fresh connection). Either way the server counts exactly 2 (the bound is
                    // 1 + retries).
                    try await context.faults.expectCounts(key, received: 2...2)
                }
            },
            ConformanceCase(.middleware, "aGetWhoseConnectionIsResetIsRetriedUpToTheLimitThenFails") {
                context in
                try await context.withRetries { client in
                    let key = FaultServer.uniqueKey()
                    await expectCourierError(.connectionLost, stage: .transport) {
                        try await client.send(FaultServer.resetBeforeHeaders(key: key))
                    }
                    // Three attempts (the first and two retries), each reaching the server once, or
                    // twice where the transport sends a GET once more when its connection closes
                    // before any byte of a response (the rule of the connections area). The case
                    // below holds the stricter count, one request per attempt.
                    try await context.faults.expectCounts(key, received: 3...6)
                }
            },
            ConformanceCase(.middleware, "aGetWhoseConnectionIsResetReachesTheServerOncePerAttempt") {
                context in
                try await context.withRetries { client in
                    let key = FaultServer.uniqueKey()
                    _ = try? await client.send(FaultServer.resetBeforeHeaders(key: key))
                    // Two retries, the default, promise the server three requests at most.
                    try await context.faults.expectCounts(key, received: 3...3)
                }
            },
            ConformanceCase(.middleware, "aPostWhoseConnectionIsResetIsSentOnce") { context in
                try await context.withRetries { client in
                    let key = FaultServer.uniqueKey()
                    await expectCourierError(.connectionLost) {
                        try await client.send(
                            Endpoint<Data, Never> {
                                Method.post
                                Path("reset-before-headers")
                                Header("X-Count-Key", key)
                                Body.text("order 7")
                            })
                    }
                    try await context.faults.expectCounts(key, received: 1...1)
                }
            },
        ]
    }

    extension ConformanceContext {
        /// Runs `body` with a client that retries twice (the default), with short backoffs, within
        /// 30 s, and waits for a `Retry-After` of up to 10 minutes, so only the deadline can cut a
        /// long one short. The timeout is a safety net for a hung request, not a bound under test.
        fileprivate func withRetries(_ body: (Client) async throws -> Void) async throws {
            try await withClient(
                middleware: [
                    RetryMiddleware(
                        backoff: RetryBackoff(base: .milliseconds(50)), maxRetryAfter: .seconds(600))
                ],
                configuration: Client.Configuration(timeout: Timeout(.seconds(30))),
                body)
        }
    }

    extension FaultServer {
        /// `GET /retry-after`: the first `fail` requests for `key` are refused with `status` and
        /// `Retry-After: after`, the later ones answered.
        fileprivate static func retryAfter(
            key: String, fail: Int, status: Int = 503, after: String
        ) -> Endpoint<Attempt, Refusal> {
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

        /// `POST /retry-after` with a body of 7 bytes: the first `fail` requests for `key` are
        /// refused with 503 and `Retry-After: 0`.
        fileprivate static func retryAfterPost(
            key: String, fail: Int, idempotencyKey: String? = nil
        ) -> Endpoint<Attempt, Refusal> {
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

        /// `GET /flaky-connection`: the first request for `key` is read and its connection closed
        /// unanswered, the later ones answered.
        fileprivate static func flaky(key: String) -> Endpoint<FlakyAnswer, Never> {
            Endpoint {
                Method.get
                Path("flaky-connection")
                Query("key", key)
                Query("fail", 1)
                Header("X-Count-Key", key)
            }
        }

        /// `GET /reset-before-headers`: every request is read and its connection reset unanswered.
        fileprivate static func resetBeforeHeaders(key: String) -> Endpoint<Data, Never> {
            Endpoint<Data, Never> {
                Method.get
                Path("reset-before-headers")
                Header("X-Count-Key", key)
            }
        }
    }

    extension EndpointResponse where Failure: Equatable {
        /// The documented failure, or `nil` for a success.
        fileprivate var failure: Failure? {
            guard case .failure(let failure) = result else { return nil }
            return failure
        }
    }
#endif
