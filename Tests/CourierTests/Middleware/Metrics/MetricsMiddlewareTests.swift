import CourierTestSupport
import CourierTesting
import Foundation
import Testing

@testable import Courier

/// An observer that keeps every report, and every start as `"METHOD base-URL path"`.
final class CapturingMetricsObserver: MetricsObserver {
    private let stored = LockedValue<[RequestMetrics]>([])
    private let storedStarts = LockedValue<[String]>([])

    func record(_ metrics: RequestMetrics) {
        stored.withLock { $0.append(metrics) }
    }

    func willSend(_ request: EndpointRequest, baseURL: BaseURL) {
        // What has been recorded so far rides along, so a test sees that the start came first.
        let recorded = stored.withLock { $0.count }
        storedStarts.withLock {
            $0.append("\(request.method) \(baseURL) \(request.percentEncodedPath) after \(recorded) records")
        }
    }

    var reports: [RequestMetrics] { stored.withLock { $0 } }
    var starts: [String] { storedStarts.withLock { $0 } }
}

/// Sends the request again, once, when the answer is 503: a retry in its simplest form.
private struct RetryOnce503: Middleware {
    func intercept(_ request: EndpointRequest, baseURL: BaseURL, next: Next) async throws -> RawResponse {
        let first = try await next(request, baseURL)
        guard first.status == .serviceUnavailable else { return first }
        return try await next(request, baseURL)
    }
}

