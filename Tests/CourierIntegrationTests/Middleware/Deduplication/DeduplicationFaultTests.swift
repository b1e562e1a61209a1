import Courier
import Foundation
import Testing

/// ``DeduplicationMiddleware`` against the fault server: `/delay` answers each request with a
/// fresh random token, so identical bodies prove that the callers shared one request.
@Suite(.enabled(if: FaultServer.isAvailable, FaultServer.skipReason), .timeLimit(.minutes(1)))
struct DeduplicationFaultTests {
    /// Counts the requests that reached the middleware after it.
    struct ArrivalCounter: Middleware {
        let arrivals = Arrivals()

        func intercept(
            _ request: EndpointRequest, baseURL: BaseURL, next: Next
        ) async throws -> RawResponse {
            await arrivals.add()
            return try await next(request, baseURL)
        }
    }

    actor Arrivals {
        private(set) var count = 0
        func add() { count += 1 }
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
            // Long enough that all fifty join even on a loaded two-core machine.
            Query("seconds", "3")
            Header("X-Count-Key", key)
        }
    }

    @Test func fiftyIdenticalGETsReachTheServerOnce() async throws {
        let server = try FaultServer.current()
        let key = FaultServer.uniqueKey()
        let client = Client(
            baseURL: server.primary,
            middleware: [DeduplicationMiddleware()],
            configuration: Client.Configuration(timeout: Timeout(.seconds(10)))
        )
        let endpoint = Self.delay(key: key)
        let bodies = try await withThrowingTaskGroup(of: Data.self) { group in
            for _ in 0..<50 {
                group.addTask { try await client.send(endpoint).body }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(bodies.count == 50)
        #expect(Set(bodies).count == 1)
        let token = try JSONDecoder().decode(Token.self, from: try #require(bodies.first))
        #expect(token.token.count == 32)
        try await server.expectCounts(key, received: 1...1)
    }

    @Test func theLastWaiterGetsTheDataAfterFortyNineCancel() async throws {
        let server = try FaultServer.current()
        let key = FaultServer.uniqueKey()
        let counter = ArrivalCounter()
        let client = Client(
            baseURL: server.primary,
            middleware: [counter, DeduplicationMiddleware()],
            configuration: Client.Configuration(timeout: Timeout(.seconds(10)))
        )
        let endpoint = Self.delay(key: key)
        // The first request starts the shared call; it is among those cancelled.
        let first = Task { try await client.send(endpoint) }
        while try await server.counts(key).received == 0 {
            try await Task.sleep(for: .milliseconds(10))
        }
        let answered = Flag()
        let others = (1..<50).map { index in
            Task {
                let response = try await client.send(endpoint)
                if index == 49 { await answered.set() }
                return response
            }
        }
        while await counter.arrivals.count < 50 {
            try await Task.sleep(for: .milliseconds(5))
        }
        // Every request is inside the middleware; give the last ones a moment to join. (Too
        // short a moment makes the test fail, never pass: a late joiner would start a new call.)
        try await Task.sleep(for: .milliseconds(300))
        let tasks = [first] + others
        for task in tasks.dropLast() { task.cancel() }
        for task in tasks.dropLast() {
            do {
                _ = try await task.value
                Issue.record("a cancelled request got a response")
            } catch let error as CourierError {
                #expect(error.kind == .cancelled)
            }
        }
        // The cancelled requests ended at once, while the shared call was still running.
        #expect(await answered.isSet == false)
        let response = try await tasks[49].value
        #expect(response.status == .ok)
        #expect(try #require(response.value).token.count == 32)
        try await server.expectCounts(key, received: 1...1)
    }
}
