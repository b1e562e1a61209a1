import Courier
import CourierTestSupport
import CourierTransportConformance
import Foundation
import Testing

/// Metrics middleware on real requests with the fault server.
@Suite(.enabled(if: FaultServer.isAvailable, FaultServer.skipReason), .timeLimit(.minutes(1)))
struct MetricsFaultTests {
    let server: FaultServer

    init() throws {
        server = try FaultServer.current()
    }

    @Test func metricsOfARedirectChain() async throws {
        let key = FaultServer.uniqueKey()
        let reports = LockedBox<[RequestMetrics]>([])
        let client = Client(
            baseURL: server.primary,
            middleware: [MetricsMiddleware { metrics in reports.withLock { $0.append(metrics) } }],
            configuration: Client.Configuration(timeout: Timeout(.seconds(30)))
        )
        let response = try await client.send(
            Endpoint<Data, Never> {
                Method.get
                Path("redirect", "cross-host")
                Query("to", "/ok?size=1000")
                Header("X-Count-Key", key)
            })
        #expect(response.value == FaultServer.pattern(1000))
        let metrics = try #require(reports.get().first)
        #expect(reports.get().count == 1)
        #expect(metrics.status == .ok)
        #expect(metrics.errorKind == nil)
        #expect(metrics.attempts == 1)
        #expect(metrics.redirects == 1)
        #expect(metrics.bytesSent == 0)
        #expect(metrics.bytesReceived == 1000)
        #expect(metrics.path == "/redirect/cross-host")
        let firstByte = try #require(metrics.timeToFirstByte)
        #expect(firstByte <= metrics.duration)
        try await server.expectCounts(key, received: 2...2)
    }
}
