import Courier
import CourierTestSupport
import CourierTransportConformance
import Foundation
import Testing

/// ``ConcurrencyLimitMiddleware`` against the fault server, measured on the client side.
@Suite(.enabled(if: FaultServer.isAvailable, FaultServer.skipReason), .timeLimit(.minutes(1)))
struct ConcurrencyLimitFaultTests {
    /// Placed after the limit: counts the requests inside it at once, and those that left it
    /// with the server's answer.
    struct InFlightGauge: Middleware {
        let gauge = Gauge()

        func intercept(
            _ request: EndpointRequest, baseURL: BaseURL, next: Next
        ) async throws -> RawResponse {
            await gauge.enter()
            do {
                let response = try await next(request, baseURL)
                await gauge.leave(answered: true)
                return response
            } catch {
                await gauge.leave(answered: false)
                throw error
            }
        }
    }

    actor Gauge {
        private(set) var current = 0
        private(set) var most = 0
        /// Calls that left with a response since the last ``restart()``.
        private(set) var answered = 0
        func enter() {
            current += 1
            most = max(most, current)
        }
        func leave(answered: Bool) {
            current -= 1
            if answered { self.answered += 1 }
        }
        func restart() {
            most = current
            answered = 0
        }
    }

    struct Token: Decodable, Sendable, Hashable {
        let token: String
    }

    static func delay(key: String) -> Endpoint<Token, Never> {
        Endpoint<Token, Never> {
            Method.get
            Path("delay")
            Query("seconds", "0.3")
            Header("X-Count-Key", key)
        }
    }

    static func drop(key: String) -> Endpoint<Empty, Never> {
        Endpoint<Empty, Never> {
            Method.get
            Path("drop")
            Header("X-Count-Key", key)
        }
    }

    /// Checks every key's count concurrently, so the settle waits overlap.
    static func expectEachCountedOnce(_ keys: [String], on server: FaultServer) async throws {
        try await withThrowingTaskGroup(of: Void.self) { group in
            for key in keys {
                group.addTask { try await server.expectCounts(key, received: 1...1) }
            }
            try await group.waitForAll()
        }
    }

    @Test func twelveRequestsRunAtMostThreeAtATime() async throws {
        let server = try FaultServer.current()
        let inside = InFlightGauge()
        let client = Client(
            baseURL: server.primary,
            middleware: [ConcurrencyLimitMiddleware(limit: 3), inside],
            configuration: Client.Configuration(timeout: Timeout(.seconds(30)))
        )
        let keys = (0..<12).map { FaultServer.uniqueKey("limit\($0)") }
        let clock = ContinuousClock()
        let start = clock.now
        let tokens = try await withThrowingTaskGroup(of: Token.self) { group in
            for key in keys {
                group.addTask { try await client.value(Self.delay(key: key)) }
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
        try await Self.expectEachCountedOnce(keys, on: server)
    }

    @Test func failuresAndTimeoutsGiveTheirSlotsBack() async throws {
        let server = try FaultServer.current()
        let inside = InFlightGauge()
        let client = Client(
            baseURL: server.primary,
            middleware: [ConcurrencyLimitMiddleware(limit: 2), inside],
            configuration: Client.Configuration(timeout: Timeout(.seconds(30)))
        )
        // Four dropped connections, two at a time: each fails in the transport.
        let dropKeys = (0..<4).map { FaultServer.uniqueKey("drop\($0)") }
        let dropKinds = await Self.failureKinds(of: dropKeys.map(Self.drop), on: client)
        #expect(dropKinds.count == 4)
        for kind in dropKinds { #expect(kind != nil && kind != .timedOut, "\(String(describing: kind))") }
        // Two stalls fill both slots; their timeout cancels the calls while they hold the slots.
        await inside.gauge.restart()
        let stallKeys = (0..<2).map { FaultServer.uniqueKey("stall\($0)") }
        let stallKinds = await Self.failureKinds(of: stallKeys.map(Self.stall), on: client)
        #expect(stallKinds == [.timedOut, .timedOut])
        #expect(await inside.gauge.most == 2)
        // The calls gave their slots back because the timeout cancelled them, not because the
        // server answered after its 30 s stall (URLSession's idle timeout is 60 s): told by how
        // they left, not by when. A timed-out call's chain unwinds just after its caller got
        // `timedOut` (the deadline does not wait for it), so this waits for every call to leave;
        // the 45 s limit only matters when a slot is never given back.
        try await waitUntil("every call gave its slot back", within: .seconds(45)) {
            await inside.gauge.current == 0
        }
        #expect(await inside.gauge.answered == 0, "a timed-out call kept its slot until the server answered")
        // Both slots are free again: two slow calls run side by side.
        await inside.gauge.restart()
        let keys = [FaultServer.uniqueKey("after0"), FaultServer.uniqueKey("after1")]
        async let first = client.value(Self.delay(key: keys[0]))
        async let second = client.value(Self.delay(key: keys[1]))
        let tokens = try await [first, second]
        #expect(tokens[0] != tokens[1])
        #expect(await inside.gauge.most == 2)
        try await Self.expectEachCountedOnce(keys + stallKeys, on: server)
        for key in dropKeys {
            let received = try await server.counts(key).received
            #expect(received == 1, "\(key) received \(received)")
        }
    }

    /// Sends the endpoints concurrently and returns each one's error kind, `nil` for a success.
    static func failureKinds(
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

    static func stall(key: String) -> Endpoint<Empty, Never> {
        Endpoint<Empty, Never> {
            Method.get
            Path("stall-headers")
            Query("seconds", "30")
            Header("X-Count-Key", key)
            // Time for the request to reach the server on a busy machine (it is counted there);
            // the idle timeout would otherwise be the total, and end the call by itself.
            Timeout(.seconds(3), idle: .seconds(60))
        }
    }
}
