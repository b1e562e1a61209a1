import CourierTestSupport
import CourierTesting
import Foundation
import Testing

@testable import Courier

/// The chain a client runs: what every middleware sees and throws, and what each send builds anew.
@Suite struct ClientMiddlewareChainTests {
    /// Counts how often it is encoded.
    struct CountedBody: Encodable, Sendable {
        static let encodings = LockedBox(0)

        func encode(to encoder: any Encoder) throws {
            Self.encodings.withLock { $0 += 1 }
            var container = encoder.singleValueContainer()
            try container.encode("counted")
        }
    }

    static let stored = Endpoint<Empty, Never> {
        Method.get
        Path("v1", "users", 42)
        Query("page", 2)
        Header.accept(.json)
    }

    /// Validation's rejection, thrown inside the chain, reaches Metrics, Logging and the caller as
    /// one error at the middleware stage.
    @Test func aRejectionPassesOutThroughTheChain() async {
        let sink = CapturingLogSink()
        let recorded = LockedValue<[RequestMetrics]>([])
        let client = Client(
            baseURL: exampleBase,
            transport: StubTransport { RawResponse(status: .notFound, body: Data("gone".utf8), url: $0.url) },
            middleware: [
                MetricsMiddleware { metrics in recorded.withLock { $0.append(metrics) } },
                LoggingMiddleware(level: .info, sink: sink),
                ValidationMiddleware(),
            ])
        let error = await expectCourierError(.unacceptableStatus, stage: .middleware) {
            try await client.send(ClientTests.ping)
        }
        #expect(error?.response?.status == .notFound)
        #expect(sink.entries.map(\.level) == [.error])
        #expect(
            sink.entries.first?.message.wholeMatch(
                of: /GET https:\/\/api\.example\.com\/ping → unacceptableStatus \(404\) after \d+ ms: .+/)
                != nil)
        #expect(recorded.withLock { $0.map(\.errorKind) } == [.unacceptableStatus])
        #expect(recorded.withLock { $0.map(\.status) } == [.notFound])
    }

    /// What a middleware throws that is not a ``CourierError`` is mapped before the middleware
    /// around it sees it.
    @Test func aMiddlewaresOwnErrorIsMappedBeforeTheOneAroundItSeesIt() async {
        struct Failing: Middleware {
            struct Refusal: Error {}
            func intercept(_ request: EndpointRequest, baseURL: BaseURL, next: Next) async throws
                -> RawResponse
            {
                throw Refusal()
            }
        }
        let sink = CapturingLogSink()
        let client = Client(
            baseURL: exampleBase, transport: StubTransport { RawResponse(status: .ok, url: $0.url) },
            middleware: [LoggingMiddleware(level: .info, sink: sink), Failing()])
        let error = await expectCourierError(.middlewareFailed, stage: .middleware) {
            try await client.send(ClientTests.ping)
        }
        #expect(error?.underlying is Failing.Refusal)
        #expect(sink.entries.map(\.metadata?.errorKind) == [.middlewareFailed])
    }

    /// A stored endpoint sent again goes out with the defaults of the moment.
    @Test func aStoredEndpointSentAgainTakesTheDefaultsOfTheMoment() async throws {
        let recorder = RecordingTransport()
        let client = Client(baseURL: exampleBase, transport: recorder)
        _ = try await client.send(Self.stored)
        try await client.defaults.setHeader(.authorization, "Bearer one")
        try await client.defaults.setQuery("api_version", "3")
        _ = try await client.send(Self.stored)
        let sent = await recorder.requests
        #expect(
            sent.map(\.url.absoluteString) == [
                "https://api.example.com/v1/users/42?page=2",
                "https://api.example.com/v1/users/42?page=2&api_version=3",
            ])
        #expect(sent.map { $0.headers[.authorization] } == [nil, "Bearer one"])
        #expect(sent.map { $0.headers[.accept] } == ["application/json", "application/json"])
    }

    /// A JSON body runs the value's own encoding at every send.
    @Test func aJSONBodyIsEncodedAtEverySend() async throws {
        let endpoint = Endpoint<Empty, Never> {
            Method.post
            Path("counted")
            Body.json(CountedBody())
        }
        let client = Client(baseURL: exampleBase, transport: RecordingTransport())
        let before = CountedBody.encodings.withLock { $0 }
        _ = try await client.send(endpoint)
        _ = try await client.send(endpoint)
        #expect(CountedBody.encodings.withLock { $0 } - before == 2)
    }

    /// A call made inside another call's middleware ends by the outer call's deadline too, and
    /// its own middleware see the earlier of the two.
    @Test func anInnerCallKeepsTheOuterDeadlineWhenThatComesFirst() async throws {
        let seen = LockedValue<[ContinuousClock.Instant?]>([])
        let inner = Client(
            baseURL: exampleBase, transport: StubTransport { RawResponse(status: .ok, url: $0.url) },
            middleware: [RecordingDeadlines(seen: seen)],
            configuration: Client.Configuration(timeout: Timeout(.seconds(600))))
        let outer = Client(
            baseURL: exampleBase, transport: StubTransport { RawResponse(status: .ok, url: $0.url) },
            middleware: [RecordingDeadlines(seen: seen), CallsInner(inner: [inner])],
            configuration: Client.Configuration(timeout: Timeout(.seconds(20))))
        _ = try await outer.send(ClientTests.ping)
        let deadlines = seen.withLock { $0 }
        #expect(deadlines.count == 2)
        #expect(deadlines.first != nil)
        #expect(deadlines.last == deadlines.first, "the inner call took its own, later deadline")
    }

    /// A call with an earlier total timeout of its own than the call it runs inside keeps its
    /// own deadline; one without a total timeout takes the outer call's.
    @Test func anInnerCallTakesTheEarlierDeadline() async throws {
        let seen = LockedValue<[ContinuousClock.Instant?]>([])
        let answers = StubTransport { RawResponse(status: .ok, url: $0.url) }
        let earlier = Client(
            baseURL: exampleBase, transport: answers, middleware: [RecordingDeadlines(seen: seen)],
            configuration: Client.Configuration(timeout: Timeout(.seconds(20))))
        let unlimited = Client(
            baseURL: exampleBase, transport: answers, middleware: [RecordingDeadlines(seen: seen)])
        let outer = Client(
            baseURL: exampleBase, transport: answers,
            middleware: [RecordingDeadlines(seen: seen), CallsInner(inner: [earlier, unlimited])],
            configuration: Client.Configuration(timeout: Timeout(.seconds(600))))
        _ = try await outer.send(ClientTests.ping)
        let deadlines = seen.withLock { $0 }
        try #require(deadlines.count == 3)
        let (outerDeadline, earlierDeadline, unlimitedDeadline) = (deadlines[0], deadlines[1], deadlines[2])
        let own = try #require(earlierDeadline)
        #expect(own < (try #require(outerDeadline)), "the inner call's own, earlier deadline")
        #expect(unlimitedDeadline == outerDeadline, "a call without a total timeout takes the outer one")
    }

    /// When the outer call's deadline runs out inside an inner call with a later one, the error
    /// names the outer call's timeout.
    @Test func theOuterDeadlineRunningOutNamesTheOuterTimeout() async throws {
        let hangs = StubTransport { _ in
            try await Task.sleep(for: .seconds(60))
            throw CancellationError()
        }
        let inner = Client(
            baseURL: exampleBase, transport: hangs,
            configuration: Client.Configuration(timeout: Timeout(.seconds(600))))
        let outer = Client(
            baseURL: exampleBase, transport: StubTransport { RawResponse(status: .ok, url: $0.url) },
            middleware: [CallsInner(inner: [inner])],
            configuration: Client.Configuration(timeout: Timeout(.milliseconds(200))))
        let error = await #expect(throws: CourierError.self) { try await outer.send(ClientTests.ping) }
        #expect(error?.kind == .timedOut)
        #expect(error?.message.contains("600") == false, "\(error?.message ?? "")")
        #expect(error?.message.contains("0.2 seconds") == true, "\(error?.message ?? "")")
    }
}

/// Records the deadline each request it sees carries.
private struct RecordingDeadlines: Middleware {
    let seen: LockedValue<[ContinuousClock.Instant?]>

    func intercept(_ request: EndpointRequest, baseURL: BaseURL, next: Next) async throws -> RawResponse {
        seen.withLock { $0.append(request.context.deadline) }
        return try await next(request, baseURL)
    }
}

/// Sends a ping through each inner client, in order, before passing the request on.
private struct CallsInner: Middleware {
    let inner: [Client]

    func intercept(_ request: EndpointRequest, baseURL: BaseURL, next: Next) async throws -> RawResponse {
        for client in inner { _ = try await client.send(ClientTests.ping) }
        return try await next(request, baseURL)
    }
}
