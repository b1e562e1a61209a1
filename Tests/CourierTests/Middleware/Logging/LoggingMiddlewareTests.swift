import CourierTestSupport
import CourierTesting
import Foundation
import Testing

@testable import Courier

/// A sink that keeps every entry, for exact comparisons.
final class CapturingLogSink: LogSink {
    private let stored = LockedValue<[LogEntry]>([])

    func log(_ entry: LogEntry) {
        stored.withLock { $0.append(entry) }
    }

    var entries: [LogEntry] { stored.withLock { $0 } }

    /// Every line of every entry, for leak searches.
    var text: String { entries.map(\.description).joined(separator: "\n") }
}

private struct NewUser: Encodable, Sendable {
    let name: String
    let password: String
}

@Suite struct LoggingMiddlewareTests {
    static let secrets = [
        "query-secret-1", "bearer-secret-1", "cookie-secret-1", "tenant-secret-1", "key-secret-1",
        "json-secret-1", "setcookie-secret-1", "resp-token-1",
    ]

    static let request: EndpointRequest = {
        do {
            return try Endpoint<Empty, Never> {
                Method.post
                Path("users")
                Query("api_key", "query-secret-1")
                Query("page", 2)
                Header.bearer("bearer-secret-1")
                Header("Cookie", "session=cookie-secret-1")
                Header("X-Tenant", "tenant-secret-1")
                Header("X-Api-Key", "key-secret-1", isSecret: true)
                Header.accept(.json)
                Body.json(NewUser(name: "Ada", password: "json-secret-1"))
            }.built()
        } catch {
            preconditionFailure("\(error)")
        }
    }()

    static let url = "https://api.example.com/users?api_key=query-secret-1&page=2"

