import CoreMetrics
import Courier
import CourierAsyncHTTPClient
import CourierLogging
import CourierMetrics
import CourierTracing
import InMemoryLogging
import InMemoryTracing
import Logging
import MetricsTestKit
import TodoCatalog
import Tracing

/// One call logged through swift-log, measured through swift-metrics and traced through
/// swift-distributed-tracing, into in-memory backends whose contents the session prints.
///
/// The server under test traces every request with Hummingbird's `TracingMiddleware` and the
/// tracer bootstrapped in `InstrumentationSystem` (``tracer``), so the call's client span and the
/// server's span are both in it: the same trace, the server's span a child of the client's.
enum Observability {
    /// The process's tracer, bootstrapped once by `TodoSession.main`.
    static let tracer = W3CInMemoryTracer()

    /// Sends `GetTodo(id:)` through a client with the three integrations (and `configuration`,
    /// the session's TLS) and prints its log entry, its duration metric and both spans.
    static func step(
        _ run: inout SessionRun, server: BaseURL, transport: any Transport,
        configuration: Client.Configuration, token: BearerToken, id: Int
    )
        async
    {
        let logs = InMemoryLogHandler()
        let logger = Logger(label: "todo-session", factory: { _ in logs })
        let metrics = TestMetrics()
        let client = Client(
            baseURL: server, transport: transport,
            middleware: [
                // AsyncHTTPClient traces each request it sends itself, under the call's span, and
                // injects that span's context: the middleware leaves the headers to it.
                TracingMiddleware(injectsContext: !(transport is AsyncHTTPClientTransport)),
                TraceparentPrinter(),
                MetricsMiddleware(observer: SwiftMetricsObserver(factory: metrics)),
                LoggingMiddleware(logger: logger),
            ], configuration: configuration)
        await run.step(
            "Observability: one call logged, measured and traced across both services",
            GetTodo(token: token, id: id), via: client
        ) { result in
            for entry in logs.entries {
                print("   log:    \(entry.level) [Courier] \(entry.message) \(text(entry.metadata))")
            }
            for timer in metrics.timers {
                let dimensions = timer.dimensions.map { "\($0)=\($1)" }.joined(separator: ", ")
                let seconds = Double(timer.lastValue ?? 0) / 1e9
                print("   metric: \(timer.label){\(dimensions)} \(timer.values.count) value, \(seconds) s")
            }
            // The server ends its span once the body is written, which may be after the client has
            // it: spans are looked for among the active ones too. A span moves from the active ones
            // to the finished ones when it ends, which may be while they are read: the active ones
            // are read first, so that none is missed, and a span read in both counts once.
            let active = tracer.spans.activeSpans.map(SpanLine.init)
            let finished = tracer.spans.finishedSpans.map(SpanLine.init)
            var seen = Set<String>()
            let spans = (finished + active).filter { seen.insert($0.spanID).inserted }
            guard let call = spans.first(where: { $0.kind == .client && $0.name == "GET /v1/todos/{id}" })
            else {
                return expect(false, "no client span named GET /v1/todos/{id}: \(spans)")
            }
            // The call's span, then each child down to the server's: over AsyncHTTPClientTransport,
            // AsyncHTTPClient's own client span (one per request it sends) comes in between.
            var chain = [call]
            while let child = spans.first(where: { $0.parentSpanID == chain[chain.count - 1].spanID }) {
                chain.append(child)
            }
            for span in chain { print("   \(span.kind) span: \(span)") }
            let server = chain.last { $0.kind == .server }
            return expect(
                logs.entries.count == 1 && metrics.timers.count == 1 && server?.traceID == call.traceID,
                "the server's span is in the call's trace \(call.traceID), under the client span \(call.spanID)"
            )
        }
    }

    /// Metadata as `key=value` pairs in key order.
    private static func text(_ metadata: Logger.Metadata) -> String {
        metadata.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: " ")
    }
}

/// A span's name, kind and ids, as the session prints them.
struct SpanLine: CustomStringConvertible {
    let name: String
    let kind: SpanKind
    let traceID: String
    let spanID: String
    let parentSpanID: String?

    init(_ span: FinishedInMemorySpan) {
        self.init(span.operationName, span.kind, span.spanContext)
    }

    init(_ span: InMemorySpan) {
        self.init(span.operationName, span.kind, span.spanContext)
    }

    private init(_ name: String, _ kind: SpanKind, _ context: InMemorySpanContext) {
        self.name = name
        self.kind = kind
        traceID = context.traceID
        spanID = context.spanID
        parentSpanID = context.parentSpanID
    }

    var description: String {
        "\"\(name)\" trace \(traceID) span \(spanID) parent \(parentSpanID ?? "none")"
    }
}

/// Prints the `traceparent` header the tracing middleware before it added, as the request leaves
/// (`none` when the transport adds it).
struct TraceparentPrinter: Middleware {
    func intercept(_ request: EndpointRequest, baseURL: BaseURL, next: Next) async throws -> RawResponse {
        print("   sent:   traceparent: \(request.headers[HeaderName("traceparent")] ?? "none")")
        return try await next(request, baseURL)
    }
}
