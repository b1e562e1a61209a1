#if canImport(Testing)
    import Courier
    import CourierTestSupport
    import Foundation
    import Testing

    /// ``LoggingMiddleware`` on real requests with the fault server: no secret reaches the log, not
    /// across a cross-host redirect and not in a body that echoes it.
    extension ConformanceCase {
        static let loggingCases: [ConformanceCase] = [
            ConformanceCase(.middleware, "aRedirectToTheOtherHostLogsNoSecret") { context in
                let key = FaultServer.uniqueKey()
                let secrets = LogSecrets()
                let sink = RecordingLogSink()
                try await context.withClient(middleware: [logging(to: sink)]) { client in
                    let response = try await client.send(
                        Endpoint<FaultServer.Echo, Never> {
                            Method.get
                            Path("redirect", "cross-host")
                            Query("to", "/echo")
                            Query("sig", secrets.signature)
                            Header.bearer(secrets.bearer)
                            Header("Cookie", "session=\(secrets.cookie)")
                            Header("X-Count-Key", key)
                        })
                    let echo = try #require(response.value)
                    #expect(echo.target == "/echo")
                    #expect(echo.host == "127.0.0.2:\(context.faults.primary.port ?? 0)")
                    let lines = sink.lines
                    let origin = context.faults.primary.origin
                    let alternate = context.faults.alternate.origin
                    #expect(lines.first == "→ GET \(origin)/redirect/cross-host?to=%2Fecho&sig=<redacted>")
                    #expect(lines.contains("  Authorization: <redacted>"))
                    #expect(lines.contains("  Cookie: <redacted>"))
                    #expect(
                        lines.contains {
                            $0.hasPrefix(
                                "GET \(origin)/redirect/cross-host?to=%2Fecho&sig=<redacted> → 200 from \(alternate)/echo ("
                            )
                        })
                    expectNoLeak(secrets, in: lines)
                    try await context.faults.expectCounts(key, received: 2...2)
                }
            },
            ConformanceCase(.middleware, "anEchoOfTheSecretsIsHiddenInTheBody") { context in
                let key = FaultServer.uniqueKey()
                let secrets = LogSecrets()
                let sink = RecordingLogSink()
                try await context.withClient(middleware: [logging(to: sink)]) { client in
                    let response = try await client.send(
                        Endpoint<FaultServer.Echo, Never> {
                            Method.get
                            Path("echo")
                            Query("sig", secrets.signature)
                            Header.bearer(secrets.bearer)
                            Header("Cookie", "session=\(secrets.cookie)")
                            Header("X-Count-Key", key)
                        })
                    // The server did see the secrets and sent them back…
                    let echo = try #require(response.value)
                    #expect(echo.target == "/echo?sig=\(secrets.signature)")
                    #expect(echo.headers.contains(["Authorization", "Bearer \(secrets.bearer)"]))
                    // …and the log shows the body without them.
                    let body = try #require(sink.lines.last)
                    #expect(body.hasPrefix("  Body ("))
                    #expect(
                        body.contains(#""target":"\/echo?sig=<redacted>""#)
                            || body.contains(#""target":"/echo?sig=<redacted>""#))
                    expectNoLeak(secrets, in: sink.lines)
                    try await context.faults.expectCounts(key, received: 1...1)
                }
            },
        ]
    }

    /// Logs everything to `sink`, with the query item `sig` redacted too.
    private func logging(to sink: RecordingLogSink) -> LoggingMiddleware {
        LoggingMiddleware(level: .trace, sink: sink, redaction: LogRedaction(queryItems: ["sig"]))
    }

    /// Expects `lines` to be a log, and no line of it to hold any of `secrets`.
    private func expectNoLeak(
        _ secrets: LogSecrets, in lines: [String], sourceLocation: SourceLocation = #_sourceLocation
    ) {
        #expect(!lines.isEmpty, sourceLocation: sourceLocation)
        for line in lines {
            for secret in secrets.all {
                #expect(!line.contains(secret), "leaked in: \(line)", sourceLocation: sourceLocation)
            }
        }
    }
#endif
