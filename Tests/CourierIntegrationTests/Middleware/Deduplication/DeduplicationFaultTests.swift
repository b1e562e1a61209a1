import CourierTestSupport
import CourierTransportConformance
import Foundation
import Testing

@testable import Courier

/// ``DeduplicationMiddleware`` against the fault server: `/delay` answers each request with a
/// fresh random token, so identical bodies prove that the callers shared one request.
///
/// Nothing here depends on timing: the shared call is held before the transport until the test
/// has seen every request join it (``DeduplicationMiddleware/waitingRequests``).
@Suite(.enabled(if: FaultServer.isAvailable, FaultServer.skipReason), .timeLimit(.minutes(1)))
struct DeduplicationFaultTests {
    /// Placed after the deduplication, so only shared calls pass: holds each one until the test
    /// opens the gate, then lets it go on to the server.
    struct CallGate: Middleware {
        let state = LockedValue(State())

        struct State {
            var calls = 0
            var isOpen = false
            var held: [CheckedContinuation<Void, Never>] = []
        }

        var calls: Int { state.withLock { $0.calls } }

        func open() {
            let held = state.withLock { state in
                state.isOpen = true
                defer { state.held = [] }
                return state.held
            }
            for call in held { call.resume() }
        }

        func intercept(
            _ request: EndpointRequest, baseURL: BaseURL, next: Next
        ) async throws -> RawResponse {
            await withCheckedContinuation { continuation in
                let isOpen = state.withLock { state in
                    state.calls += 1
                    if !state.isOpen { state.held.append(continuation) }
                    return state.isOpen
                }
                if isOpen { continuation.resume() }
            }
            return try await next(request, baseURL)
        }
    }

    actor Flag {
        private(set) var isSet = false
        func set() { isSet = true }
    }

    struct Token: Decodable, Sendable {
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

    /// Issue 13's B6: 100 concurrent identical GETs, exactly one server hit.
    @Test func aHundredIdenticalGETsReachTheServerOnce() async throws {
        let server = try FaultServer.current()
        let key = FaultServer.uniqueKey()
        let deduplication = DeduplicationMiddleware()
        let gate = CallGate()
        let client = Client(
            baseURL: server.primary,
            middleware: [deduplication, gate],
            configuration: Client.Configuration(timeout: Timeout(.seconds(30)))
        )
        let endpoint = Self.delay(key: key)
        let bodies = try await withThrowingTaskGroup(of: Data.self) { group in
            for _ in 0..<100 {
                group.addTask { try await client.send(endpoint).body }
            }
            // The call goes to the server only once all hundred wait for it.
            try await waitUntil("a hundred requests wait") { deduplication.waitingRequests == 100 }
            gate.open()
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(gate.calls == 1)
        #expect(bodies.count == 100)
        #expect(Set(bodies).count == 1)
        let token = try JSONDecoder().decode(Token.self, from: try #require(bodies.first))
        #expect(token.token.count == 32)
        try await server.expectCounts(key, received: 1...1)
    }

    @Test func theLastWaiterGetsTheDataAfterFortyNineCancel() async throws {
        let server = try FaultServer.current()
        let key = FaultServer.uniqueKey()
        let deduplication = DeduplicationMiddleware()
        let gate = CallGate()
        let client = Client(
            baseURL: server.primary,
            middleware: [deduplication, gate],
            configuration: Client.Configuration(timeout: Timeout(.seconds(30)))
        )
        let endpoint = Self.delay(key: key)
        // The first request starts the shared call; it is among those cancelled.
        let first = Task { try await client.send(endpoint) }
        try await waitUntil("the shared call started") { gate.calls == 1 }
        let answered = Flag()
        let others = (1..<50).map { index in
            Task {
                let response = try await client.send(endpoint)
                if index == 49 { await answered.set() }
                return response
            }
        }
        try await waitUntil("fifty requests wait") { deduplication.waitingRequests == 50 }
        let tasks = [first] + others
        for task in tasks.dropLast() { task.cancel() }
        for task in tasks.dropLast() {
            await expectCourierError(.cancelled) { try await task.value }
        }
        // The cancelled requests ended while the shared call was still held, and it goes on.
        #expect(await answered.isSet == false)
        #expect(deduplication.waitingRequests == 1)
        gate.open()
        let response = try await tasks[49].value
        #expect(response.status == .ok)
        #expect(try #require(response.value).token.count == 32)
        try await server.expectCounts(key, received: 1...1)
    }
}
