import Courier
import CourierLogging
import CourierTestSupport
import CourierTesting
import Foundation
import InMemoryLogging
import Logging
import Testing

/// CourierLogging held against the OpenTelemetry attributes its metadata keys are named after,
/// and the secrets a URL of the caller's own carries.
@Suite struct LoggingConventionsTests {
    static func logger(_ level: Logger.Level = .info) -> (Logger, InMemoryLogHandler) {
        var handler = InMemoryLogHandler()
        handler.logLevel = level
        return (Logger(label: "conventions", factory: { _ in handler }), handler)
    }

    /// The secrets of a presigned absolute URL's own query must not reach the handler when the
    /// transport's error echoes the URL (the message quotes `error.message`).
    @Test func aPresignedURLsSecretsReachNoHandler() async throws {
        let (logger, handler) = Self.logger()
        let echo = StubTransport { request in throw EchoedError(text: "cannot reach \(request.url)") }
        let client = Client(
            baseURL: TodoFixtures.baseURL, transport: echo, middleware: [LoggingMiddleware(logger: logger)])
        let presigned = Endpoint<Empty, Never> {
            Method.get
            AbsoluteURL("https://api.example.com/files/a.pdf?sig=sigsecret9&X-Goog-Signature=googsecret9")
        }
        _ = try? await client.send(presigned)
        #expect(!handler.entries.isEmpty)
        for entry in handler.entries {
            let text = "\(entry.message) \(entry.metadata)"
            for secret in ["sigsecret9", "googsecret9"] {
                #expect(!text.contains(secret), "\(secret) reached the handler: \(text)")
            }
        }
    }

    /// `error.type` (the key's namesake) is the status code for an answer of 400 or above, as on
    /// CourierTracing's span and CourierMetrics' dimensions.
    @Test func anErrorStatusHasAnErrorType() async throws {
        let (logger, handler) = Self.logger()
        let client = Client(
            baseURL: TodoFixtures.baseURL, transport: TodoFixtures.transport([.notFound]),
            middleware: [LoggingMiddleware(logger: logger)])
        _ = try? await client.send(GetTodo(id: 7))
        let entry = try #require(handler.entries.first)
        #expect(entry.metadata["error.type"]?.description == "404")
    }
}

/// An error whose description is whatever the transport saw.
struct EchoedError: Error, CustomStringConvertible {
    var text: String
    var description: String { text }
}
