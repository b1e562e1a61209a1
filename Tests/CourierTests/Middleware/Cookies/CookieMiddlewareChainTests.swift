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

    /// A transport that gives each request it is sent the next of `answers` (200 once they run
    /// out) and records its `Cookie` header.
    final class SequencedServer: Transport {
        private let answers: LockedValue<[Answer]>
        let cookies = LockedValue<[String?]>([])

        init(_ answers: [Answer]) { self.answers = LockedValue(answers) }

        func send(_ request: TransportRequest) async throws -> RawResponse {
            cookies.withLock { $0.append(request.headers[.cookie]) }
            let answer = answers.withLock { $0.isEmpty ? Answer() : $0.removeFirst() }
            let fields = answer.setCookies.map { HeaderField(name: .setCookie, value: $0) }
            return RawResponse(
                status: HTTPStatus(answer.status), headers: HeaderFields(fields), url: request.url)
        }
    }

    @Test func aRetryCarriesTheCookieTheFailedAttemptSet() async throws {
        let jar = clock.jar()
        try jar.receive("token=1; Path=/", from: url("https://api.example.com/"))
        let server = SequencedServer([Answer(status: 503, setCookies: ["token=2; Path=/"])])
        let client = Client(
            baseURL: exampleBase, transport: server,
            middleware: [CookieMiddleware(jar: jar), RetryMiddleware(clock: SteppedClock())])
        let response = try await client.send(CookieMiddlewareRedirectTests.get("data"))
        #expect(response.status == .ok)
        #expect(server.cookies.withLock { $0 } == ["token=1", "token=2"])
    }

    @Test func aFirstHopToAnotherOriginGetsItsJarCookiesButNotTheDeclaredOnes() async throws {
        let jar = clock.jar()
        try jar.receive("mine=a; Path=/", from: url("https://api.example.com/"))
        try jar.receive("cdn=c; Path=/", from: url("https://cdn.example.org/"))
        let server = ScriptedServer([
            "https://cdn.example.org/file": Answer(status: 302, location: "/moved")
        ])
        _ = try await CookieMiddlewareRedirectTests().client(server, jar: jar).send(
            Endpoint<Empty, Never> {
                Method.get
                AbsoluteURL("https://cdn.example.org/file")
                Cookie("token", "t")
            })
        // The first hop and its redirect alike: the jar's cookies for their URL, no declared one.
        #expect(server.urls == ["https://cdn.example.org/file", "https://cdn.example.org/moved"])
        #expect(server.cookies == ["cdn=c", "cdn=c"])
    }

    @Test func aFirstHopToAnotherOriginThatOptedInGetsTheDeclaredCookiesToo() async throws {
        let jar = clock.jar()
        try jar.receive("cdn=c; Path=/", from: url("https://cdn.example.org/"))
        let server = ScriptedServer([:])
        _ = try await CookieMiddlewareRedirectTests().client(server, jar: jar).send(
            Endpoint<Empty, Never> {
                Method.get
                AbsoluteURL(URL(string: "https://cdn.example.org/file")!, sendsSecretsToOtherOrigin: true)
                Cookie("token", "t")
            })
        #expect(server.cookies == ["token=t; cdn=c"])
    }
}
