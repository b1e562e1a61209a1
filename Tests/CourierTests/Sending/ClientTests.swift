import Courier
import CourierTestSupport
import CourierTesting
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Records its name on the way in and out, into a shared trail.
struct TracingMiddleware: Middleware {
    let name: String
    let trail: Trail

    func intercept(_ request: EndpointRequest, baseURL: BaseURL, next: Next) async throws -> RawResponse {
        await trail.append("\(name) in")
        let tagged = try request.addingHeader(HeaderField(name: HeaderName("X-Trail"), value: name))
        let response = try await next(tagged, baseURL)
        await trail.append("\(name) out")
        return response
    }
}

actor Trail {
    private(set) var entries: [String] = []
    func append(_ entry: String) { entries.append(entry) }
}

struct FailingMiddleware: Middleware {
    struct Refused: Error {}
    func intercept(_ request: EndpointRequest, baseURL: BaseURL, next: Next) async throws -> RawResponse {
        throw Refused()
    }
}

struct CancelledMiddleware: Middleware {
    func intercept(_ request: EndpointRequest, baseURL: BaseURL, next: Next) async throws -> RawResponse {
        throw CancellationError()
    }
}

/// A request model that counts how often its definition is built.
struct CountedModel: RequestModel {
    typealias Success = Empty
    typealias Failure = Never

    static let builds = LockedBox(0)

    var definition: some EndpointDefinition {
        let segment = Self.builds.withLock { count in
            count += 1
            return "counted"
        }
        Method.get
        Path(segment)
    }
}

