#if canImport(Testing)
    import Courier
    import CourierTestSupport
    import Foundation
    import Testing

    /// No outcome here is timed against the wall clock: on a loaded two-core machine a 0.2 s timer
    /// was seen to fire 18 s late. The cases tell which timeout ended a request by its message,
    /// against faults that last 30 s and limits of a second or two.
    extension ConformanceCase {
        static let timeoutCases: [ConformanceCase] = [
            ConformanceCase(.timeouts, "aServerThatNeverAnswersHitsTheConnectTimeout") { context in
                try await context.withClient { client in
                    let key = FaultServer.uniqueKey()
                    let endpoint = Endpoint<Data, Never> {
                        Method(.get)
                        Path("stall-headers")
                        Query("seconds", "30")
                        Header("X-Count-Key", key)
                        Timeout(.seconds(40), connect: .seconds(1))
                    }
                    // Without the connect timeout, the server would answer after 30 s.
                    let error = try await failure(of: endpoint, with: client)
                    #expect(error.kind == .timedOut)
                    #expect(error.message.contains("connect timeout"), "\(error.message)")
                    try await context.faults.expectCounts(key, received: 1...1)
                }
            },
            ConformanceCase(.timeouts, "silenceBeforeTheHeadHitsTheIdleTimeout") { context in
                try await context.withClient { client in
                    let endpoint = Endpoint<Data, Never> {
                        Method(.get)
                        Path("stall-headers")
                        Query("seconds", "30")
                        Timeout(.seconds(40), idle: .seconds(1))
                    }
                    let error = try await failure(of: endpoint, with: client)
                    #expect(error.kind == .timedOut, "\(error)")
                    #expect(error.message.contains("idle timeout of 1.0 seconds"), "\(error.message)")
                }
            },
            ConformanceCase(.timeouts, "aStallMidBodyHitsTheIdleTimeout") { context in
                try await context.withClient { client in
                    let key = FaultServer.uniqueKey()
                    let endpoint = Endpoint<Data, Never> {
                        Method(.get)
                        Path("stall-body")
                        Query("size", "1000")
                        Query("send", "100")
                        Query("seconds", "30")
                        Header("X-Count-Key", key)
                        // A connect timeout longer than the stall: a watch that slept until it
                        // would see the whole body arrive after 30 s instead.
                        Timeout(.seconds(40), connect: .seconds(35), idle: .seconds(1))
                    }
                    let error = try await failure(of: endpoint, with: client)
                    #expect(error.kind == .timedOut, "\(error)")
                    #expect(error.message.contains("idle timeout"), "\(error.message)")
                    try await context.faults.expectCounts(key, received: 1...1)
                }
            },
            ConformanceCase(.timeouts, "aSlowDripHitsTheTotalTimeoutThoughItIsNeverIdle") { context in
                try await context.withClient { client in
                    let key = FaultServer.uniqueKey()
                    let endpoint = Endpoint<Data, Never> {
                        Method(.get)
                        Path("drip")
                        Query("size", "300")
                        Query("interval", "0.1")
                        Header("X-Count-Key", key)
                        Timeout(.seconds(2), idle: .seconds(10))
                    }
                    // The drip takes 30 s, a byte every 0.1 s, so the idle timeout never fires;
                    // without the total one the body would arrive whole.
                    let error = try await failure(of: endpoint, with: client)
                    #expect(error.kind == .timedOut, "\(error)")
                    #expect(error.message.contains("within its timeout of 2"), "\(error.message)")
                    try await context.faults.expectCounts(key, received: 1...1)
                }
            },
            ConformanceCase(.timeouts, "cancellingTheCallingTaskEndsAStalledRequest") { context in
                // No total timeout: only the cancellation can end the stall before the server
                // answers after 30 s.
                let patient = Client.Configuration(timeout: Timeout(idle: .seconds(60)))
                try await context.withClient(configuration: patient) { client in
                    let key = FaultServer.uniqueKey()
                    let call = Task {
                        await outcome(
                            FaultServer.bytes("stall-headers", key: key, [("seconds", "30")]), with: client)
                    }
                    // Also when the wait below throws: no request outlives the case.
                    defer { call.cancel() }
                    try await context.faults.expectCounts(key, received: 1...1, settle: .zero)
                    let cancelled = ContinuousClock.now
                    call.cancel()
                    let error = try #require(await call.value.failure)
                    #expect(error.kind == .cancelled, "\(error)")
                    // Under 0.7 s even at load 12; the server would answer after 30 s.
                    #expect(ContinuousClock.now - cancelled < .seconds(15))
                }
            },
        ]
    }
#endif
