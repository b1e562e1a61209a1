import CourierTestSupport
import CourierTesting
import Foundation
import Testing

@testable import Courier

/// ``CookieMiddleware`` with the middleware the article puts below it: de-duplication merges
/// only the requests of one jar, and every attempt reads the jar again.
struct CookieMiddlewareChainTests {
    typealias Answer = CookieMiddlewareRedirectTests.Answer
    typealias ScriptedServer = CookieMiddlewareRedirectTests.ScriptedServer

    let clock = CookieClock()

    /// A ``ScriptedServer`` that holds every request to `held` until the test opens it.
    final class GatedServer: Transport {
        let server: ScriptedServer
        let held: String
        private let waiting = LockedValue<(open: Bool, held: [CheckedContinuation<Void, Never>])>((false, []))

        init(_ server: ScriptedServer, holding held: String) {
            self.server = server
            self.held = held
        }

        func open() {
            let held = waiting.withLock { state in
                state.open = true
                defer { state.held = [] }
                return state.held
            }
            for continuation in held { continuation.resume() }
        }

        func send(_ request: TransportRequest) async throws -> RawResponse {
            if request.url.absoluteString == held {
                await withCheckedContinuation { continuation in
                    let isOpen = waiting.withLock { state in
                        if !state.open { state.held.append(continuation) }
                        return state.open
                    }
                    if isOpen { continuation.resume() }
                }
            }
            return try await server.send(request)
        }
    }

    @Test func oneSharedDeduplicationNeverMergesTheRequestsOfTwoJars() async throws {
        let alice = clock.jar()
        let bob = clock.jar()
        try alice.receive("user=alice; Path=/home", from: url("https://api.example.com/"))
        try bob.receive("user=bob; Path=/home", from: url("https://api.example.com/"))
        let server = ScriptedServer([
            "https://api.example.com/start": Answer(
                status: 302, setCookies: ["seen=1; Path=/"], location: "/home")
        ])
        let gated = GatedServer(server, holding: "https://api.example.com/start")
        let deduplication = DeduplicationMiddleware()
        let clients = [alice, bob].map { jar in
            Client(
                baseURL: exampleBase, transport: gated,
                middleware: [CookieMiddleware(jar: jar), deduplication])
        }
        // No cookie matches `/start`: both first requests are equal as values.
        let calls = clients.map { client in
            Task { try await client.send(CookieMiddlewareRedirectTests.get("start")) }
        }
        try await waitUntil("both requests reached de-duplication") { deduplication.waitingRequests == 2 }
        gated.open()
        for call in calls { _ = try await call.value }
        #expect(server.urls.filter { $0 == "https://api.example.com/start" }.count == 2)
        #expect(
            server.sent.withLock { $0.filter { $0.url == "https://api.example.com/home" }.map(\.cookie) }
                .sorted {
                    ($0 ?? "") < ($1 ?? "")
                } == ["user=alice; seen=1", "user=bob; seen=1"])
        #expect(alice.all.map(\.pair) == ["user=alice", "seen=1"])
        #expect(bob.all.map(\.pair) == ["user=bob", "seen=1"])
    }
}
