import Courier
import CourierTestSupport
import CourierTesting
import CourierTracing
import Foundation
import InMemoryTracing
import Testing
import Tracing

@Suite struct TracingMiddlewareTests {
    /// A client traced by `tracer`, its middleware after the tracing middleware.
    static func client(
        _ tracer: InMemoryTracer, transport: any Transport = TodoFixtures.transport(),
        middleware: [any Middleware] = []
    ) -> Client {
        Client(
            baseURL: TodoFixtures.baseURL, transport: transport,
            middleware: [TracingMiddleware(tracer: tracer)] + middleware)
    }

    @Test func aCallIsOneClientSpanWithTheConventionsAttributes() async throws {
        let tracer = InMemoryTracer()
        _ = try await Self.client(tracer).send(GetTodo(id: 7))
        let span = try #require(tracer.finishedSpans.first)
        #expect(tracer.finishedSpans.count == 1)
        #expect(tracer.activeSpans.isEmpty)
        #expect(span.operationName == "GET /todos/{id}")
        #expect(span.kind == .client)
        #expect(
            span.attributes == [
                "http.request.method": "GET",
                "url.full": "https://api.example.com/todos/7?api_key=REDACTED",
                "server.address": "api.example.com",
                "server.port": 443,
                "url.scheme": "https",
                "url.template": "/todos/{id}",
                "http.response.status_code": 200,
                "http.request.body.size": 0,
                "http.response.body.size": 29,
            ])
        #expect(span.status == nil)
        #expect(span.errors.isEmpty)
        #expect(span.parentSpanID == nil)
    }

    @Test func theSpansContextIsInjectedIntoTheRequest() async throws {
        let tracer = InMemoryTracer()
        let recording = RecordingTransport(answeringWith: TodoFixtures.transport())
        _ = try await Self.client(tracer, transport: recording).send(GetTodo(id: 7))
        let span = try #require(tracer.finishedSpans.first)
        let sent = try #require(await recording.requests.first)
        #expect(sent.headers[HeaderName("in-memory-trace-id")] == span.traceID)
        #expect(sent.headers[HeaderName("in-memory-span-id")] == span.spanID)
        #expect(sent.headers[.authorization] == "Bearer bearer-secret-1")
        #expect(tracer.performedContextInjections.count == 1)
    }

    @Test func aTransportThatInjectsItselfGetsTheSpanAsTheCurrentContext() async throws {
        let tracer = InMemoryTracer()
        let injected = SeenContext()
        let recording = RecordingTransport(answeringWith: TodoFixtures.transport())
        let client = Client(
            baseURL: TodoFixtures.baseURL, transport: recording,
            middleware: [TracingMiddleware(tracer: tracer, injectsContext: false), injected])
        _ = try await client.send(GetTodo(id: 7))
        let span = try #require(tracer.finishedSpans.first)
        let sent = try #require(await recording.requests.first)
        #expect(sent.headers[HeaderName("in-memory-span-id")] == nil)
        #expect(tracer.performedContextInjections.isEmpty)
        #expect(injected.spanIDs == [span.spanID])
    }

    @Test func aCallInsideASpanIsItsChild() async throws {
        let tracer = InMemoryTracer()
        let parent = tracer.startSpan("handle request", context: .topLevel, ofKind: .server)
        _ = try await ServiceContext.withValue(parent.context) {
            try await Self.client(tracer).send(GetTodo(id: 7))
        }
        parent.end()
        let child = try #require(tracer.finishedSpans.first)
        #expect(child.operationName == "GET /todos/{id}")
        #expect(child.traceID == parent.traceID)
        #expect(child.parentSpanID == parent.spanID)
    }

    @Test func laterMiddlewareRunInTheSpansContext() async throws {
        let tracer = InMemoryTracer()
        let seen = SeenContext()
        _ = try await Self.client(tracer, middleware: [seen]).send(GetTodo(id: 7))
        let span = try #require(tracer.finishedSpans.first)
        #expect(seen.spanIDs == [span.spanID])
    }

    @Test func retriesAndRedirectsAreResendsAndEachAttemptAnEvent() async throws {
        let tracer = InMemoryTracer()
        let hops = ScriptedStatuses([.serviceUnavailable, .ok])
        let transport = StubTransport { request in
            if request.url.path == "/todos/7" {
                return RawResponse(
                    status: 307, headers: [HeaderField(name: .location, value: "/todos/7/current")],
                    url: request.url)
            }
            return RawResponse(status: hops.next(), body: TodoFixtures.todoBody, url: request.url)
        }
        let client = Self.client(
            tracer, transport: transport,
            middleware: [RetryMiddleware(backoff: RetryBackoff(base: .zero)), AttemptEventsMiddleware()])
        _ = try await client.send(GetTodo(id: 7))
        let span = try #require(tracer.finishedSpans.first)
        #expect(tracer.finishedSpans.count == 1)
        // Two attempts of two hops each: one retry and two redirects are resends.
        #expect(span.attributes.get("http.request.resend_count") == .int64(3))
        #expect(span.attributes.get("http.response.status_code") == .int64(200))
        #expect(span.events.map(\.name) == ["courier.attempt", "courier.attempt"])
        #expect(
            span.events.map(\.attributes) == [
                ["courier.attempt": 1, "http.response.status_code": 503],
                ["courier.attempt": 2, "http.response.status_code": 200],
            ])
    }

    @Test func aFailureIsAnErrorWithItsKind() async throws {
        let tracer = InMemoryTracer()
        let refused = StubTransport { _ in throw URLError(.cannotConnectToHost) }
        let client = Self.client(tracer, transport: refused, middleware: [AttemptEventsMiddleware()])
        let error = await #expect(throws: CourierError.self) { try await client.send(GetTodo(id: 7)) }
        let span = try #require(tracer.finishedSpans.first)
        #expect(span.attributes.get("error.type") == .string("cannotConnect"))
        #expect(span.attributes.get("http.response.status_code") == nil)
        #expect(span.status == SpanStatus(code: .error, message: error?.message))
        #expect(span.errors.count == 1)
        let recorded = try #require(span.errors.first?.error as? RedactedError)
        #expect(recorded.kind == .cannotConnect)
        #expect(
            recorded.description
                == "Courier transport error (cannotConnect): \(error?.message ?? "") "
                + "[GET https://api.example.com/todos/7?api_key=REDACTED]")
        #expect(
            span.events.map(\.attributes) == [["courier.attempt": 1, "error.type": "cannotConnect"]])
    }

    @Test func anErrorStatusIsAnErrorSpan() async throws {
        let tracer = InMemoryTracer()
        let client = Self.client(tracer, transport: TodoFixtures.transport([.notFound]))
        _ = try? await client.send(GetTodo(id: 7))
        let span = try #require(tracer.finishedSpans.first)
        #expect(span.attributes.get("error.type") == .string("404"))
        #expect(span.attributes.get("http.response.status_code") == .int64(404))
        #expect(span.status == SpanStatus(code: .error))
        #expect(span.errors.isEmpty)
    }

    @Test func anUnknownMethodIsOther() async throws {
        let tracer = InMemoryTracer()
        _ = try await Self.client(tracer).send(PurgeTodo(id: 7))
        let span = try #require(tracer.finishedSpans.first)
        #expect(span.operationName == "HTTP /todos/{id}/cache")
        #expect(span.attributes.get("http.request.method") == .string("_OTHER"))
        #expect(span.attributes.get("http.request.method_original") == .string("PURGE"))
    }

    @Test func withoutATemplateTheNameIsTheMethod() async throws {
        let tracer = InMemoryTracer()
        let signed = Endpoint<Empty, Never> {
            Method.get
            Path("files", "report.pdf")
            Query("sig", "sig-secret-1")
            Query("X-Goog-Signature", "goog-secret-1")
            Query("password", "password-secret-1")
        }
        _ = try await Self.client(tracer).send(signed)
        let span = try #require(tracer.finishedSpans.first)
        #expect(span.operationName == "GET")
        #expect(span.attributes.get("url.template") == nil)
        #expect(
            span.attributes.get("url.full")
                == .string(
                    "https://api.example.com/files/report.pdf?sig=REDACTED&X-Goog-Signature=REDACTED&password=REDACTED"
                ))
    }

    /// Every text a span carries, as an exporter would write it: name, attributes, events,
    /// recorded errors (`String(describing:)`, as swift-otel's `exception.message`) and status.
    static func exported(_ span: FinishedInMemorySpan) -> String {
        var parts = [span.operationName, "\(span.attributes)"]
        parts += span.events.map { "\($0.name) \($0.attributes)" }
        parts += span.errors.map { String(describing: $0.error) + " " + String(reflecting: $0.error) }
        parts.append(span.status.map { "\($0.code) \($0.message ?? "")" } ?? "")
        return parts.joined(separator: "\n")
    }

    @Test(arguments: [false, true])
    func noSecretReachesTheSpan(failing: Bool) async throws {
        let tracer = InMemoryTracer()
        // A server (or a transport's error) that echoes the URL and the credentials back.
        let echo = StubTransport { request in
            let text = "\(request.url) \(request.headers.map(\.value))"
            if failing { throw EchoedError(text: text) }
            return RawResponse(status: .badRequest, body: Data(text.utf8), url: request.url)
        }
        let client = Self.client(tracer, transport: echo, middleware: [AttemptEventsMiddleware()])
        // The bearer token is echoed in the path too, where `url.full` must hide it as logs do.
        let session = Endpoint<Empty, Never> {
            Method.get
            Path("sessions", "bearer-secret-1")
            Query("api_key", "query-secret-1")
            Header.bearer("bearer-secret-1")
        }
        _ = try? await client.send(session)
        let span = try #require(tracer.finishedSpans.first)
        #expect(span.errors.count == (failing ? 1 : 0))
        #expect(span.status?.code == .error)
        let text = Self.exported(span)
        #expect(text.contains("https://api.example.com/sessions/REDACTED?api_key=REDACTED"), "\(text)")
        for secret in TodoFixtures.secrets {
            #expect(!text.contains(secret), "\(secret) reached the span: \(text)")
        }
    }

    @Test func aCancelledCallEndsItsSpan() async throws {
        let tracer = InMemoryTracer()
        let (entered, enter) = AsyncStream.makeStream(of: Void.self)
        // Never answers: nothing is ever yielded to `never`, so only the cancellation ends the call.
        let (never, open) = AsyncStream.makeStream(of: Void.self)
        let hanging = StubTransport { _ in
            enter.yield()
            for await _ in never {}
            throw CancellationError()
        }
        let client = Self.client(tracer, transport: hanging, middleware: [AttemptEventsMiddleware()])
        let call = Task { try await client.send(GetTodo(id: 7)) }
        for await _ in entered { break }
        #expect(tracer.activeSpans.count == 1)
        call.cancel()
        await #expect(throws: CourierError.self) { try await call.value }
        let span = try #require(tracer.finishedSpans.first)
        #expect(tracer.activeSpans.isEmpty)
        #expect(span.attributes.get("error.type") == .string("cancelled"))
        #expect(span.status?.code == .error)
        #expect((span.errors.first?.error as? RedactedError)?.kind == .cancelled)
        #expect(span.events.map(\.attributes) == [["courier.attempt": 1, "error.type": "cancelled"]])
        open.finish()
    }

    @Test func anAttemptCutShortByTheTimeoutIsTimedOutAsOnTheSpan() async throws {
        let tracer = InMemoryTracer()
        let hanging = StubTransport { request in
            try await Task.sleep(for: .seconds(50))
            return RawResponse(status: .ok, url: request.url)
        }
        let client = Client(
            baseURL: TodoFixtures.baseURL, transport: hanging,
            middleware: [TracingMiddleware(tracer: tracer), AttemptEventsMiddleware()],
            configuration: Client.Configuration(timeout: Timeout(.milliseconds(100))))
        let error = await #expect(throws: CourierError.self) { try await client.send(GetTodo(id: 7)) }
        #expect(error?.kind == .timedOut)
        // The caller has its timeout at once; the cancelled chain ends the span as it unwinds. A
        // chain left running would end it only after the transport's 50 s.
        let clock = ContinuousClock()
        let start = clock.now
        while tracer.finishedSpans.isEmpty, start.duration(to: clock.now) < .seconds(45) {
            try await Task.sleep(for: .milliseconds(10))
        }
        let span = try #require(tracer.finishedSpans.first)
        #expect(span.attributes.get("error.type") == .string("timedOut"))
        #expect((span.errors.first?.error as? RedactedError)?.kind == .timedOut)
        #expect(span.events.map(\.attributes) == [["courier.attempt": 1, "error.type": "timedOut"]])
    }

    @Test func attemptEventsWithoutATracingMiddlewareDoNothing() async throws {
        let client = Client(
            baseURL: TodoFixtures.baseURL, transport: TodoFixtures.transport(),
            middleware: [AttemptEventsMiddleware()])
        #expect(try await client.value(GetTodo(id: 7)) == Todo(id: 7, title: "Write docs"))
    }
}

/// Notes the in-memory span id of the context each request is sent in.
struct SeenContext: Middleware {
    private let seen = LockedBox<[String]>([])

    var spanIDs: [String] { seen.get() }

    func intercept(_ request: EndpointRequest, baseURL: BaseURL, next: Next) async throws -> RawResponse {
        let id = ServiceContext.current?.inMemorySpanContext?.spanID ?? "none"
        seen.withLock { $0.append(id) }
        return try await next(request, baseURL)
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

/// An error whose description is whatever the transport saw.
struct EchoedError: Error, CustomStringConvertible {
    var text: String
    var description: String { text }
}
