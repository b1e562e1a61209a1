#if canImport(Testing)
    import Courier
    import CourierTestSupport
    import Foundation
    import Testing

    /// ``ConcurrencyLimitMiddleware`` against the fault server, measured on the client side by an
    /// ``InFlightGauge`` placed after the limit.
    extension ConformanceCase {
        static let concurrencyLimitCases: [ConformanceCase] = [
            ConformanceCase(.middleware, "twelveRequestsRunAtMostThreeAtATime") { context in
                let inside = InFlightGauge()
                try await context.withClient(middleware: [ConcurrencyLimitMiddleware(limit: 3), inside]) {
                    client in
                    let keys = (0..<12).map { FaultServer.uniqueKey("limit\($0)") }
                    let clock = ContinuousClock()
                    let start = clock.now
                    let tokens = try await withThrowingTaskGroup(of: FaultServer.Token.self) { group in
                        for key in keys {
                            group.addTask { try await client.value(FaultServer.delay(key: key)) }
                        }
                        return try await group.reduce(into: []) { $0.append($1) }
                    }
                    let elapsed = start.duration(to: clock.now)
                    #expect(tokens.count == 12)
                    #expect(Set(tokens).count == 12)
                    #expect(await inside.gauge.most == 3)
                    #expect(await inside.gauge.current == 0)
                    // Twelve calls of 0.3 s, three at a time, take at least four rounds.
                    #expect(elapsed >= .milliseconds(1200))
                    try await context.faults.expectEachCountedOnce(keys)
                }
            },
            ConformanceCase(.middleware, "failuresAndTimeoutsGiveTheirSlotsBack") { context in
                let inside = InFlightGauge()
                try await context.withClient(middleware: [ConcurrencyLimitMiddleware(limit: 2), inside]) {
                    client in
                    // Four dropped connections, two at a time: each fails in the transport.
                    let dropKeys = (0..<4).map { FaultServer.uniqueKey("drop\($0)") }
                    let dropKinds = await failureKinds(of: dropKeys.map(FaultServer.drop), on: client)
                    #expect(dropKinds.count == 4)
                    for kind in dropKinds {
                        #expect(kind != nil && kind != .timedOut, "\(String(describing: kind))")
                    }
                    // Two stalls fill both slots; their timeout cancels the calls while they hold the
                    // slots.
                    await inside.gauge.restart()
                    let stallKeys = (0..<2).map { FaultServer.uniqueKey("stall\($0)") }
                    let stallKinds = await failureKinds(of: stallKeys.map(FaultServer.stall), on: client)
                    #expect(stallKinds == [.timedOut, .timedOut])
                    #expect(await inside.gauge.most == 2)
                    // The calls gave their slots back because the timeout cancelled them, not because
                    // the server answered after its 30 s stall (the endpoint's idle timeout is 60 s):
                    // told by how they left, not by when. A timed-out call's chain unwinds just after
                    // its caller got `timedOut` (the deadline does not wait for it), so this waits for
                    // every call to leave; the 45 s limit only matters when a slot is never given back.
                    try await waitUntil("every call gave its slot back", within: .seconds(45)) {
                        await inside.gauge.current == 0
                    }
                    #expect(
                        await inside.gauge.answered == 0,
                        "a timed-out call kept its slot until the server answered")
                    // Both slots are free again: two slow calls run side by side.
                    await inside.gauge.restart()
                    let keys = [FaultServer.uniqueKey("after0"), FaultServer.uniqueKey("after1")]
                    async let first = client.value(FaultServer.delay(key: keys[0]))
                    async let second = client.value(FaultServer.delay(key: keys[1]))
                    let tokens = try await [first, second]
                    #expect(tokens[0] != tokens[1])
                    #expect(await inside.gauge.most == 2)
                    try await context.faults.expectEachCountedOnce(keys + stallKeys)
                    // A dropped GET reaches the server once, or twice where the transport sends a GET
                    // once more when its connection closes before any byte of a response (the rule of
                    // the connections area, which AsyncHTTPClient uses); never more.
                    for key in dropKeys {
                        let received = try await context.faults.counts(key).received
                        #expect((1...2).contains(received), "\(key) received \(received)")
                    }
                }
            },
        ]
    }

    /// Sends the endpoints concurrently and returns each one's error kind, `nil` for a success.
    private func failureKinds(
        of endpoints: [Endpoint<Empty, Never>], on client: Client
    ) async -> [CourierError.Kind?] {
        await withTaskGroup(of: CourierError.Kind?.self) { group in
            for endpoint in endpoints {
                group.addTask {
                    do throws(CourierError) {
                        _ = try await client.send(endpoint)
                        return nil
                    } catch {
                        return error.kind
                    }
                }
            }
            return await group.reduce(into: []) { $0.append($1) }
        }
    }

    extension FaultServer {
        /// `GET /drop`: read completely, then the connection closed unanswered.
        fileprivate static func drop(key: String) -> Endpoint<Empty, Never> {
            Endpoint<Empty, Never> {
                Method.get
                Path("drop")
                Header("X-Count-Key", key)
            }
        }

        /// `GET /stall-headers?seconds=30` that times out after 3 s.
        fileprivate static func stall(key: String) -> Endpoint<Empty, Never> {
            Endpoint<Empty, Never> {
                Method.get
                Path("stall-headers")
                Query("seconds", "30")
                Header("X-Count-Key", key)
                // Time for the request to reach the server on a busy machine (it is counted
                // there); the idle timeout would otherwise be the total, and end the call by itself.
                Timeout(.seconds(3), idle: .seconds(60))
            }
        }

        /// Checks every key's count concurrently, so the settle waits overlap.
        fileprivate func expectEachCountedOnce(_ keys: [String]) async throws {
            try await withThrowingTaskGroup(of: Void.self) { group in
                for key in keys {
                    group.addTask { try await expectCounts(key, received: 1...1) }
                }
                try await group.waitForAll()
            }
        }
    }
#endif