    static let response = RawResponse(
        status: .created,
        headers: [
            HeaderField(name: .contentType, value: "application/json"),
            HeaderField(name: .setCookie, value: "sid=setcookie-secret-1; Path=/"),
        ],
        body: Data(#"{"id":42,"token":"resp-token-1"}"#.utf8), url: URL(string: url)
    )

    /// A middleware whose clock reads 0 ms, then 12 ms, then 24 ms, …
    static func middleware(
        _ level: LogLevel, sink: CapturingLogSink, bodyLimit: Int = 1_024,
        redaction: LogRedaction = LogRedaction(headers: [HeaderName("X-Tenant")])
    ) -> LoggingMiddleware {
        var middleware = LoggingMiddleware(
            level: level, sink: sink, redaction: redaction, bodyLimit: bodyLimit)
        let start = ContinuousClock.now
        let ticks = LockedValue(0)
        middleware.now = {
            ticks.withLock { tick in
                defer { tick += 1 }
                return start.advanced(by: .milliseconds(12 * tick))
            }
        }
        return middleware
    }

    /// Runs `request` through a middleware at `level` that answers `response`.
    static func run(
        _ level: LogLevel, request: EndpointRequest = request, response: RawResponse = response,
        bodyLimit: Int = 1_024
    ) async throws -> [LogEntry] {
        let sink = CapturingLogSink()
        let returned = try await middleware(level, sink: sink, bodyLimit: bodyLimit).intercept(
            request, baseURL: exampleBase
        ) { _, _ in response }
        #expect(returned == response)
        return sink.entries
    }

    static let requestLines = [
        "→ POST https://api.example.com/users?api_key=<redacted>&page=2",
        "  Authorization: <redacted>",
        "  Cookie: <redacted>",
        "  X-Tenant: <redacted>",
        "  X-Api-Key: <redacted>",
        "  Accept: application/json",
        "  Content-Type: application/json",
    ]
    static let summary =
        "POST https://api.example.com/users?api_key=<redacted>&page=2 → 201 (32 bytes, 12 ms)"
    static let responseHeaderLines = ["  Content-Type: application/json", "  Set-Cookie: <redacted>"]

    @Test func infoIsOneLinePerRequest() async throws {
        let entries = try await Self.run(.info)
        #expect(entries.map(\.level) == [.info])
        #expect(entries.map(\.message) == [Self.summary])
    }

    @Test func debugAddsTheRequestAndHeaders() async throws {
        let entries = try await Self.run(.debug)
        #expect(entries.map(\.level) == [.debug, .info])
        #expect(entries.map(\.lines) == [Self.requestLines, [Self.summary] + Self.responseHeaderLines])
    }

    @Test func traceAddsRedactedBodies() async throws {
        let entries = try await Self.run(.trace)
        #expect(
            entries.map(\.lines) == [
                Self.requestLines + [#"  Body (41 bytes): {"name":"Ada","password":"<redacted>"}"#],
                [Self.summary] + Self.responseHeaderLines + [
                    #"  Body (32 bytes): {"id":42,"token":"<redacted>"}"#
                ],
            ])
    }

    /// A streamed response is logged when its head arrives, with the time to it, its redacted
    /// headers and no body: the body is left, whole, for the reader.
    @Test func aStreamedResponseIsLoggedAtItsHeadWithoutItsBody() async throws {
        let body = Data(#"{"token":"resp-token-1"}"#.utf8)
        let streamed = RawResponse(
            status: .ok,
            headers: [
                HeaderField(name: .contentType, value: "text/event-stream"),
                HeaderField(name: .setCookie, value: "sid=setcookie-secret-1; Path=/"),
            ],
            url: URL(string: Self.url), bodyStream: ResponseBodyStream(chunks: [body]))
        let entries = try await Self.run(.trace, response: streamed)
        #expect(
            entries.last?.lines == [
                "POST https://api.example.com/users?api_key=<redacted>&page=2 → 200 (body streamed, head after 12 ms)",
                "  Content-Type: text/event-stream",
                "  Set-Cookie: <redacted>",
            ])
        #expect(entries.last?.metadata?.duration == .milliseconds(12))
        let text = entries.map(\.description).joined(separator: "\n")
        for secret in Self.secrets { #expect(!text.contains(secret)) }
        var received = Data()
        for try await chunk in try #require(streamed.bodyStream) { received.append(chunk) }
        #expect(received == body)
    }

    /// The response line is written into one allocation sized from its pieces: long URLs, large
    /// bodies and rounded milliseconds read as interpolation would write them.
    @Test func theResponseLineIsWrittenPieceByPiece() {
        let long = "https://api.example.com/" + String(repeating: "ü/segment", count: 40)
        let line = LoggingMiddleware.responseLine(
            .delete, long, status: .notFound, from: long + "?after=redirect",
            bodyLength: 10_737_418_240, duration: .microseconds(1_500))
        #expect(line == "DELETE \(long) → 404 from \(long)?after=redirect (10737418240 bytes, 2 ms)")
        let streamed = LoggingMiddleware.responseLine(
            HTTPMethod("PROPFIND"), "/", status: .ok, from: nil, bodyLength: nil,
            duration: .microseconds(499))
        #expect(streamed == "PROPFIND / → 200 (body streamed, head after 0 ms)")
        // The widest numbers in the least room: every decimal takes its 20 bytes.
        let widest = LoggingMiddleware.responseLine(
            .get, "/", status: HTTPStatus(.min), from: "", bodyLength: .min,
            duration: .seconds(-9_000_000_000_000_000))
        #expect(widest == "GET / → \(Int.min) from  (\(Int64.min) bytes, -9000000000000000000 ms)")
    }

    @Test func warningAndErrorSkipSuccesses() async throws {
        #expect(try await Self.run(.warning).isEmpty)
        #expect(try await Self.run(.error).isEmpty)
    }

    @Test func errorStatusesAreWarnings() async throws {
        let notFound = RawResponse(status: .notFound, body: Data("gone".utf8), url: URL(string: Self.url))
        let entries = try await Self.run(.warning, response: notFound)
        #expect(
            entries == [
                LogEntry(
                    level: .warning,
                    message:
                        "POST https://api.example.com/users?api_key=<redacted>&page=2 → 404 (4 bytes, 12 ms)",
                    metadata: LogEntry.Metadata(
                        method: .post, url: "https://api.example.com/users?api_key=<redacted>&page=2",
                        status: .notFound, duration: .milliseconds(12)))
            ])
    }

    @Test(arguments: LogLevel.allCases)
    func noSecretAppearsInAnyLine(level: LogLevel) async throws {
        let text = try await Self.run(level).map(\.description).joined(separator: "\n")
        for secret in Self.secrets {
            #expect(!text.contains(secret), "\(secret) leaked: \(text)")
        }
    }

    @Test func anErrorEchoingASecretALaterMiddlewareAddedHidesIt() async throws {
        let sink = CapturingLogSink()
        let plain = try Endpoint<Empty, Never> {
            Method.get
            Path("users")
        }.request()
        let next: LoggingMiddleware.Next = { request, _ async throws(CourierError) -> RawResponse in
            // An authentication middleware after the logging one signs the request.
            let sent = try request.settingHeader(
                HeaderField(name: .authorization, value: "Bearer late-token-7", isSecret: true))
            throw CourierError(
                stage: .transport, kind: .transportFailed,
                message: "refused \(sent.headers.map { "\($0.name): \($0.value)" })", request: sent)
        }
        await #expect(throws: CourierError.self) {
            _ = try await Self.middleware(.debug, sink: sink).intercept(
                plain, baseURL: exampleBase, next: next)
        }
        let failure = try #require(sink.entries.last)
        #expect(failure.level == .error)
        #expect(failure.message.contains("Authorization: <redacted>"))
        #expect(!failure.message.contains("late-token-7"))
    }