@Suite(.timeLimit(.minutes(1))) struct MetricsMiddlewareTests {
    /// POST /upload answers 503 "busy" the first time, then 307 to /stored, which answers 201 `{"id":1}`.
    static func transport() -> RecordingTransport {
        let uploads = LockedValue(0)
        return RecordingTransport(
            answeringWith: StubTransport { request in
                switch request.url.path {
                case "/upload"
                where uploads.withLock({
                    $0 += 1
                    return $0
                }) == 1:
                    return RawResponse(status: .serviceUnavailable, body: Data("busy".utf8), url: request.url)
                case "/upload":
                    return RawResponse(
                        status: 307, headers: [HeaderField(name: .location, value: "/stored")],
                        url: request.url)
                default:
                    return RawResponse(status: .created, body: Data(#"{"id":1}"#.utf8), url: request.url)
                }
            })
    }

    static let upload = Endpoint<Empty, Never> {
        Method.post
        Path("upload")
        Query("api_key", "query-secret")
        Body.text("payload")
    }

    @Test func outermostItCountsEveryAttemptRedirectAndByte() async throws {
        let observer = CapturingMetricsObserver()
        let recorder = Self.transport()
        let client = Client(
            baseURL: exampleBase, transport: recorder,
            middleware: [MetricsMiddleware(observer: observer), RetryOnce503()])
        _ = try await client.send(Self.upload)
        #expect(await recorder.requests.map(\.url.path) == ["/upload", "/upload", "/stored"])
        let metrics = try #require(observer.reports.first)
        #expect(observer.reports.count == 1)
        #expect(metrics.method == .post)
        #expect(metrics.host == "api.example.com")
        #expect(metrics.path == "/upload")
        #expect(metrics.status == .created)
        #expect(metrics.errorKind == nil)
        #expect(metrics.attempts == 2)
        #expect(metrics.redirects == 1)
        #expect(metrics.bytesSent == 21)  // "payload" on each of three hops (307 keeps the body)
        #expect(metrics.bytesReceived == 12)  // "busy", nothing, {"id":1}
        #expect(metrics.requestBodySize == 7)  // one "payload": the last hop's
        #expect(metrics.responseBodySize == 8)  // {"id":1}: the final response's
        #expect(metrics.httpVersion == nil)  // the stub says none
        let firstByte = try #require(metrics.timeToFirstByte)
        #expect(firstByte >= .zero)
        #expect(firstByte <= metrics.duration)
    }

    @Test func aRedirectThatDropsTheBodyLeavesALastRequestOfNoBytes() async throws {
        let observer = CapturingMetricsObserver()
        let transport = StubTransport { request in
            request.url.path == "/upload"
                ? RawResponse(
                    status: 303, headers: [HeaderField(name: .location, value: "/receipt")],
                    body: Data("moved".utf8),
                    url: request.url)
                : RawResponse(status: .ok, body: Data("done".utf8), url: request.url, httpVersion: .http2)
        }
        let client = Client(
            baseURL: exampleBase, transport: transport, middleware: [MetricsMiddleware(observer: observer)])
        _ = try await client.send(Self.upload)
        let metrics = try #require(observer.reports.first)
        #expect(metrics.bytesSent == 7)
        #expect(metrics.requestBodySize == 0)  // the GET the 303 made
        #expect(metrics.bytesReceived == 9)
        #expect(metrics.responseBodySize == 4)
        #expect(metrics.httpVersion == .http2)
    }

    @Test func aCacheHitSentNoRequestAndEndedWithTheStoredBody() async throws {
        let observer = CapturingMetricsObserver()
        let transport = StubTransport { request in
            RawResponse.stub(.ok, [("Cache-Control", "max-age=60")], to: request, body: "stored")
        }
        let client = Client(
            baseURL: exampleBase, transport: transport,
            middleware: [MetricsMiddleware(observer: observer), HTTPCacheMiddleware()])
        let get = Endpoint<String, Never> {
            Method.get
            Path("notes")
        }
        _ = try await client.send(get)
        _ = try await client.send(get)
        let hit = try #require(observer.reports.last)
        #expect(hit.cacheOutcome == .hit)
        #expect(hit.attempts == 0)
        #expect(hit.requestBodySize == nil)
        #expect(hit.responseBodySize == 6)
    }

    @Test func theObserverHearsOfEachStartBeforeItsRecord() async throws {
        let observer = CapturingMetricsObserver()
        let client = Client(
            baseURL: BaseURL("http://127.0.0.1:8080/v2"), transport: Self.transport(),
            middleware: [MetricsMiddleware(observer: observer), RetryOnce503()])
        _ = try await client.send(Self.upload)
        _ = try await client.send(Self.upload)
        #expect(
            observer.starts == [
                "POST http://127.0.0.1:8080/v2 /upload after 0 records",
                "POST http://127.0.0.1:8080/v2 /upload after 1 records",
            ])
        #expect(observer.reports.map(\.scheme) == ["http", "http"])
        #expect(observer.reports.map(\.port) == [8080, 8080])
    }

    @Test func thePortIsTheSchemesDefaultWhenTheBaseURLNamesNone() async throws {
        let observer = CapturingMetricsObserver()
        for base in [BaseURL("https://api.example.com"), BaseURL("http://api.example.com")] {
            let client = Client(
                baseURL: base, transport: Self.transport(),
                middleware: [MetricsMiddleware(observer: observer)])
            _ = try await client.send(ClientTests.ping)
        }
        #expect(observer.reports.map(\.scheme) == ["https", "http"])
        #expect(observer.reports.map(\.port) == [443, 80])
        let made = RequestMetrics(
            method: .get, host: "a.example", path: "/", status: nil, errorKind: nil, attempts: 1,
            redirects: 0, bytesSent: 0, bytesReceived: 0, timeToFirstByte: nil, duration: .zero)
        #expect(made.scheme == "https")
        #expect(made.port == 443)
    }

    /// A request with an absolute URL is reported with that URL's host, scheme and port; the
    /// next one, resolved against the client's base, with the base's again.
    @Test func anAbsoluteURLsHostSchemeAndPortAreReported() async throws {
        let observer = CapturingMetricsObserver()
        let client = Client(
            baseURL: BaseURL("http://127.0.0.1:8080/v2"), transport: Self.transport(),
            middleware: [MetricsMiddleware(observer: observer)])
        let elsewhere = Endpoint<Empty, Never> {
            Method.get
            AbsoluteURL("https://cdn.example.com:8443/files/1")
        }
        _ = try await client.send(elsewhere)
        _ = try await client.send(ClientTests.ping)
        #expect(observer.reports.map(\.host) == ["cdn.example.com", "127.0.0.1"])
        #expect(observer.reports.map(\.scheme) == ["https", "http"])
        #expect(observer.reports.map(\.port) == [8443, 8080])
        #expect(observer.reports.map(\.path) == ["/files/1", "/v2/ping"])
    }

    @Test func theURLTemplateIsTheBasePathThenTheTemplates() async throws {
        let observer = CapturingMetricsObserver()
        let client = Client(
            baseURL: BaseURL("https://api.example.com/v1"), transport: Self.transport(),
            middleware: [MetricsMiddleware(observer: observer)])
        _ = try await client.send(FileNamed(name: "report.pdf"))
        _ = try await client.send(Self.upload)
        // A path parameter of several segments cannot be read back by a server, so the catalog
        // gives that endpoint no template at all: no real path value can stand in for one.
        _ = try await client.send(FileAtPath(path: "a/b/c"))
        #expect(observer.reports.map(\.path) == ["/v1/files/report.pdf", "/v1/upload", "/v1/files/a/b/c"])
        #expect(observer.reports.map(\.template) == ["GET /files/{name}", nil, nil])
        #expect(observer.reports.map(\.urlTemplate) == ["/v1/files/{name}", nil, nil])
    }

    @Test func insideARetryEachAttemptIsReportedAlone() async throws {
        let observer = CapturingMetricsObserver()
        let client = Client(
            baseURL: exampleBase, transport: Self.transport(),
            middleware: [RetryOnce503(), MetricsMiddleware(observer: observer)])
        _ = try await client.send(Self.upload)
        let reports = observer.reports
        #expect(reports.map(\.status) == [.serviceUnavailable, .created])
        #expect(reports.map(\.attempts) == [1, 1])
        #expect(reports.map(\.redirects) == [0, 1])
        #expect(reports.map(\.bytesSent) == [7, 14])
        #expect(reports.map(\.bytesReceived) == [4, 8])
    }

    @Test func thePathCarriesTheBasePathButNoQuery() async throws {
        let observer = CapturingMetricsObserver()
        let client = Client(
            baseURL: BaseURL("https://api.example.com/v2"), transport: Self.transport(),
            middleware: [MetricsMiddleware(observer: observer)])
        _ = try await client.send(
            Endpoint<Empty, Never> {
                Method.get
                Path("files", "a b")
                Query("token", "query-secret")
            })
        #expect(observer.reports.map(\.path) == ["/v2/files/a%20b"])
    }

    @Test func transportErrorsAreReportedWithTheirKind() async {
        let observer = CapturingMetricsObserver()
        let client = Client(
            baseURL: exampleBase,
            transport: StubTransport { _ in throw URLError(.cannotConnectToHost) },
            middleware: [MetricsMiddleware(observer: observer)])
        await expectCourierError(.cannotConnect) { try await client.send(Self.upload) }
        let metrics = observer.reports
        #expect(metrics.count == 1)
        #expect(metrics.first?.errorKind == .cannotConnect)
        #expect(metrics.first?.status == nil)
        #expect(metrics.first?.attempts == 1)
        #expect(metrics.first?.bytesSent == 7)
        #expect(metrics.first?.bytesReceived == 0)
        #expect(metrics.first?.timeToFirstByte == nil)
    }

    @Test func anErrorWithAResponseReportsItsStatus() async throws {
        let observer = CapturingMetricsObserver()
        let client = Client(
            baseURL: exampleBase,
            transport: StubTransport { RawResponse(status: .notFound, body: Data("no".utf8), url: $0.url) },
            middleware: [MetricsMiddleware(observer: observer), ValidationMiddleware()])
        _ = try? await client.send(Self.upload)
        let metrics = try #require(observer.reports.first)
        #expect(metrics.errorKind == .unacceptableStatus)
        #expect(metrics.status == .notFound)
        #expect(metrics.bytesReceived == 2)
    }

    @Test func cancellationIsReportedAsCancelled() async throws {
        let observer = CapturingMetricsObserver()
        let (entered, enter) = AsyncStream.makeStream(of: Void.self)
        let client = Client(
            baseURL: exampleBase,
            transport: StubTransport { request in
                enter.yield()
                try await Task.sleep(for: .seconds(60))
                return RawResponse(status: .ok, url: request.url)
            },
            middleware: [MetricsMiddleware(observer: observer)])
        let task = Task { try await client.send(Self.upload) }
        for await _ in entered { break }
        task.cancel()
        await #expect(throws: CourierError.self) { try await task.value }
        #expect(observer.reports.map(\.errorKind) == [.cancelled])
    }

    @Test func aTimeoutIsReportedAsTimedOutNotCancelled() async throws {
        let observer = CapturingMetricsObserver()
        let client = Client(
            baseURL: exampleBase,
            transport: StubTransport { request in
                try await Task.sleep(for: .seconds(50))
                return RawResponse(status: .ok, url: request.url)
            },
            middleware: [MetricsMiddleware(observer: observer)],
            configuration: Client.Configuration(timeout: Timeout(.milliseconds(100)))
        )
        await expectCourierError(.timedOut) { try await client.send(Self.upload) }
        // The caller gets its timeout at once; the cancelled chain reports as it unwinds. A chain
        // left running would report nothing for the transport's 50 s (then its 200), so the
        // report tells, not its duration; the wait's limit is for a busy machine.
        try await waitUntil("the request was reported", within: .seconds(45)) { !observer.reports.isEmpty }
        #expect(observer.reports.map(\.errorKind) == [.timedOut])
        #expect(observer.reports.map(\.status) == [nil])
    }

    @Test func twoMetricsMiddlewareEachSeeEverything() async throws {
        let outer = LockedValue<[RequestMetrics]>([])
        let inner = LockedValue<[RequestMetrics]>([])
        let client = Client(
            baseURL: exampleBase, transport: Self.transport(),
            middleware: [
                MetricsMiddleware { metrics in outer.withLock { $0.append(metrics) } },
                MetricsMiddleware { metrics in inner.withLock { $0.append(metrics) } }, RetryOnce503(),
            ])
        _ = try await client.send(Self.upload)
        for reports in [outer, inner] {
            let metrics = try #require(reports.withLock { $0 }.first)
            #expect(metrics.attempts == 2)
            #expect(metrics.redirects == 1)
            #expect(metrics.bytesSent == 21)
            #expect(metrics.bytesReceived == 12)
            #expect(metrics.timeToFirstByte != nil)
        }
    }

    /// Each recorder counts the time to the first response's head from its own start; later
    /// heads (a retry's, a redirect's) do not move it.
    @Test func theTimeToFirstByteIsFromTheRecordersOwnStart() {
        let start = ContinuousClock.now
        let recorder = RequestMetricsRecorder(startedAt: start.advanced(by: .milliseconds(100)))
        let head = start.advanced(by: .milliseconds(350))
        recorder.receivedHead(at: head)
        recorder.receivedHead(at: head.advanced(by: .seconds(5)))
        #expect(recorder.snapshot.timeToFirstByte == .milliseconds(250))
    }
}

/// `GET /files/{path}`: a path of any number of segments, which a template shows as one.
private struct FileNamed: CatalogEndpoint {
    typealias Success = Empty
    typealias Failure = Never

    var name: String

    var definition: some EndpointDefinition {
        Method.get
        Path("files", name)
    }
}

private struct FileAtPath: CatalogEndpoint {
    typealias Success = Empty
    typealias Failure = Never

    var path: String

    var definition: some EndpointDefinition {
        Method.get
        Path("files")
        Path(segments: path.split(separator: "/").map(String.init))
    }
}
