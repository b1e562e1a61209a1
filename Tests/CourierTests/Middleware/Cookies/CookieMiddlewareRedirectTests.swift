import CourierTestSupport
import CourierTesting
import Foundation
import Testing

@testable import Courier

/// ``CookieMiddleware`` on each redirect hop: every hop gets the cookies of its own URL, and
/// every response's `Set-Cookie` is stored before the next hop is sent.
struct CookieMiddlewareRedirectTests {
    let clock = CookieClock()

    /// What one URL answers: a status, its `Set-Cookie` fields, and a `Location` for a redirect.
    struct Answer {
        var status = 200
        var setCookies: [String] = []
        var location: String?
    }

    /// A transport that answers each absolute URL as `routes` says (200 otherwise) and records
    /// the URL and `Cookie` header of each hop it is sent.
    final class ScriptedServer: Transport {
        let routes: [String: Answer]
        let sent = LockedValue<[(url: String, cookie: String?)]>([])

        init(_ routes: [String: Answer]) { self.routes = routes }

        var cookies: [String?] { sent.withLock { $0.map(\.cookie) } }
        var urls: [String] { sent.withLock { $0.map(\.url) } }

        func send(_ request: TransportRequest) async throws -> RawResponse {
            sent.withLock { $0.append((request.url.absoluteString, request.headers[.cookie])) }
            let answer = routes[request.url.absoluteString] ?? Answer()
            var fields = answer.setCookies.map { HeaderField(name: .setCookie, value: $0) }
            if let location = answer.location { fields.append(HeaderField(name: .location, value: location)) }
            return RawResponse(
                status: HTTPStatus(answer.status), headers: HeaderFields(fields), url: request.url)
        }
    }

    func client(_ server: ScriptedServer, jar: CookieJar) -> Client {
        Client(baseURL: exampleBase, transport: server, middleware: [CookieMiddleware(jar: jar)])
    }

    static func get(_ path: String...) -> Endpoint<Empty, Never> {
        Endpoint<Empty, Never> {
            Method.get
            Path(segments: path)
        }
    }

    @Test func aCookieSetByA302IsStoredAndSentOnTheNextHop() async throws {
        let server = ScriptedServer([
            "https://api.example.com/login": Answer(
                status: 302, setCookies: ["session=s1; Path=/; HttpOnly; Secure"], location: "/home")
        ])
        let jar = clock.jar()
        let response = try await client(server, jar: jar).send(
            Endpoint<Empty, Never> {
                Method.post
                Path("login")
                Body.text("user=a")
            })
        #expect(response.status == .ok)
        #expect(server.urls == ["https://api.example.com/login", "https://api.example.com/home"])
        #expect(server.cookies == [nil, "session=s1"])
        #expect(jar.all.map(\.name) == ["session"])
    }

    @Test func eachHopsSetCookieIsStoredBeforeTheNextHopInOrder() async throws {
        // The second hop replaces the first hop's `step`; the third hop sends the second's.
        let server = ScriptedServer([
            "https://api.example.com/a": Answer(status: 302, setCookies: ["step=1; Path=/"], location: "/b"),
            "https://api.example.com/b": Answer(status: 303, setCookies: ["step=2; Path=/"], location: "/c"),
        ])
        let jar = clock.jar()
        _ = try await client(server, jar: jar).send(Self.get("a"))
        #expect(server.cookies == [nil, "step=1", "step=2"])
        #expect(jar.all.map(\.pair) == ["step=2"])
    }

