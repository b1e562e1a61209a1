import Courier
import CourierOpenAPI
import CourierTesting
import Foundation
import HTTPTypes
import OpenAPIRuntime
import Testing

@Suite struct CourierClientTransportTests {
    static let server = URL(string: "https://api.example.com")!
    static let unavailable = RawResponse(status: .serviceUnavailable)
    static let ok = RawResponse(
        status: .ok, headers: [HeaderField(name: .contentType, value: "text/plain")], body: Data("done".utf8))

    /// A transport over `wire` whose client retries twice, without waiting, and logs to `lines`.
    static func transport(_ wire: Wire, logTo lines: LogLines? = nil) -> CourierClientTransport {
        var middleware: [any Middleware] = [
            RetryMiddleware(maxRetries: 2, backoff: RetryBackoff(base: .zero))
        ]
        if let lines {
            middleware.append(
                LoggingMiddleware(level: .trace, sink: ClosureLogSink { lines.append($0.description) }))
        }
        return CourierClientTransport(
            client: Courier.Client(
                baseURL: BaseURL("https://api.example.com"), transport: wire.transport, middleware: middleware
            ))
    }

    static func put(_ path: String = "/v1/todos/7") -> HTTPRequest {
        var request = HTTPRequest(method: .put, scheme: nil, authority: nil, path: path)
        request.headerFields[.contentType] = "text/plain"
        return request
    }

    @Test func aBodyThatCanBeReadAgainIsRetriedWithTheSameBytes() async throws {
        let wire = Wire([.success(Self.unavailable), .success(Self.ok)])
        let (response, body) = try await Self.transport(wire).send(
            Self.put(), body: HTTPBody("milk"), baseURL: Self.server, operationID: "updateTodo")
        #expect(response.status == .ok)
        #expect(try await String(collecting: try #require(body), upTo: 100) == "done")
        #expect(await wire.sent.map(\.body) == [Data("milk".utf8), Data("milk".utf8)])
    }

    /// A body read once that says its length is read once into memory: a retry sends that copy.
    @Test func aBodyReadOnceWithItsLengthIsHeldAndSentAgain() async throws {
        let wire = Wire([.success(Self.unavailable), .success(Self.ok)])
        let body = HTTPBody(
            CourierClientTransportRequestTests.chunks(["mi", "lk"]), length: .known(4),
            iterationBehavior: .single)
        let (response, _) = try await Self.transport(wire).send(
            Self.put(), body: body, baseURL: Self.server, operationID: "updateTodo")
        #expect(response.status == .ok)
        #expect(await wire.sent.map(\.body) == [Data("milk".utf8), Data("milk".utf8)])
        #expect(await wire.sent.map(\.isStreamed) == [false, false])
    }

    @Test func aBodyOfUnknownLengthThatCanBeReadAgainIsSentAgain() async throws {
        // A multipart body's length is not known before it is read.
        let wire = Wire([.success(Self.unavailable), .success(Self.ok)])
        let body = HTTPBody(RepeatableChunks(["mi", "lk"]), length: .unknown, iterationBehavior: .multiple)
        let (response, _) = try await Self.transport(wire).send(
            Self.put(), body: body, baseURL: Self.server, operationID: "updateTodo")
        #expect(response.status == .ok)
        #expect(await wire.sent.map(\.body) == [Data("milk".utf8), Data("milk".utf8)])
        #expect(await wire.sent.map(\.isStreamed) == [false, false])
    }

    @Test func aBodyThatCanBeReadOnceIsNeverSentTwice() async throws {
        let wire = Wire([.success(Self.unavailable), .success(Self.ok)])
        let body = HTTPBody(
            CourierClientTransportRequestTests.chunks(["milk"]), length: .unknown,
            iterationBehavior: .single)
        let (response, _) = try await Self.transport(wire).send(
            Self.put(), body: body, baseURL: Self.server, operationID: "updateTodo")
        #expect(response.status == .serviceUnavailable)
        #expect(await wire.sent.count == 1)
    }

    @Test func aRequestThatIsNotIdempotentIsNotRetried() async throws {
        let wire = Wire([.success(Self.unavailable), .success(Self.ok)])
        var request = Self.put()
        request.method = .post
        let (response, _) = try await Self.transport(wire).send(
            request, body: HTTPBody("milk"), baseURL: Self.server, operationID: "createTodo")
        #expect(response.status == .serviceUnavailable)
        #expect(await wire.sent.count == 1)
    }

    @Test func aCourierErrorIsThrownAsItIs() async throws {
        let lost = CourierError(stage: .transport, kind: .connectionLost, message: "The connection was lost.")
        let wire = Wire([.failure(lost)])
        let error = try await #require(throws: CourierError.self) {
            _ = try await Self.transport(wire).send(
                Self.put(), body: HTTPBody("milk"), baseURL: Self.server, operationID: "updateTodo")
        }
        #expect(error.kind == .connectionLost)
        #expect(error.stage == .transport)
        // Retried: the connection was lost before any answer, and the request is idempotent.
        #expect(await wire.sent.count == 3)
    }

    @Test func anAuthorizationHeaderIsInNoErrorNorLogLine() async throws {
        let lost = CourierError(stage: .transport, kind: .connectionLost, message: "The connection was lost.")
        let wire = Wire([.failure(lost)])
        let lines = LogLines()
        var request = Self.put()
        request.headerFields[.authorization] = "Bearer s3cret-token"
        let error = try await #require(throws: CourierError.self) {
            _ = try await Self.transport(wire, logTo: lines).send(
                request, body: HTTPBody("milk"), baseURL: Self.server, operationID: "updateTodo")
        }
        // The header was sent: the redaction is in what is shown, not in what goes out.
        #expect(await wire.sent.first?.headers[.authorization] == "Bearer s3cret-token")
        var dumped = ""
        dump(error, to: &dumped)
        for shown in [error.description, error.errorDescription ?? "", error.message, dumped] {
            #expect(!shown.contains("s3cret"), "\(shown)")
        }
        let logged = lines.all
        #expect(logged.contains { $0.contains("Authorization: <redacted>") })
        #expect(logged.count >= 6)
        #expect(!logged.contains { $0.contains("s3cret") })
    }

    @Test func theOperationIDIsNotSent() async throws {
        let wire = Wire(answering: Self.ok)
        _ = try await Self.transport(wire).send(
            Self.put(), body: HTTPBody("milk"), baseURL: Self.server, operationID: "updateTodo")
        let sent = try #require(await wire.sent.first)
        #expect(!sent.url.contains("updateTodo"))
        #expect(!sent.headers.contains { $0.value.contains("updateTodo") })
    }
}

/// Log lines collected from a ``Courier/ClosureLogSink``, which logs synchronously.
final class LogLines: Sendable {
    private let storage = Storage()

    /// `@unchecked Sendable` is safe: `lines` is only read or changed while `lock` is held.
    private final class Storage: @unchecked Sendable {
        let lock = NSLock()
        var lines: [String] = []
    }

    func append(_ line: String) {
        storage.lock.withLock { storage.lines.append(line) }
    }

    var all: [String] {
        storage.lock.withLock { storage.lines }
    }
}