@Suite struct ClientTests {
    @Test func sendAndDownloadBuildARequestModelsDefinitionOnce() async throws {
        let client = Client(
            baseURL: exampleBase, transport: StubTransport { _ in RawResponse(status: .noContent) })
        var before = CountedModel.builds.get()
        _ = try await client.send(CountedModel())
        #expect(CountedModel.builds.get() - before == 1)

        let file = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString)
        defer { try? FileManager.default.removeItem(at: file) }
        before = CountedModel.builds.get()
        _ = try await client.download(CountedModel(), to: file)
        #expect(CountedModel.builds.get() - before == 1)
    }

    @Test func theConfigurationDefaults() {
        let configuration = Client.Configuration()
        #expect(configuration.redirectLimit == 10)
        #expect(configuration.timeout == Timeout())
        #expect(configuration.timeout.total == nil)
    }

    @Test func cancellationInsideMiddlewareIsTheCancelledKind() async {
        let client = Client(
            baseURL: exampleBase, transport: RecordingTransport(), middleware: [CancelledMiddleware()])
        await expectCourierError(.cancelled, stage: .middleware) { try await client.send(Self.ping) }
    }

    static let ping = Endpoint<Empty, Never> {
        Method.get
        Path("ping")
    }

    @Test func middlewareRunsInOrderOnionStyle() async throws {
        let trail = Trail()
        let recorder = RecordingTransport()
        let client = Client(
            baseURL: exampleBase, transport: recorder,
            middleware: [
                TracingMiddleware(name: "outer", trail: trail),
                TracingMiddleware(name: "inner", trail: trail),
            ]
        )
        _ = try await client.send(Self.ping)
        #expect(await trail.entries == ["outer in", "inner in", "inner out", "outer out"])
        #expect(
            await recorder.requests.first?.headers.values(for: HeaderName("X-Trail")) == ["outer", "inner"])
    }

    @Test func middlewareErrorsAreWrappedWithTheirStage() async {
        let client = Client(
            baseURL: exampleBase, transport: RecordingTransport(), middleware: [FailingMiddleware()])
        let error = await expectCourierError(.middlewareFailed, stage: .middleware) {
            try await client.send(Self.ping)
        }
        #expect(error?.underlying is FailingMiddleware.Refused)
        #expect(error?.request?.percentEncodedPath == "/ping")
        // The error names the URL the request was for, as a transport's error does.
        #expect(error?.url?.absoluteString == "https://api.example.com/ping")
        #expect(error?.description.hasSuffix("[GET https://api.example.com/ping]") == true)
    }

    @Test func defaultsApplyAndCanChangeAtRuntime() async throws {
        let recorder = RecordingTransport()
        let client = Client(baseURL: exampleBase, transport: recorder)
        _ = try await client.send(Self.ping)
        try await client.defaults.setHeader(.authorization, "Bearer one")
        try await client.defaults.setQuery("apiKey", "1234")
        _ = try await client.send(Self.ping)
        try await client.defaults.setHeader(.authorization, "Bearer two")
        _ = try await client.send(
            Endpoint<Empty, Never> {
                Method.get
                Query("apiKey", "mine")
                Header("Accept", "x")
            })
        await client.defaults.removeHeader(.authorization)
        await client.defaults.removeQuery("apiKey")
        _ = try await client.send(Self.ping)

        let sent = await recorder.requests
        #expect(sent.map { $0.headers[.authorization] } == [nil, "Bearer one", "Bearer two", nil])
        #expect(
            sent.map(\.url.absoluteString) == [
                "https://api.example.com/ping",
                "https://api.example.com/ping?apiKey=1234",
                "https://api.example.com/?apiKey=mine",
                "https://api.example.com/ping",
            ])
    }

    @Test func endpointHeadersOverrideDefaultsOfTheSameName() async throws {
        let recorder = RecordingTransport()
        let defaults = try ClientDefaults(headers: [HeaderField(name: .accept, value: "text/plain")])
        let client = Client(baseURL: exampleBase, transport: recorder, defaults: defaults)
        _ = try await client.send(
            Endpoint<Empty, Never> {
                Method.get
                Header.accept(.json)
            })
        _ = try await client.send(Self.ping)
        #expect(
            await recorder.requests.map { $0.headers.values(for: .accept) } == [
                ["application/json"], ["text/plain"],
            ])
    }

    @Test func invalidDefaultsAreRejected() async {
        let client = Client(baseURL: exampleBase, transport: RecordingTransport())
        await #expect(throws: CourierError.self) {
            try await client.defaults.setHeader(.authorization, "a\r\nb")
        }
        await #expect(throws: CourierError.self) { try await client.defaults.setHeader(.contentLength, "1") }
    }

    @Test func declaredQueryComesBeforeDefaults() async throws {
        let recorder = RecordingTransport()
        let defaults = try ClientDefaults(query: [QueryItem(name: "duck", value: "43")])
        let client = Client(baseURL: exampleBase, transport: recorder, defaults: defaults)
        _ = try await client.send(
            Endpoint<Empty, Never> {
                Method.get
                Path("ducks")
                Query("a_value", 42)
            })
        #expect(
            await recorder.requests.map(\.url.absoluteString) == [
                "https://api.example.com/ducks?a_value=42&duck=43"
            ])
    }

    @Test func setQueryAndSetHeaderBothThrowOnWhatCannotBeSent() async {
        let client = Client(baseURL: exampleBase, transport: RecordingTransport())
        await expectCourierError(.invalidQueryName, stage: .building) {
            try await client.defaults.setQuery("", "value")
        }
        await expectCourierError(.invalidHeaderValue, stage: .building) {
            try await client.defaults.setHeader(.accept, " json")
        }
        #expect(await client.defaults.query.isEmpty)
        #expect(throws: CourierError.self) { try ClientDefaults(query: [QueryItem(name: "", value: "v")]) }
    }

    @Test func aDefaultQueryMarkedSecretIsHiddenInErrors() async throws {
        let client = Client(baseURL: exampleBase, transport: StubTransport { _ in throw URLError(.timedOut) })
        try await client.defaults.setQuery("tenant", "acme-tenant", isSecret: true)
        let error = await expectCourierError(.timedOut, stage: .transport) {
            try await client.send(Self.ping)
        }
        #expect(
            error?.description
                == "Courier transport error (timedOut): The request timed out. [GET https://api.example.com/ping?tenant=<redacted>]"
        )
    }

    @Test func buildingErrorsHappenBeforeAnyIO() async {
        let recorder = RecordingTransport()
        let client = Client(baseURL: exampleBase, transport: recorder)
        await expectCourierError(.invalidPathSegment, stage: .building) {
            try await client.send(
                Endpoint<Empty, Never> {
                    Method.get
                    Path("..")
                })
        }
        #expect(await recorder.requests.isEmpty)
    }

    @Test(arguments: [
        (URLError(.cancelled) as any Error, CourierError.Kind.cancelled),
        (CancellationError(), .cancelled),
        (URLError(.timedOut), .timedOut),
        (URLError(.networkConnectionLost), .connectionLost),
        (URLError(.cannotConnectToHost), .cannotConnect),
        (URLError(.badServerResponse), .invalidResponse),
        (URLError(.secureConnectionFailed), .transportFailed),
    ])
    func transportErrorsMapToCourierKinds(thrown: any Error, kind: CourierError.Kind) async {
        let client = Client(baseURL: exampleBase, transport: StubTransport { _ in throw thrown })
        let error = await expectCourierError(kind, stage: .transport) { try await client.send(Self.ping) }
        #expect(error?.request?.percentEncodedPath == "/ping")
        #expect(error?.url?.absoluteString == "https://api.example.com/ping")
    }

    @Test(arguments: [
        (
            URLError.Code.cannotFindHost, String?("http://no-such.invalid/ping"),
            "the name no-such.invalid did not resolve."
        ),
        (.dnsLookupFailed, nil, "its name did not resolve."),
        (
            .cannotConnectToHost, "http://127.0.0.3:8080/ping",
            "no address of 127.0.0.3 accepted a connection on port 8080."
        ),
        (
            .cannotConnectToHost, "https://api.example.com/ping",
            "no address of api.example.com accepted a connection on port 443."
        ),
        (.cannotConnectToHost, nil, "it accepted no connection."),
        (.notConnectedToInternet, nil, "this device is not connected to a network."),
    ])
    func aConnectionNotMadeSaysWhy(code: URLError.Code, failingURL: String?, why: String) async {
        let thrown = URLError(
            code, userInfo: failingURL.map { [NSURLErrorFailingURLErrorKey: URL(string: $0)!] } ?? [:])
        let client = Client(baseURL: exampleBase, transport: StubTransport { _ in throw thrown })
        let error = await expectCourierError(.cannotConnect, stage: .transport) {
            try await client.send(Self.ping)
        }
        #expect(error?.message == "Could not connect to the server: " + why)
    }

    @Test func errorsCarryARedactedRequest() async {
        let client = Client(baseURL: exampleBase, transport: StubTransport { _ in throw URLError(.timedOut) })
        let error = await expectCourierError(.timedOut, stage: .transport) {
            try await client.send(
                Endpoint<Empty, Never> {
                    Method.get
                    Header.bearer("s3cr3t")
                })
        }
        #expect(error?.request?.headers[.authorization] == "<redacted>")
        #expect(error?.description.contains("s3cr3t") == false)
        #expect(
            error?.description
                == "Courier transport error (timedOut): The request timed out. [GET https://api.example.com/]"
        )
    }
}

@Suite struct ClientRequestPreviewTests {
    @Test func previewIncludesDefaultsAndTheClientsEncoder() async throws {
        let client = Client(baseURL: exampleBase, transport: RecordingTransport())
        try await client.defaults.setHeader(.authorization, "Bearer t")
        let request = try client.request(
            for: Endpoint<Empty, Never> {
                Method.post
                Body.json(["b": 1, "a": 2, "c": 3])
            })
        #expect(request.headers.map(\.name) == [.authorization, .contentType])
        #expect(request.body?.data == Data(#"{"a":2,"b":1,"c":3}"#.utf8))
    }

    @Test func emptyBodiedUndocumentedStatusEndsWithAPeriod() async {
        let client = Client(
            baseURL: exampleBase, transport: StubTransport { RawResponse(status: 500, url: $0.url) })
        let error = await expectCourierError(.undocumentedStatus) {
            try await client.send(Endpoint<Empty, Never> { Method.get })
        }
        #expect(error?.message == "The server answered 500, which the endpoint does not document.")
    }
}