    @Test func aHopToAnotherHostGetsThatHostsCookiesOnly() async throws {
        let jar = clock.jar()
        try jar.receive("mine=a; Path=/", from: url("https://api.example.com/"))
        try jar.receive("theirs=b; Path=/", from: url("https://other.example.org/"))
        let server = ScriptedServer([
            "https://api.example.com/go": Answer(
                status: 302, setCookies: ["set=here; Path=/"], location: "https://other.example.org/land")
        ])
        _ = try await client(server, jar: jar).send(Self.get("go"))
        #expect(server.cookies == ["mine=a", "theirs=b"])
        // The 302's cookie is the host's that set it.
        #expect(
            jar.all.map { "\($0.name)@\($0.domain)" } == [
                "mine@api.example.com", "theirs@other.example.org", "set@api.example.com",
            ])
    }

    @Test func aSecureCookieIsNotSentOnAnHTTPHop() async throws {
        let jar = clock.jar()
        try jar.receive("secret=s; Path=/; Secure", from: url("https://api.example.com/"))
        try jar.receive("plain=p; Path=/", from: url("https://api.example.com/"))
        let server = ScriptedServer([
            "https://api.example.com/go": Answer(status: 302, location: "http://api.example.com/plain")
        ])
        _ = try await client(server, jar: jar).send(Self.get("go"))
        #expect(server.urls.last == "http://api.example.com/plain")
        #expect(server.cookies == ["secret=s; plain=p", "plain=p"])
    }

    @Test func aHopToAnotherPathGetsTheCookiesOfThatPath() async throws {
        let jar = clock.jar()
        try jar.receive("x=1; Path=/a", from: url("https://api.example.com/"))
        try jar.receive("y=2; Path=/b", from: url("https://api.example.com/"))
        try jar.receive("z=3; Path=/", from: url("https://api.example.com/"))
        let server = ScriptedServer([
            "https://api.example.com/a/start": Answer(status: 307, location: "/b/end")
        ])
        _ = try await client(server, jar: jar).send(Self.get("a", "start"))
        #expect(server.cookies == ["x=1; z=3", "y=2; z=3"])
    }

    @Test func declaredCookiesGoWithSameOriginHopsUntilTheChainLeavesTheOrigin() async throws {
        let jar = clock.jar()
        try jar.receive("o=1; Path=/", from: url("https://other.example.org/"))
        // A → A → B → B → A: the declared `token` is the first origin's secret. It follows the
        // same-origin hop, never reaches B, not even on B's own same-origin hop (whose `Cookie`
        // header carries B's cookies), and does not come back once the chain has left A.
        let server = ScriptedServer([
            "https://api.example.com/go": Answer(status: 302, location: "/same"),
            "https://api.example.com/same": Answer(status: 302, location: "https://other.example.org/x"),
            "https://other.example.org/x": Answer(status: 302, location: "/y"),
            "https://other.example.org/y": Answer(status: 302, location: "https://api.example.com/back"),
        ])
        _ = try await client(server, jar: jar).send(
            Endpoint<Empty, Never> {
                Method.get
                Path("go")
                Cookie("token", "t")
            })
        #expect(server.cookies == ["token=t", "token=t", "o=1", "o=1", nil])
    }

    @Test func aDeclaredCookieStillWinsOverTheJarsOnASameOriginHop() async throws {
        let jar = clock.jar()
        try jar.receive("session=fromjar; Path=/", from: url("https://api.example.com/"))
        try jar.receive("theme=dark; Path=/next", from: url("https://api.example.com/"))
        let server = ScriptedServer(["https://api.example.com/me": Answer(status: 302, location: "/next")])
        _ = try await client(server, jar: jar).send(
            Endpoint<Empty, Never> {
                Method.get
                Path("me")
                Cookie("session", "declared")
            })
        #expect(server.cookies == ["session=declared", "session=declared; theme=dark"])
    }

    struct FailingStorage: CookieStorage {
        struct Refused: Error {}
        func load() throws -> [StoredCookie] { [] }
        func save(_ cookies: [StoredCookie]) throws { throw Refused() }
    }

    @Test func aStorageFailureOnARedirectEndsTheChainWithThatResponse() async throws {
        let server = ScriptedServer([
            "https://api.example.com/login": Answer(
                status: 302, setCookies: ["session=s1; Path=/; Max-Age=60"], location: "/home")
        ])
        let jar = try CookieJar(storage: FailingStorage(), now: { self.clock.now })
        let error = await expectCourierError(.cookieStorageFailed, stage: .middleware) {
            try await client(server, jar: jar).send(Self.get("login"))
        }
        #expect(error?.response?.status.code == 302)
        #expect(error?.url?.absoluteString == "https://api.example.com/login")
        #expect(error?.underlying is FailingStorage.Refused)
        #expect(server.urls == ["https://api.example.com/login"])
        #expect(jar.all.map(\.name) == ["session"])
    }
}
