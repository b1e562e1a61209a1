import CoreMetrics
import Courier
import CourierMetrics
import CourierTestSupport
import CourierTesting
import Foundation
import MetricsTestKit
import Testing

@Suite struct SwiftMetricsObserverTests {
    typealias Label = SwiftMetricsObserver.Label

    /// A client measuring into `metrics`, first in the list, then `middleware`.
    static func client(
        _ metrics: TestMetrics, baseURL: BaseURL = TodoFixtures.baseURL,
        transport: any Transport = TodoFixtures.transport(),
        middleware: [any Middleware] = []
    ) -> Client {
        Client(
            baseURL: baseURL, transport: transport,
            middleware: [MetricsMiddleware(observer: SwiftMetricsObserver(factory: metrics))] + middleware)
    }

    /// Every dimension of a metric as `name=value`, in the order recorded.
    static func text(_ dimensions: [(String, String)]) -> [String] {
        dimensions.map { "\($0)=\($1)" }
    }

    @Test func aCallIsOneDurationWithTheConventionsDimensions() async throws {
        let metrics = TestMetrics()
        _ = try await Self.client(metrics).send(GetTodo(id: 7))
        let timers = metrics.timers
        #expect(timers.map(\.label) == ["http.client.request.duration"])
        let timer = try #require(timers.first)
        #expect(
            Self.text(timer.dimensions) == [
                "http.request.method=GET", "server.address=api.example.com", "server.port=443",
                "url.scheme=https", "url.template=/todos/{id}", "http.response.status_code=200",
            ])
        #expect(timer.displayUnit == .seconds)
        #expect(timer.values.count == 1)
        #expect(try #require(timer.lastValue) > 0)
    }

    @Test func bodySizesAreRecordedWithTheSameDimensions() async throws {
        let metrics = TestMetrics()
        _ = try await Self.client(metrics).send(GetTodo(id: 7))
        let dimensions = try #require(metrics.timers.first).dimensions
        #expect(try metrics.expectRecorder(Label.requestBodySize, dimensions).values == [0])
        #expect(try metrics.expectRecorder(Label.responseBodySize, dimensions).values == [29])
        #expect(metrics.recorders.count == 2)
    }

    @Test func activeRequestsCountWhatIsInFlight() async throws {
        let metrics = TestMetrics()
        let (entered, enter) = AsyncStream.makeStream(of: Void.self)
        let (released, release) = AsyncStream.makeStream(of: Void.self)
        let gated = StubTransport { request in
            enter.yield()
            for await _ in released { break }
            return RawResponse(status: .ok, body: TodoFixtures.todoBody, url: request.url)
        }
        let client = Self.client(metrics, transport: gated)
        let call = Task { try await client.send(GetTodo(id: 7)) }
        for await _ in entered { break }
        let meter = try metrics.expectMeter(
            Label.activeRequests,
            [
                ("http.request.method", "GET"), ("server.address", "api.example.com"),
                ("server.port", "443"), ("url.scheme", "https"), ("url.template", "/todos/{id}"),
            ])
        #expect(meter.lastValue == 1)
        release.yield()
        _ = try await call.value
        #expect(meter.values == [1, 0])
        #expect(metrics.meters.count == 1)
    }

    @Test func aCancelledCallLeavesNothingInFlight() async throws {
        let metrics = TestMetrics()
        let (entered, enter) = AsyncStream.makeStream(of: Void.self)
        // Never answers: nothing is ever yielded to `never`, so only the cancellation ends the call.
        let (never, open) = AsyncStream.makeStream(of: Void.self)
        let hanging = StubTransport { _ in
            enter.yield()
            for await _ in never {}
            throw CancellationError()
        }
        let call = Task { try await Self.client(metrics, transport: hanging).send(GetTodo(id: 7)) }
        for await _ in entered { break }
        let meter = try metrics.expectMeter(Label.activeRequests, metrics.meters[0].dimensions)
        #expect(meter.values == [1])
        call.cancel()
        await #expect(throws: CourierError.self) { try await call.value }
        #expect(meter.values == [1, 0])
        #expect(
            metrics.timers.map { Self.text($0.dimensions) } == [
                [
                    "http.request.method=GET", "server.address=api.example.com", "server.port=443",
                    "url.scheme=https", "url.template=/todos/{id}", "error.type=cancelled",
                ]
            ])
        open.finish()
    }

    @Test func aMultiSegmentParameterGivesNoTemplateAndNoPathValue() async throws {
        // A server cannot read a path parameter of several segments back, so the catalog gives the
        // endpoint no template: the dimension is left out rather than filled from the real path.
        let metrics = TestMetrics()
        let client = Self.client(metrics, baseURL: BaseURL("https://api.example.com/v1"))
        _ = try await client.send(FileAtPath(path: "reports/2024/q1.pdf"))
        #expect(metrics.timers.count == 1)
        #expect(metrics.timers.map { $0.dimensions.first { $0.0 == "url.template" }?.1 } == [nil])
        #expect(!metrics.timers.flatMap(\.dimensions).contains { $0.1.contains("reports") })
    }

    @Test func theRootUnderABasePathIsTheBasePath() async throws {
        let metrics = TestMetrics()
        _ = try await Self.client(metrics, baseURL: BaseURL("https://api.example.com/v1")).send(Root())
        #expect(
            metrics.timers.map { Self.text($0.dimensions) } == [
                [
                    "http.request.method=GET", "server.address=api.example.com", "server.port=443",
                    "url.scheme=https", "url.template=/v1", "http.response.status_code=200",
                ]
            ])
    }

    @Test func aFailureHasItsKindAsTheErrorType() async throws {
        let metrics = TestMetrics()
        let refused = StubTransport { _ in throw URLError(.cannotConnectToHost) }
        await #expect(throws: CourierError.self) {
            try await Self.client(metrics, transport: refused).send(GetTodo(id: 7))
        }
        #expect(
            metrics.timers.map { Self.text($0.dimensions) } == [
                [
                    "http.request.method=GET", "server.address=api.example.com", "server.port=443",
                    "url.scheme=https", "url.template=/todos/{id}", "error.type=cannotConnect",
                ]
            ])
        #expect(try metrics.expectMeter(Label.activeRequests, metrics.meters[0].dimensions).values == [1, 0])
    }

    @Test func anErrorStatusIsTheErrorType() async throws {
        let metrics = TestMetrics()
        // Undocumented, so the call throws after the middleware has measured the response.
        await #expect(throws: CourierError.self) {
            try await Self.client(metrics, transport: TodoFixtures.transport([.notFound])).send(
                Endpoint<Empty, Never> {
                    Method.get
                    Path("missing")
                })
        }
        #expect(
            metrics.timers.map { Self.text($0.dimensions) } == [
                [
                    "http.request.method=GET", "server.address=api.example.com", "server.port=443",
                    "url.scheme=https", "http.response.status_code=404", "error.type=404",
                ]
            ])
    }

    @Test func theTemplateStartsWithTheBasePathAndAnUnknownMethodIsOther() async throws {
        let metrics = TestMetrics()
        let client = Self.client(metrics, baseURL: BaseURL("http://127.0.0.1:8080/api/v1"))
        _ = try await client.send(GetTodo(id: 7))
        _ = try await client.send(PurgeTodo(id: 7))
        // TestMetrics keeps its timers in no particular order: sorted by method.
        #expect(
            metrics.timers.map { Self.text($0.dimensions) }.sorted { $0[0] < $1[0] } == [
                [
                    "http.request.method=GET", "server.address=127.0.0.1", "server.port=8080",
                    "url.scheme=http",
                    "url.template=/api/v1/todos/{id}", "http.response.status_code=200",
                ],
                [
                    "http.request.method=_OTHER", "server.address=127.0.0.1", "server.port=8080",
                    "url.scheme=http", "url.template=/api/v1/todos/{id}/cache",
                    "http.response.status_code=200",
                ],
            ])
    }

    @Test func retriesAndRedirectsAreOneMeasurementOfOneBody() async throws {
        let metrics = TestMetrics()
        let hops = ScriptedStatuses([.serviceUnavailable, .ok])
        let transport = StubTransport { request in
            if request.url.path == "/todos" {
                return RawResponse(
                    status: 307, headers: [HeaderField(name: .location, value: "/todos/new")],
                    url: request.url)
            }
            return RawResponse(status: hops.next(), body: TodoFixtures.todoBody, url: request.url)
        }
        let client = Self.client(
            metrics, transport: transport,
            middleware: [RetryMiddleware(backoff: RetryBackoff(base: .zero), retryableStatuses: [503])])
        _ = try await client.send(CreateTodo(title: "Write docs"))
        let timer = try #require(metrics.timers.first)
        #expect(metrics.timers.count == 1)
        #expect(timer.values.count == 1)
        // {"title":"Write docs"} is 22 bytes, sent on each of two attempts of two hops each: the
        // conventions' size is the payload's, once; the response's is the final one's.
        #expect(try metrics.expectRecorder(Label.requestBodySize, timer.dimensions).values == [22])
        #expect(try metrics.expectRecorder(Label.responseBodySize, timer.dimensions).values == [29])
    }
}

/// `PURGE /todos/{id}/cache`: a method the conventions do not name.
struct PurgeTodo: CatalogEndpoint {
    typealias Success = Empty
    typealias Failure = Never

    var id: Int

    var definition: some EndpointDefinition {
        Method("PURGE")
        Path("todos", id, "cache")
    }
}

/// `POST /todos`, idempotent by declaration so that it may be retried.
struct CreateTodo: CatalogEndpoint {
    typealias Success = Empty
    typealias Failure = Never

    var title: String

    var definition: some EndpointDefinition {
        Method.post
        Path("todos")
        Idempotent()
        Body.json(["title": title])
    }
}

/// `GET /files/{path}`: a path of any number of segments, which the template shows as one.
struct FileAtPath: CatalogEndpoint {
    typealias Success = Empty
    typealias Failure = Never

    var path: String

    var definition: some EndpointDefinition {
        Method.get
        Path("files")
        Path(segments: path.split(separator: "/").map(String.init))
    }
}

/// `GET /`: the base URL itself.
struct Root: CatalogEndpoint {
    typealias Success = Empty
    typealias Failure = Never

    var definition: some EndpointDefinition {
        Method.get
    }
}