    @Test func echoedSecretsAreHiddenEverywhere() async throws {
        // The response echoes the request's secret header and query values in a plain text body,
        // in a header that is not secret, and in its URL.
        let echoed = ["Bearer bearer-secret-1", "session=cookie-secret-1", "tenant-secret-1", "key-secret-1"]
        let echo = RawResponse(
            status: .ok,
            headers: [
                HeaderField(name: .contentType, value: "text/plain"),
                HeaderField(name: HeaderName("X-Echo"), value: "Bearer bearer-secret-1"),
            ],
            body: Data((echoed + ["query-secret-1"]).joined(separator: " ").utf8),
            url: URL(string: "https://other.example.com/echo?token=resp-token-1&api_key=query-secret-1")
        )
        let entries = try await Self.run(.trace, response: echo)
        let text = entries.map(\.description).joined(separator: "\n")
        #expect(
            entries.last?.lines == [
                "POST https://api.example.com/users?api_key=<redacted>&page=2 → 200 from "
                    + "https://other.example.com/echo?token=<redacted>&api_key=<redacted> (90 bytes, 12 ms)",
                "  Content-Type: text/plain",
                "  X-Echo: <redacted>",
                "  Body (90 bytes): <redacted> <redacted> <redacted> <redacted> <redacted>",
            ])
        for secret in Self.secrets {
            #expect(!text.contains(secret), "\(secret) leaked: \(text)")
        }
    }

    /// The outcome line names the final URL exactly when, hidden as the request's is, it reads
    /// differently: after a redirect, never for the request's own URL.
    @Test(arguments: [
        ("GET", nil), ("GET", "https://api.example.com/v2/items/7"), ("sig", nil),
        ("sig", "https://api.example.com/items/7?q=a&t=sig-secret-1"), ("path", nil), ("key", nil),
        ("key", "https://api.example.com/items/7?api_key=other"), ("GET", "https://api.example.com/items/7?"),
    ])
    func theFinalURLIsNamedWhenItShowsDifferently(kind: String, redirectedTo: String?) async throws {
        let request = try Endpoint<Empty, Never> {
            Method.get
            Path("items", kind == "path" ? "bearer-secret-3" : "7")
            if kind == "sig" {
                Query("q", "a")
                Query("t", "sig-secret-1", isSecret: true)
            }
            if kind == "key" { Query("api_key", "key-secret-3") }
            if kind == "path" { Header.bearer("bearer-secret-3") }
        }.built()
        let resolved = try exampleBase.url(for: request)
        let final = try #require(redirectedTo.map { URL(string: $0) } ?? resolved)
        let response = RawResponse(status: .ok, body: Data("{}".utf8), url: final)
        let entries = try await Self.run(.info, request: request, response: response)
        // The rule written out: the final URL, hidden as the request's URL is, when it does not
        // read as the request's URL.
        let redaction = LogRedaction(headers: [HeaderName("X-Tenant")])
        let url = redaction.url(of: request, baseURL: exampleBase)
        let shownFinal = redaction.redacting(redaction.url(final.absoluteString), for: request)
        let from = shownFinal == url ? "" : " from \(shownFinal)"
        let expected = "GET \(url) → 200\(from) (2 bytes, 12 ms)"
        #expect(entries.map(\.message) == [expected])
        #expect(!entries[0].message.contains("secret"))
    }

    /// The middleware remembers the last request's URL; a request with the same path and query
    /// storage but a secret header (as an authentication middleware adds) still has it hidden.
    @Test func aRememberedURLIsStillScrubbedOfTheNextRequestsSecrets() async throws {
        let plain = try Endpoint<Empty, Never> {
            Method.get
            Path("users", "bearer-secret-4")
        }.built()
        let authorized = plain.with {
            $0.headers = [HeaderField(name: .authorization, value: "Bearer bearer-secret-4")]
        }
        let sink = CapturingLogSink()
        let middleware = Self.middleware(.info, sink: sink)
        for request in [plain, plain, authorized, plain] {
            let response = RawResponse(status: .ok, body: Data(), url: try exampleBase.url(for: request))
            _ = try await middleware.intercept(request, baseURL: exampleBase) { _, _ in response }
        }
        #expect(
            sink.entries.map(\.metadata?.url) == [
                "https://api.example.com/users/bearer-secret-4",
                "https://api.example.com/users/bearer-secret-4",
                "https://api.example.com/users/<redacted>", "https://api.example.com/users/bearer-secret-4",
            ])
        #expect(sink.entries[2].message.hasPrefix("GET https://api.example.com/users/<redacted> → 200 "))
        #expect(!sink.entries[2].message.contains("secret"))
    }

    /// The middleware remembers the storage of the last request it hides nothing of; a request
    /// sharing its headers' storage but with a secret query item still has that secret scrubbed
    /// wherever it reappears (here, in an error's message), and so does one sharing its query's
    /// storage with a secret header.
    @Test func aRequestWithoutSecretsIsRememberedByItsHeadersAndQueryTogether() async throws {
        let plain = try Endpoint<Empty, Never> {
            Method.get
            Path("users")
            Query("page", 2)
            Header.accept(.json)
        }.built()
        let secretQuery = plain.with {
            $0.query = [QueryItem(name: "page", value: "query-secret-5", isSecret: true)]
        }
        let secretHeader = plain.with {
            $0.headers = [HeaderField(name: .authorization, value: "Bearer header-secret-5")]
        }
        let sink = CapturingLogSink()
        let middleware = Self.middleware(.info, sink: sink)
        for request in [plain, plain, secretQuery, plain, secretHeader] {
            _ = try? await middleware.intercept(request, baseURL: exampleBase) { _, _ throws(CourierError) in
                throw CourierError(
                    stage: .transport, kind: .connectionLost,
                    message: "The server echoed query-secret-5 and header-secret-5.")
            }
        }
        #expect(sink.entries.count == 5)
        #expect(sink.entries[0].message.hasSuffix("The server echoed query-secret-5 and header-secret-5."))
        #expect(!sink.entries[2].message.contains("query-secret-5"))
        #expect(!sink.entries[4].message.contains("header-secret-5"))
    }

    @Test func formBodiesHideSensitiveFields() async throws {
        let request = try Endpoint<Empty, Never> {
            Method.post
            Path("login")
            Body.form(items: [
                QueryItem(name: "user", value: "ada"), QueryItem(name: "password", value: "form-secret-1"),
            ])
        }.built()
        let entries = try await Self.run(.trace, request: request, response: RawResponse(status: .noContent))
        #expect(entries.first?.lines.last == "  Body (31 bytes): user=ada&password=<redacted>")
        #expect(!entries.map(\.description).joined().contains("form-secret-1"))
    }

    @Test func longBodiesAreTruncatedAfterTheirSize() async throws {
        let long = RawResponse(
            status: .ok, headers: [HeaderField(name: .contentType, value: "text/plain")],
            body: Data("abcdefghijklmnopqrstuvwxyz".utf8))
        let entries = try await Self.run(.trace, response: long, bodyLimit: 10)
        #expect(entries.last?.lines.last == "  Body (26 bytes): abcdefg…")
    }

    @Test(arguments: [
        Data([0x00, 0x01, 0x02, 0x03]), Data([0x61, 0xFF, 0xFE, 0x62]), Data("a\u{1B}[2Jb".utf8),
    ])
    func nonTextBodiesAreShownAsTheirSize(body: Data) async throws {
        let binary = RawResponse(status: .ok, body: body)
        let entries = try await Self.run(.trace, response: binary)
        #expect(entries.last?.lines.last == "  Body: <\(body.count) bytes>")
    }

    @Test func lineBreaksInBodiesAreEscaped() async throws {
        let text = RawResponse(status: .ok, body: Data("one\r\n→ GET forged".utf8))
        let entries = try await Self.run(.trace, response: text)
        #expect(entries.last?.lines.last == #"  Body (19 bytes): one\r\n→ GET forged"#)
    }

    @Test func fileBodiesAreShownAsTheirSize() async throws {
        let directory = FileManager.default.temporaryDirectory.appending(path: "courier-log-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appending(path: "upload.bin")
        try Data("file-secret-1".utf8).write(to: file)
        let request = try Endpoint<Empty, Never> {
            Method.put
            Path("upload")
            Body.file(file)
        }.built()
        let entries = try await Self.run(.trace, request: request, response: RawResponse(status: .noContent))
        #expect(entries.first?.lines.last == "  Body: <13 bytes, streamed from a file>")
        #expect(!entries.map(\.description).joined().contains("file-secret-1"))
    }

    @Test func streamedBodiesAreShownAsAPlaceholderAndNeverRead() async throws {
        let request = try Endpoint<Empty, Never> {
            Method.put
            Path("upload")
            Body.stream(
                AsyncThrowingStream<Data, any Error> { $0.yield(Data("stream-secret".utf8)) }, length: 13)
        }.built()
        let entries = try await Self.run(.trace, request: request, response: RawResponse(status: .noContent))
        #expect(entries.first?.lines.last == "  Body: <streamed body: 13 bytes>")
        #expect(!entries.map(\.description).joined().contains("stream-secret"))
        #expect(request.body?.stream?.isConsumed == false)
    }

    @Test func errorsAreLoggedWithTheirKindAndRethrownUnchanged() async {
        let sink = CapturingLogSink()
        let failure = CourierError(
            stage: .transport, kind: .tooManyRedirects,
            message:
                "The redirects form a cycle back to https://api.example.com/users?api_key=query-secret-1.")
        let error = await expectCourierError(.tooManyRedirects) {
            try await Self.middleware(.info, sink: sink).intercept(Self.request, baseURL: exampleBase) {
                _, _ throws(CourierError) in throw failure
            }
        }
        #expect(error?.message == failure.message)
        #expect(
            sink.entries == [
                LogEntry(
                    level: .error,
                    message:
                        "POST https://api.example.com/users?api_key=<redacted>&page=2 → tooManyRedirects "
                        + "after 12 ms: The redirects form a cycle back to "
                        + "https://api.example.com/users?api_key=<redacted>.",
                    metadata: LogEntry.Metadata(
                        method: .post, url: "https://api.example.com/users?api_key=<redacted>&page=2",
                        errorKind: .tooManyRedirects, duration: .milliseconds(12)))
            ])
    }

    @Test func errorsWithAResponseShowItsStatusAndHeaders() async {
        let sink = CapturingLogSink()
        let rejected = CourierError(
            stage: .middleware, kind: .unacceptableStatus, message: "The server answered 404.",
            response: RawResponse(status: .notFound, headers: [HeaderField(name: .setCookie, value: "a=b")]))
        _ = try? await Self.middleware(.debug, sink: sink).intercept(Self.request, baseURL: exampleBase) {
            _, _ throws(CourierError) in throw rejected
        }
        #expect(
            sink.entries.last?.lines == [
                "POST https://api.example.com/users?api_key=<redacted>&page=2 → unacceptableStatus (404) "
                    + "after 12 ms: The server answered 404.",
                "  Set-Cookie: <redacted>",
            ])
        #expect(sink.entries.last?.level == .error)
    }

    @Test func cancellationIsAWarning() async {
        let sink = CapturingLogSink()
        _ = try? await Self.middleware(.warning, sink: sink).intercept(Self.request, baseURL: exampleBase) {
            _, _ throws(CourierError) in
            throw CourierError(stage: .transport, kind: .cancelled, message: "The request was cancelled.")
        }
        #expect(sink.entries.map(\.level) == [.warning])
        #expect(
            sink.entries.first?.message.hasSuffix("→ cancelled after 12 ms: The request was cancelled.")
                == true)
    }

    @Test func throughAClientTheDurationIsMeasured() async throws {
        let sink = CapturingLogSink()
        let client = Client(
            baseURL: exampleBase,
            transport: StubTransport { RawResponse(status: .ok, body: Data("{}".utf8), url: $0.url) },
            middleware: [LoggingMiddleware(level: .info, sink: sink)])
        _ = try await client.send(ClientTests.ping)
        let message = try #require(sink.entries.first?.message)
        #expect(
            message.wholeMatch(of: /GET https:\/\/api\.example\.com\/ping → 200 \(2 bytes, \d+ ms\)/) != nil)
    }

    @Test func metadataCarriesTheTemplateAndEachAttemptsNumber() async throws {
        let sink = CapturingLogSink()
        let answers = LockedValue([HTTPStatus.serviceUnavailable, .ok])
        let client = Client(
            baseURL: BaseURL("https://api.example.com"),
            transport: StubTransport { request in
                let status = answers.withLock { $0.removeFirst() }
                return RawResponse(
                    status: status, body: Data(#"{"title":"Dune","pages":412}"#.utf8), url: request.url)
            },
            middleware: [
                MetricsMiddleware { _ in }, RetryMiddleware(backoff: RetryBackoff(base: .zero)),
                LoggingMiddleware(level: .debug, sink: sink),
            ])
        _ = try await client.send(Shelf.GetBook(shelf: "sci fi", id: 42, sort: nil, tenant: "acme"))
        let metadata = sink.entries.compactMap(\.metadata)
        #expect(metadata.count == 4)
        #expect(metadata.map(\.attempt) == [1, 1, 2, 2])
        #expect(metadata.map(\.status) == [nil, .serviceUnavailable, nil, .ok])
        #expect(metadata.map { $0.duration == nil } == [true, false, true, false])
        #expect(Set(metadata.map(\.template)) == ["GET /v2/shelves/{shelf}/books/{id}?sort&format=full"])
        #expect(Set(metadata.map(\.method)) == [.get])
        #expect(
            Set(metadata.map(\.url)) == ["https://api.example.com/v2/shelves/sci%20fi/books/42?format=full"])
    }

    /// A refused redirect's response is logged with its fields: a URL in them shows no password.
    @Test func aLocationWithAPasswordIsLoggedWithoutIt() async throws {
        let sink = CapturingLogSink()
        let client = Client(
            baseURL: BaseURL("https://api.example.com"),
            transport: StubTransport { request in
                RawResponse(
                    status: 302,
                    headers: [
                        HeaderField(name: .location, value: "https://user:pw-secret@cdn.example.com/f"),
                        HeaderField(
                            name: .contentLocation, value: "https://user:pw-secret@cdn.example.com/g"),
                    ], url: request.url)
            },
            middleware: [LoggingMiddleware(level: .debug, sink: sink)])
        let error = await expectCourierError(.unsupportedRedirect) {
            try await client.send(
                Endpoint<String, Never> {
                    Method.get
                    Path("start")
                })
        }
        #expect(error?.response?.status == 302)
        #expect(sink.text.contains("Location: https://<redacted>@cdn.example.com/f"))
        #expect(!sink.text.contains("pw-secret"))
    }

    @Test func withoutAMetricsMiddlewareTheAttemptIsUnknown() async throws {
        let entries = try await Self.run(.debug)
        #expect(entries.map(\.metadata?.attempt) == [nil, nil])
        #expect(entries.map(\.metadata?.status) == [nil, .created])
        #expect(entries.map(\.metadata?.duration) == [nil, .milliseconds(12)])
    }

    @Test func aSecretEchoedIntoTheURLIsScrubbedFromTheMetadataToo() async throws {
        let request = try Endpoint<Empty, Never> {
            Method.get
            Path("users", "bearer-secret-2")
            Header.bearer("bearer-secret-2")
        }.built()
        let entries = try await Self.run(.info, request: request)
        #expect(entries.map(\.metadata?.url) == ["https://api.example.com/users/<redacted>"])
    }

    @Test func aTemplatesFixedSecretQueryValueIsHidden() async throws {
        let sink = CapturingLogSink()
        let client = Client(
            baseURL: exampleBase,
            transport: StubTransport { RawResponse(status: .ok, body: Data("{}".utf8), url: $0.url) },
            middleware: [LoggingMiddleware(level: .info, sink: sink)])
        _ = try await client.send(KeyedPing())
        #expect(sink.entries.map(\.metadata?.template) == ["GET /ping?api_key=<redacted>&v=2"])
    }
}

/// `GET /ping` with an API key declared in the endpoint itself, so its template shows it.
private struct KeyedPing: CatalogEndpoint {
    typealias Success = Empty
    typealias Failure = Never

    var definition: some EndpointDefinition {
        Method.get
        Path("ping")
        Query("api_key", "template-secret-1")
        Query("v", 2)
    }
}
