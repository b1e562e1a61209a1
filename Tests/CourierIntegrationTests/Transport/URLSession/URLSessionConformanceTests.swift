import Courier
import CourierTestSupport
import Foundation
import Testing

/// The URLSession transport against real servers on 127.0.0.1 and 127.0.0.2.
@Suite(.enabled(if: LoopbackServers.isAvailable, LoopbackServers.skipReason), .timeLimit(.minutes(1)))
struct URLSessionTransportTests {
    let servers: LoopbackServers
    let httpbin: Client
    let loopback: Client

    init() throws {
        servers = try LoopbackServers.current()
        httpbin = Client(baseURL: servers.httpbin)
        loopback = Client(baseURL: servers.loopback)
    }

    struct HTTPBinAnything: Decodable, Sendable {
        let method: String
        let args: [String: String]
        let headers: [String: String]
        let json: User?
    }

    struct User: Codable, Sendable, Equatable {
        let id: Int
        let name: String
    }

    @Test func getArrivesWithItsQueryAndHeaders() async throws {
        let endpoint = Endpoint<HTTPBinAnything, Never> {
            Method.get
            Path("anything", "a b")
            Query("q", "a+b c")
            Query("amp", "x&y=z")
            Header("X-Courier-Test", "yes")
        }
        let response = try await httpbin.send(endpoint)
        let seen = try #require(response.value)
        #expect(response.status == .ok)
        #expect(seen.method == "GET")
        #expect(seen.args == ["q": "a+b c", "amp": "x&y=z"])
        #expect(seen.headers["X-Courier-Test"] == "yes")
        #expect(response.headers["CONTENT-TYPE"] == "application/json")
    }

    @Test func jsonPostArrivesAsJSON() async throws {
        let endpoint = Endpoint<HTTPBinAnything, Never> {
            Method.post
            Path("anything")
            Body.json(User(id: 7, name: "Grace"))
        }
        let seen = try #require(try await httpbin.send(endpoint).value)
        #expect(seen.method == "POST")
        #expect(seen.json == User(id: 7, name: "Grace"))
        #expect(seen.headers["Content-Type"] == "application/json")
    }

    @Test func documentedErrorDecodesAsTheErrorModel() async throws {
        let endpoint = Endpoint<User, ServerError> {
            Method.get
            Path("error", 404)
        }
        let response = try await loopback.send(endpoint)
        #expect(response.status == .notFound)
        guard case .failure(let error) = response.result else {
            Issue.record("expected the documented error, got \(response.result)")
            return
        }
        #expect(error == ServerError(message: "error 404", code: 404))
    }

    @Test func htmlErrorPageIsAStatusErrorNotADecodingError() async throws {
        let error = await expectCourierError(.undocumentedStatus, stage: .status) {
            try await loopback.send(
                Endpoint<User, ServerError> {
                    Method.get
                    Path("html-error", 502)
                })
        }
        #expect(error?.response?.status == 502)
        #expect(error?.response?.body == Data("<html><body>Bad gateway</body></html>".utf8))
    }

    @Test func encodingReachesTheWireExactly() async throws {
        let endpoint = Endpoint<Echo, Never> {
            Method("PURGE")
            Path("echo", "a/b", "c d", "..%2F")
            Query("q", "a+b c")
            Query("q", "second")
            Query("sym", "&=#%/?@")
        }
        let echo = try #require(try await loopback.send(endpoint).value)
        #expect(echo.method == "PURGE")
        #expect(echo.target == "/echo/a%2Fb/c%20d/..%252F?q=a%2Bb%20c&q=second&sym=%26%3D%23%25%2F%3F%40")
    }

    @Test func crossOriginRedirectArrivesWithoutCredentials() async throws {
        let target = "\(servers.alternate)/echo/landed"
        let endpoint = Endpoint<Echo, Never> {
            Method.get
            Path("redirect")
            Query("status", 302)
            Query("to", target)
            Header.bearer("top-secret")
            Header("Cookie", "session=1")
            Header("X-Api-Key", "k", isSecret: true)
            Header("X-Plain", "kept")
        }
        let response = try await loopback.send(endpoint)
        let echo = try #require(response.value)
        #expect(echo.target == "/echo/landed")
        #expect(echo.header("Host") == "127.0.0.2:\(servers.alternate.port ?? 0)")
        #expect(echo.header("Authorization") == nil)
        #expect(echo.header("Cookie") == nil)
        #expect(echo.header("X-Api-Key") == nil)
        #expect(echo.header("X-Plain") == "kept")
        #expect(response.url?.host == "127.0.0.2")
    }

    @Test func sameOriginRedirectKeepsCredentials() async throws {
        let endpoint = Endpoint<Echo, Never> {
            Method.get
            Path("redirect")
            Query("status", 302)
            Query("to", "/echo/same")
            Header.bearer("top-secret")
        }
        let echo = try #require(try await loopback.send(endpoint).value)
        #expect(echo.target == "/echo/same")
        #expect(echo.header("Authorization") == "Bearer top-secret")
    }

    @Test func temporaryRedirectKeepsMethodAndBody() async throws {
        let payload = String(repeating: "body-bytes ", count: 100)
        let endpoint = Endpoint<Echo, Never> {
            Method.post
            Path("redirect")
            Query("status", 307)
            Query("to", "/echo/kept")
            Body.text(payload)
        }
        let echo = try #require(try await loopback.send(endpoint).value)
        #expect(echo.method == "POST")
        #expect(echo.target == "/echo/kept")
        #expect(echo.body == payload)
        #expect(echo.header("Content-Type") == "text/plain; charset=utf-8")
    }

