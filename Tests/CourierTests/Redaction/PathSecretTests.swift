import CourierTestSupport
import CourierTesting
import Foundation
import Testing

@testable import Courier

/// A token an API takes in its path (`/bot<token>/getMe`), interpolated as `secret:`: sent as
/// declared, and `<redacted>` wherever Courier shows the request.
struct PathSecretTests {
    static let token = "123456:AB/C-secret"
    /// How the token reads in a URL: its `/` and `:` percent-encoded.
    static let encodedToken = PercentEncoding.encode(token)

    static func endpoint() -> Endpoint<Empty, Never> {
        Endpoint {
            Method.get
            Path("bot\(secret: token)/getMe")
            Query("chat", 42)
        }
    }

    /// Whether `text` holds the token in either form.
    static func leaks(_ text: String) -> Bool {
        text.contains(token) || text.contains(encodedToken) || text.contains("secret")
    }

    @Test func theRequestCarriesTheValueAndItsRenderingsDoNot() throws {
        let request = try Self.endpoint().request()
        #expect(request.pathSegments == ["bot" + Self.token, "getMe"])
        #expect(request.percentEncodedPath == "/bot\(Self.encodedToken)/getMe")
        let base = BaseURL("api.example.com")
        let redacted = request.redacted()
        #expect(!Self.leaks(redacted.percentEncodedPath))
        #expect(redacted.percentEncodedPath == "/bot%3Credacted%3E/getMe")
        let curl = try request.curlCommand(baseURL: base)
        #expect(!Self.leaks(curl) && curl.contains("/bot<redacted>/getMe?chat=42"), "\(curl)")
        let http = try request.http1Text(baseURL: base)
        #expect(!Self.leaks(http) && http.hasPrefix("GET /bot<redacted>/getMe?chat=42 HTTP/1.1"), "\(http)")
        #expect(try request.curlCommand(baseURL: base, revealingSecrets: true).contains(Self.encodedToken))
        let logged = LogRedaction().url(of: request, baseURL: base)
        #expect(logged == "https://api.example.com/bot<redacted>/getMe?chat=42")
        #expect(!Self.leaks(Self.endpoint().description))
    }

    @Test func errorsLogsAndMetricsHideIt() async throws {
        let sink = CapturingLogSink()
        let metrics = LockedValue<[RequestMetrics]>([])
        let client = Client(
            baseURL: BaseURL("api.example.com"),
            transport: StubTransport { request in
                RawResponse(
                    status: .unauthorized, body: Data("no bot \(Self.token)".utf8), url: request.url)
            },
            middleware: [
                MetricsMiddleware { report in metrics.withLock { $0.append(report) } },
                LoggingMiddleware(level: .debug, sink: sink),
            ])
        let error = await expectCourierError(.undocumentedStatus, stage: .status) {
            _ = try await client.send(Self.endpoint())
        }
        let failure = try #require(error)
        // The URL as sent is there to read on purpose.
        #expect(failure.url?.absoluteString.contains(Self.encodedToken) == true)
        var dumped = ""
        dump(failure, to: &dumped)
        for shown in [
            failure.description, failure.message, failure.errorDescription ?? "", dumped, sink.text,
            metrics.withLock { $0.map(\.path).joined() },
        ] {
            #expect(!Self.leaks(shown), "\(shown)")
        }
        #expect(failure.description.contains("/bot<redacted>/getMe"), "\(failure.description)")
        #expect(metrics.withLock { $0.map(\.path) } == ["/bot<redacted>/getMe"])
    }
}
