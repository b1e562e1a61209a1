#if canImport(Testing)
    import Courier
    import CourierTestSupport
    import Foundation
    import Testing

    /// ``MetricsMiddleware`` on real requests with the fault server.
    extension ConformanceCase {
        static let metricsCases: [ConformanceCase] = [
            ConformanceCase(.middleware, "metricsOfARedirectChain") { context in
                let key = FaultServer.uniqueKey()
                let reports = LockedBox<[RequestMetrics]>([])
                let metricsMiddleware = MetricsMiddleware { metrics in reports.withLock { $0.append(metrics) }
                }
                try await context.withClient(middleware: [metricsMiddleware]) { client in
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
                    try await context.faults.expectCounts(key, received: 2...2)
                }
            }
        ]
    }
#endif
