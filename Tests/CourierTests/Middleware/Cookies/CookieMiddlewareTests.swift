import CourierTestSupport
import CourierTesting
import Foundation
import Testing

@testable import Courier

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

struct CookieMiddlewareTests {
    let clock = CookieClock()

    /// A transport that answers each request with the next `Set-Cookie` values of `script` and
    /// records the `Cookie` header of each.
    final class CookieServer: Transport {
        let script: [[String]]
        let sent = LockedValue<[String?]>([])

        init(_ script: [[String]]) { self.script = script }

        func send(_ request: TransportRequest) async throws -> RawResponse {
            let index = sent.withLock { sent in
                sent.append(request.headers[.cookie])
                return sent.count - 1
            }
            let fields = (index < script.count ? script[index] : []).map {
                HeaderField(name: .setCookie, value: $0)
            }
            return RawResponse(status: .noContent, headers: HeaderFields(fields), url: request.url)
        }
    }

    static let ping = Endpoint<Empty, Never> {
        Method.get
        Path("account", "ping")
    }

    @Test func cookiesSetByAResponseGoWithTheNextRequest() async throws {
        let server = CookieServer([["session=abc; Path=/; HttpOnly; Secure", "theme=dark"], []])
        let jar = clock.jar()
        let client = Client(
            baseURL: BaseURL("api.example.com"), transport: server, middleware: [CookieMiddleware(jar: jar)])
        _ = try await client.send(Self.ping)
        _ = try await client.send(Self.ping)
        // `theme` has the default path `/account`, which `/account/ping` is under, and which is
        // longer than `session`'s `/`: it goes first.
        #expect(server.sent.withLock { $0 } == [nil, "theme=dark; session=abc"])
    }

    @Test func aDeclaredCookieWinsOverTheJarsOfTheSameName() async throws {
        let server = CookieServer([])
        let jar = clock.jar()
        try jar.receive("session=fromjar; Path=/", from: url("https://api.example.com/"))
        try jar.receive("theme=dark; Path=/", from: url("https://api.example.com/"))
        let client = Client(
            baseURL: BaseURL("api.example.com"), transport: server, middleware: [CookieMiddleware(jar: jar)])
        _ = try await client.send(
            Endpoint<Empty, Never> {
                Method.get
                Path("me")
                Cookie("session", "declared")
            })
        #expect(server.sent.withLock { $0 } == ["session=declared; theme=dark"])
    }

    @Test func cookiesAreAttributedToTheHopThatSetThem() async throws {
        // The first hop redirects to another host, and each sets a cookie: each is its host's.
        let hops = StubTransport { request in
            let isFirst = request.url.host == "api.example.com"
            var fields = [HeaderField(name: .setCookie, value: isFirst ? "a=1" : "b=2")]
            if isFirst { fields.append(HeaderField(name: .location, value: "https://other.example.org/x")) }
            return RawResponse(
                status: isFirst ? HTTPStatus(302) : .noContent, headers: HeaderFields(fields),
                url: request.url)
        }
        let jar = clock.jar()
        let client = Client(
            baseURL: BaseURL("api.example.com"), transport: hops, middleware: [CookieMiddleware(jar: jar)])
        _ = try await client.send(Self.ping)
        #expect(jar.all.map { "\($0.name)@\($0.domain)" } == ["a@api.example.com", "b@other.example.org"])
    }

    struct FailingStorage: CookieStorage {
        struct Refused: Error {}
        func load() throws -> [StoredCookie] { [] }
        func save(_ cookies: [StoredCookie]) throws { throw Refused() }
    }

    @Test func aStorageFailureIsAnErrorThatCarriesTheResponse() async throws {
        let server = CookieServer([["a=1; Max-Age=60"]])
        let jar = try CookieJar(storage: FailingStorage(), now: { self.clock.now })
        let client = Client(
            baseURL: BaseURL("api.example.com"), transport: server, middleware: [CookieMiddleware(jar: jar)])
        let error = await expectCourierError(.cookieStorageFailed, stage: .middleware) {
            try await client.send(Self.ping)
        }
        #expect(error?.response?.status == .noContent)
        #expect(error?.underlying is FailingStorage.Refused)
        #expect(jar.all.map(\.name) == ["a"])
    }
}
