import Courier
import CourierTestSupport
import CourierTransportConformance
import Foundation
import Testing

/// Logging middleware on real requests with the fault server: no secret reaches the log, not
/// across a cross-host redirect and not in a body that echoes it.
@Suite(.enabled(if: FaultServer.isAvailable, FaultServer.skipReason), .timeLimit(.minutes(1)))
struct LoggingFaultTests {
    let server: FaultServer

    init() throws {
        server = try FaultServer.current()
    }

    /// What `/echo` answers.
    struct Echo: Decodable, Sendable {
        let method: String
        let target: String
        let host: String
        let headers: [[String]]
    }

    /// Keeps every log entry.
    final class Sink: LogSink {
        private let stored = LockedBox<[LogEntry]>([])
        func log(_ entry: LogEntry) { stored.withLock { $0.append(entry) } }
        var lines: [String] { stored.get().flatMap(\.lines) }
    }

    /// Secrets unique to one test, so a leak cannot be a leftover of another.
    struct Secrets {
        let bearer = "bearer-\(UUID().uuidString)"
        let cookie = "cookie-\(UUID().uuidString)"
        let signature = "signature-\(UUID().uuidString)"
        var all: [String] { [bearer, cookie, signature] }
    }

    /// Timeouts in this suite are safety nets for a hung request, not bounds under test.
    func loggingClient(_ sink: Sink) -> Client {
        Client(
            baseURL: server.primary,
            middleware: [
                LoggingMiddleware(level: .trace, sink: sink, redaction: LogRedaction(queryItems: ["sig"]))
            ],
            configuration: Client.Configuration(timeout: Timeout(.seconds(30)))
        )
    }

    func expectNoLeak(
        _ secrets: Secrets, in lines: [String], sourceLocation: SourceLocation = #_sourceLocation
    ) {
        #expect(!lines.isEmpty, sourceLocation: sourceLocation)
        for line in lines {
            for secret in secrets.all {
                #expect(!line.contains(secret), "leaked in: \(line)", sourceLocation: sourceLocation)
            }
        }
    }

    @Test func aRedirectToTheOtherHostLogsNoSecret() async throws {
        let key = FaultServer.uniqueKey()
        let secrets = Secrets()
        let sink = Sink()
        let response = try await loggingClient(sink).send(
            Endpoint<Echo, Never> {
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
        #expect(echo.host == "127.0.0.2:\(server.primary.port ?? 0)")
        let lines = sink.lines
        let origin = server.primary.origin
        #expect(lines.first == "→ GET \(origin)/redirect/cross-host?to=%2Fecho&sig=<redacted>")
        #expect(lines.contains("  Authorization: <redacted>"))
        #expect(lines.contains("  Cookie: <redacted>"))
        #expect(
            lines.contains {
                $0.hasPrefix(
                    "GET \(origin)/redirect/cross-host?to=%2Fecho&sig=<redacted> → 200 from \(server.alternate.origin)/echo ("
                )
            })
        expectNoLeak(secrets, in: lines)
        try await server.expectCounts(key, received: 2...2)
    }

    @Test func anEchoOfTheSecretsIsHiddenInTheBody() async throws {
        let key = FaultServer.uniqueKey()
        let secrets = Secrets()
        let sink = Sink()
        let response = try await loggingClient(sink).send(
            Endpoint<Echo, Never> {
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
        try await server.expectCounts(key, received: 1...1)
    }
}
