import Courier
import CourierLogging
import CourierTestSupport
import CourierTesting
import Foundation
import InMemoryLogging
import Logging
import Testing

@Suite struct SwiftLogSinkTests {
    /// A logger at `level` whose entries `handler` keeps.
    static func logger(_ level: Logger.Level = .info) -> (Logger, InMemoryLogHandler) {
        var handler = InMemoryLogHandler()
        handler.logLevel = level
        let logger = Logger(label: "courier-tests", factory: { _ in handler })
        return (logger, handler)
    }

    /// The entry's metadata as text without the duration, which the clock decides, and that duration.
    static func split(_ metadata: Logger.Metadata) -> ([String: String], Double?) {
        var rest = metadata.mapValues { "\($0)" }
        let duration = rest.removeValue(forKey: "courier.duration_ms").flatMap { Double($0) }
        return (rest, duration)
    }

    /// One metadata value of each entry, as text.
    static func values(_ key: String, in handler: InMemoryLogHandler) -> [String?] {
        handler.entries.map { $0.metadata[key].map { "\($0)" } }
    }

    @Test func aCallIsOneInfoEntryWithTheRequestAsMetadata() async throws {
        let (logger, handler) = Self.logger()
        let client = Client(
            baseURL: TodoFixtures.baseURL, transport: TodoFixtures.transport(),
            middleware: [LoggingMiddleware(logger: logger)])
        _ = try await client.send(GetTodo(id: 7))
        let entry = try #require(handler.entries.first)
        #expect(handler.entries.count == 1)
        #expect(entry.level == .info)
        let message = "\(entry.message)"
        #expect(
            message.wholeMatch(
                of: /GET https:\/\/api\.example\.com\/todos\/7\?api_key=<redacted> → 200 \(29 bytes, \d+ ms\)/
            )
                != nil, "\(message)")
        let (metadata, duration) = Self.split(entry.metadata)
        #expect(
            metadata == [
                "http.request.method": "GET",
                "url.full": "https://api.example.com/todos/7?api_key=<redacted>",
                "courier.template": "GET /todos/{id}?api_key=<redacted>",
                "http.response.status_code": "200",
            ])
        // The metadata's duration, to the microsecond, is the message's, rounded to the millisecond.
        let shownMilliseconds = try #require(message.firstMatch(of: /, (\d+) ms\)/).map { Double($0.1) })
        let milliseconds = try #require(duration)
        #expect(abs(milliseconds - (shownMilliseconds ?? -1)) <= 0.5, "\(milliseconds) vs \(message)")
        #expect("\(entry.metadata["courier.duration_ms"] ?? "")".wholeMatch(of: /\d+(\.\d{1,3})?/) != nil)
    }

    @Test func theLoggersOwnMetadataIsKept() async throws {
        var (logger, handler) = Self.logger()
        logger[metadataKey: "request-id"] = "r-42"
        let client = Client(
            baseURL: TodoFixtures.baseURL, transport: TodoFixtures.transport(),
            middleware: [LoggingMiddleware(logger: logger)])
        _ = try await client.send(GetTodo(id: 7))
        #expect(Self.values("request-id", in: handler) == ["r-42"])
    }

    @Test func eachAttemptCarriesItsNumberWhenMetricsCountThem() async throws {
        let (logger, handler) = Self.logger()
        let client = Client(
            baseURL: TodoFixtures.baseURL, transport: TodoFixtures.transport([.serviceUnavailable, .ok]),
            middleware: [
                MetricsMiddleware { _ in }, RetryMiddleware(backoff: RetryBackoff(base: .zero)),
                LoggingMiddleware(logger: logger),
            ])
        _ = try await client.send(GetTodo(id: 7))
        #expect(handler.entries.map(\.level) == [.warning, .info])
        #expect(Self.values("courier.attempt", in: handler) == ["1", "2"])
        #expect(Self.values("http.response.status_code", in: handler) == ["503", "200"])
    }

    @Test func theCachesOutcomeIsMetadataAndItsOwn504IsUnsatisfiable() async throws {
        let (logger, handler) = Self.logger()
        let client = Client(
            baseURL: TodoFixtures.baseURL, transport: TodoFixtures.transport([504]),
            middleware: [LoggingMiddleware(logger: logger), HTTPCacheMiddleware()])
        _ = try? await client.send(GetTodo(id: 7), options: CallOptions(cachePolicy: .returnCachedOnly))
        _ = try? await client.send(GetTodo(id: 7))
        #expect(Self.values("http.response.status_code", in: handler) == ["504", "504"])
        #expect(Self.values("courier.cache", in: handler) == ["unsatisfiable", "miss"])
    }

    @Test func aFailureIsAnErrorEntryWithItsKind() async throws {
        let (logger, handler) = Self.logger()
        let client = Client(
            baseURL: TodoFixtures.baseURL,
            transport: StubTransport { _ in throw URLError(.cannotConnectToHost) },
            middleware: [LoggingMiddleware(logger: logger)])
        await #expect(throws: CourierError.self) { try await client.send(GetTodo(id: 7)) }
        let entry = try #require(handler.entries.first)
        #expect(entry.level == .error)
        let (metadata, _) = Self.split(entry.metadata)
        #expect(
            metadata == [
                "http.request.method": "GET",
                "url.full": "https://api.example.com/todos/7?api_key=<redacted>",
                "courier.template": "GET /todos/{id}?api_key=<redacted>",
                "error.type": "cannotConnect",
            ])
        #expect("\(entry.message)".contains("→ cannotConnect after "))
    }

    @Test func aDebugLoggerGetsTheRedactedHeaders() async throws {
        let (logger, handler) = Self.logger(.debug)
        let client = Client(
            baseURL: TodoFixtures.baseURL, transport: TodoFixtures.transport(),
            middleware: [LoggingMiddleware(logger: logger)])
        _ = try await client.send(GetTodo(id: 7))
        #expect(handler.entries.map(\.level) == [.debug, .info])
        #expect(
            "\(handler.entries[0].message)"
                == "→ GET https://api.example.com/todos/7?api_key=<redacted>\n  Authorization: <redacted>")
    }

    @Test(arguments: [Logger.Level.trace, .debug, .info])
    func noSecretReachesTheHandler(level: Logger.Level) async throws {
        let (logger, handler) = Self.logger(level)
        let echo = StubTransport { request in
            // A server that echoes the credentials and the URL back.
            let text = "\(request.url) \(request.headers.map(\.value))"
            return RawResponse(status: .badRequest, body: Data(text.utf8), url: request.url)
        }
        let client = Client(
            baseURL: TodoFixtures.baseURL, transport: echo, middleware: [LoggingMiddleware(logger: logger)])
        _ = try? await client.send(GetTodo(id: 7))
        #expect(!handler.entries.isEmpty)
        for entry in handler.entries {
            let text = "\(entry.message) \(entry.metadata)"
            for secret in TodoFixtures.secrets {
                #expect(!text.contains(secret), "\(secret) reached the handler: \(text)")
            }
        }
    }

    @Test func levelsMapByName() {
        #expect(LogLevel.allCases.map(Logger.Level.init) == [.trace, .debug, .info, .warning, .error])
        #expect(
            [Logger.Level.trace, .debug, .info, .notice, .warning, .error, .critical].map(LogLevel.init)
                == [.trace, .debug, .info, .info, .warning, .error, .error])
    }

    @Test func aNoticeLoggerGetsTheWarningsAndErrorsOnly() async throws {
        let (logger, handler) = Self.logger(.notice)
        let client = Client(
            baseURL: TodoFixtures.baseURL, transport: TodoFixtures.transport([.ok, .notFound]),
            middleware: [LoggingMiddleware(logger: logger)])
        _ = try await client.send(GetTodo(id: 7))
        _ = try? await client.send(GetTodo(id: 7))
        #expect(handler.entries.map(\.level) == [.warning])
        #expect(Self.values("http.response.status_code", in: handler) == ["404"])
        let (criticalLogger, criticalHandler) = Self.logger(.critical)
        let failing = Client(
            baseURL: TodoFixtures.baseURL,
            transport: StubTransport { _ in throw URLError(.cannotConnectToHost) },
            middleware: [LoggingMiddleware(logger: criticalLogger)])
        _ = try? await failing.send(GetTodo(id: 7))
        #expect(criticalHandler.entries.isEmpty)
    }

    @Test func theMiddlewaresLevelFollowsTheLoggers() {
        var (logger, _) = Self.logger()
        logger.logLevel = .notice
        #expect(LoggingMiddleware(logger: logger).level == .info)
        logger.logLevel = .critical
        #expect(LoggingMiddleware(logger: logger).level == .error)
    }

    @Test func theSourceIsCourierUnlessNamed() {
        let (logger, _) = Self.logger()
        #expect(SwiftLogSink(logger: logger).source == "Courier")
        #expect(SwiftLogSink(logger: logger, source: "todo").source == "todo")
    }
}
