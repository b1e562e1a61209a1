import InMemoryTracing
import Tracing

/// swift-distributed-tracing's `InMemoryTracer` with W3C trace context on the wire: ids as W3C
/// writes them, and a `traceparent` header injected and extracted, as swift-otel's propagator does.
///
/// The example's stand-in for an exporter: both services of todo-session run in one process, so
/// one tracer holds the client's span and the server's, and the session prints them.
struct W3CInMemoryTracer: Tracer {
    /// Keeps every span.
    let spans = InMemoryTracer(
        idGenerator: InMemoryTracer.IDGenerator(
            nextTraceID: { hex(UInt64.random(in: 1...UInt64.max)) + hex(UInt64.random(in: 1...UInt64.max)) },
            nextSpanID: { hex(UInt64.random(in: 1...UInt64.max)) }))

    func startSpan<Instant: TracerInstant>(
        _ operationName: String, context: @autoclosure () -> ServiceContext, ofKind kind: SpanKind,
        at instant: @autoclosure () -> Instant, function: String, file fileID: String, line: UInt
    ) -> InMemorySpan {
        spans.startSpan(
            operationName, context: context(), ofKind: kind, at: instant(), function: function,
            file: fileID, line: line)
    }

    func activeSpan(identifiedBy context: ServiceContext) -> InMemorySpan? {
        spans.activeSpan(identifiedBy: context)
    }

    func forceFlush() {
        spans.forceFlush()
    }

    /// Writes `traceparent: 00-<trace id>-<span id>-01` for the context's span.
    func inject<Carrier, Inject: Injector>(
        _ context: ServiceContext, into carrier: inout Carrier, using injector: Inject
    ) where Inject.Carrier == Carrier {
        guard let span = context.inMemorySpanContext else { return }
        injector.inject("00-\(span.traceID)-\(span.spanID)-01", forKey: "traceparent", into: &carrier)
    }

    /// Reads a `traceparent` header into the context, as the remote parent of the next span.
    func extract<Carrier, Extract: Extractor>(
        _ carrier: Carrier, into context: inout ServiceContext, using extractor: Extract
    ) where Extract.Carrier == Carrier {
        guard let header = extractor.extract(key: "traceparent", from: carrier) else { return }
        let parts = header.split(separator: "-")
        guard parts.count == 4, parts[0] == "00", parts[1].count == 32, parts[2].count == 16 else { return }
        context.inMemorySpanContext = InMemorySpanContext(
            traceID: String(parts[1]), spanID: String(parts[2]), parentSpanID: nil)
    }
}

/// Sixteen lowercase hexadecimal digits.
private func hex(_ value: UInt64) -> String {
    let digits = String(value, radix: 16)
    return String(repeating: "0", count: 16 - digits.count) + digits
}
