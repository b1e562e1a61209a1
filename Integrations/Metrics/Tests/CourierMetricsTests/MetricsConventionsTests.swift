import CoreMetrics
import Courier
import CourierMetrics
import CourierTestSupport
import CourierTesting
import Foundation
import MetricsTestKit
import Testing

/// CourierMetrics held against OpenTelemetry's HTTP client metric conventions
/// (https://github.com/open-telemetry/semantic-conventions/blob/main/docs/http/http-metrics.md).
@Suite(.serialized) struct MetricsConventionsTests {
    typealias Label = SwiftMetricsObserver.Label

    static func client(
        _ metrics: TestMetrics, transport: any Transport = TodoFixtures.transport(),
        middleware: [any Middleware] = []
    ) -> Client {
        Client(
            baseURL: TodoFixtures.baseURL, transport: transport,
            middleware: [MetricsMiddleware(observer: SwiftMetricsObserver(factory: metrics))] + middleware)
    }

    /// `http.client.active_requests` (UpDownCounter) must come back to 0 once the request is
    /// over: the decrement must hit the series the increment hit. With an absolute URL on another
    /// host, both count the absolute URL's.
    @Test func activeRequestsComeBackToZeroForAnAbsoluteURL() async throws {
        let metrics = TestMetrics()
        let cdn = Endpoint<Empty, Never> {
            Method.get
            AbsoluteURL("http://cdn.example.net:8080/files/report.pdf")
        }
        _ = try await Self.client(metrics).send(cdn)
        let series = metrics.meters.map {
            "\($0.dimensions.map { "\($0)=\($1)" }.joined(separator: ",")) → \($0.values)"
        }
        #expect(metrics.meters.count == 1, "\(series)")
        for meter in metrics.meters {
            #expect(meter.lastValue == 0, "left in flight: \(series)")
        }
        let timer = try #require(metrics.timers.first)
        #expect(timer.dimensions.contains { $0 == ("server.address", "cdn.example.net") })
    }

    /// `http.client.active_requests`: `url.template` is "Conditionally Required: If available",
    /// as on the body sizes; the decrement hits the series the increment hit.
    @Test func activeRequestsCarryTheTemplate() async throws {
        let metrics = TestMetrics()
        _ = try await Self.client(metrics).send(GetTodo(id: 7))
        let meter = try #require(metrics.meters.first)
        #expect(metrics.meters.count == 1)
        #expect(meter.dimensions.contains { $0 == ("url.template", "/todos/{id}") }, "\(meter.dimensions)")
        #expect(meter.values == [1, 0])
    }

    /// `url.template` "MUST have low cardinality": a catalog endpoint sent to a per-call URL (a
    /// pagination link, a file's own URL) goes to that URL's path, which its template does not
    /// describe, so no value carries one; the in-flight meter still comes back to 0.
    @Test func aPerCallURLHasNoTemplate() async throws {
        let metrics = TestMetrics()
        let next = try #require(URL(string: "https://cdn.example.net/files/3f2a9c1e?page=2"))
        _ = try await Self.client(metrics).send(GetTodo(id: 7), options: CallOptions(url: next))
        let timer = try #require(metrics.timers.first)
        #expect(!timer.dimensions.contains { $0.0 == "url.template" }, "\(timer.dimensions)")
        #expect(timer.dimensions.contains { $0 == ("server.address", "cdn.example.net") })
        #expect(metrics.meters.map(\.lastValue) == [0])
        #expect(metrics.meters.allSatisfy { !$0.dimensions.contains { $0.0 == "url.template" } })
    }

    /// "If the HTTP instrumentation could end up converting valid HTTP request methods to `_OTHER`,
    /// then it MUST provide a way to override the list of known HTTP methods" (environment
    /// variable OTEL_INSTRUMENTATION_HTTP_KNOWN_METHODS, or any other way): the whole list.
    @Test func theKnownMethodsCanBeReplaced() async throws {
        let metrics = TestMetrics()
        let observer = SwiftMetricsObserver(factory: metrics, knownMethods: ["GET", "PURGE"])
        let client = Client(
            baseURL: TodoFixtures.baseURL, transport: TodoFixtures.transport(),
            middleware: [MetricsMiddleware(observer: observer)])
        _ = try await client.send(PurgeTodo(id: 7))
        let timer = try #require(metrics.timers.first)
        #expect(timer.dimensions.first { $0.0 == "http.request.method" }?.1 == "PURGE")
    }

    /// `network.protocol.version` is Recommended on `http.client.request.duration`; the transport
    /// reports it on `RawResponse.httpVersion`.
    @Test func theDurationCarriesTheNegotiatedVersion() async throws {
        let metrics = TestMetrics()
        let h2 = StubTransport { request in
            RawResponse(status: .ok, body: TodoFixtures.todoBody, url: request.url, httpVersion: .http2)
        }
        _ = try await Self.client(metrics, transport: h2).send(GetTodo(id: 7))
        let timer = try #require(metrics.timers.first)
        #expect(timer.dimensions.first { $0.0 == "network.protocol.version" }?.1 == "2")
    }

    /// Cardinality: no dimension carries the URL's path or query values, for
    /// an endpoint without a template and for an absolute URL.
    @Test func noPathOrQueryValueIsADimension() async throws {
        let metrics = TestMetrics()
        let plain = Endpoint<Empty, Never> {
            Method.get
            Path("users", "u-12345", "avatar")
            Query("size", "512")
        }
        let presigned = Endpoint<Empty, Never> {
            Method.get
            AbsoluteURL("https://api.example.com/files/u-67890.pdf?sig=sigsecret9&Expires=1700000000")
        }
        _ = try await Self.client(metrics).send(plain)
        _ = try await Self.client(metrics).send(presigned)
        let values =
            (metrics.timers.flatMap(\.dimensions) + metrics.meters.flatMap(\.dimensions)
            + metrics.recorders.flatMap(\.dimensions)).map(\.1)
        for fragment in ["u-12345", "u-67890", "512", "sigsecret9", "1700000000", "/users", "/files"] {
            #expect(!values.contains { $0.contains(fragment) }, "\(fragment) in \(values)")
        }
    }
}