    @Test func seeOtherTurnsPostIntoGetWithoutBody() async throws {
        let endpoint = Endpoint<Echo, Never> {
            Method.post
            Path("redirect")
            Query("status", 303)
            Query("to", "/echo/other")
            Body.text("dropped")
        }
        let echo = try #require(try await loopback.send(endpoint).value)
        #expect(echo.method == "GET")
        #expect(echo.bodyLength == 0)
    }

    @Test func fileRedirectIsRefused() async {
        await expectCourierError(.unsupportedRedirect) {
            try await loopback.send(
                Endpoint<Echo, Never> {
                    Method.get
                    Path("redirect")
                    Query("to", "file:///etc/passwd")
                })
        }
    }

    @Test func responseOverTheLimitFailsAndUnderTheLimitSucceeds() async throws {
        let limited = Client(
            baseURL: servers.loopback, transport: URLSessionTransport(responseLimit: 1024 * 1024))
        let small = try await limited.send(
            Endpoint<Data, Never> {
                Method.get
                Path("bytes", 1024 * 1024)
            })
        #expect(small.value?.count == 1024 * 1024)
        let error = await expectCourierError(.responseTooLarge, stage: .transport) {
            try await limited.send(
                Endpoint<Data, Never> {
                    Method.get
                    Path("bytes", 8 * 1024 * 1024)
                })
        }
        #expect(error?.message == "The response body exceeded the limit of 1048576 bytes.")
    }

    @Test func cancellationStopsAStalledRequestPromptly() async throws {
        let key = UUID().uuidString
        let client = loopback
        let task = Task {
            try await client.send(
                Endpoint<Empty, Never> {
                    Method.get
                    Path("stall")
                    Query("seconds", 30)
                    Header("X-Count-Key", key)
                })
        }
        try await waitUntil("the server received the request", every: .milliseconds(20)) {
            try await client.value(
                Endpoint<RequestCount, Never> {
                    Method.get
                    Path("count", key)
                }
            ).received > 0
        }
        // Measured from the cancellation: the server answers 30 s after it received the request;
        // the cancellation took under 0.7 s even with the machine at load 12.
        let cancelled = ContinuousClock.now
        task.cancel()
        await expectCourierError(.cancelled, stage: .transport) { try await task.value }
        #expect(ContinuousClock.now - cancelled < .seconds(15))
    }

    @Test func endpointTimeoutEndsAStalledRequest() async throws {
        await expectCourierError(.timedOut) {
            try await loopback.send(
                Endpoint<Empty, Never> {
                    Method.get
                    Path("stall")
                    Query("seconds", 30)
                    Timeout(.seconds(1))
                })
        }
    }

    @Test func endpointTimeoutIsATotalDeadlineEvenForASlowDrip() async throws {
        // 100 bytes, one every 0.3 s, 30 s in all: the connection is never idle for long (the
        // idle timeout is 10 s), so only a total deadline can end it (URLSession on Linux treats
        // its timeout as an idle timeout). Without it the body would arrive whole; the message
        // names the total timeout, so no wall-clock bound is needed.
        let error = await expectCourierError(.timedOut) {
            try await loopback.send(
                Endpoint<Data, Never> {
                    Method.get
                    Path("drip")
                    Query("bytes", 100)
                    Query("interval", 0.3)
                    Timeout(.seconds(1), idle: .seconds(10))
                })
        }
        #expect(error?.message.contains("within its timeout of 1") == true, "\(error?.message ?? "")")
    }

    @Test func anAlreadyCancelledTaskSendsNothing() async throws {
        let key = UUID().uuidString
        let client = loopback
        let task = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return try await client.send(
                Endpoint<Empty, Never> {
                    Method.post
                    Path("echo")
                    Header("X-Count-Key", key)
                    Body.text("must not arrive")
                })
        }
        await expectCourierError(.cancelled) { try await task.value }
        let count = try await loopback.value(
            Endpoint<RequestCount, Never> {
                Method.get
                Path("count", key)
            })
        #expect(count.received == 0)
    }

    @Test func emptyTextAndHeadResponses() async throws {
        #expect(
            try await loopback.send(
                Endpoint<Empty, Never> {
                    Method.get
                    Path("empty", 204)
                }
            ).status == .noContent)
        #expect(
            try await loopback.send(
                Endpoint<String, Never> {
                    Method.get
                    Path("text")
                }
            ).value == "héllo wörld")
        #expect(
            try await loopback.send(
                Endpoint<Empty, Never> {
                    Method.head
                    Path("json")
                }
            ).status == .ok)
        let optional = try await loopback.send(
            Endpoint<Echo?, Never> {
                Method.get
                Path("empty", 200)
            })
        #expect(optional.status == .ok)
        #expect(optional.value.map { $0 == nil } == true)
    }

    @Test func nothingListensGivesCannotConnect() async throws {
        let closed = Client(baseURL: try BaseURL(validating: "http://127.0.0.1:9"))
        await expectCourierError(.cannotConnect) {
            try await closed.send(Endpoint<Empty, Never> { Method.get })
        }
    }
}
