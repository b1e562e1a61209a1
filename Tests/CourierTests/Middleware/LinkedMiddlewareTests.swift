import CourierTestSupport
import CourierTesting
import Foundation
import Testing

@testable import Courier

/// Courier's Logging, Metrics and Validation run in a client's chain as one closure each
/// (``LinkedMiddleware``), not through `intercept`: what they log, record and throw there.
@Suite struct LinkedMiddlewareTests {
    @Test func loggingMetricsAndValidationLinkThemselves() {
        let middleware: [any Middleware] = [
            LoggingMiddleware(sink: CapturingLogSink()), MetricsMiddleware { _ in }, ValidationMiddleware(),
        ]
        #expect(middleware.allSatisfy { $0 is any LinkedMiddleware })
    }

    /// Validation's rejection, thrown inside a linked chain, reaches Metrics, Logging and the
    /// caller as one error at the middleware stage.
    @Test func aRejectionPassesOutThroughTheLinkedChain() async {
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

    /// A middleware the chain does not link still has what it throws mapped before a linked one
    /// around it sees it.
    @Test func anUnlinkedMiddlewaresErrorIsMappedBeforeALinkedOneSeesIt() async {
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
}
