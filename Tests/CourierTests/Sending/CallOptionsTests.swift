import Courier
import CourierTestSupport
import CourierTesting
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite struct CallOptionsTests {
    static let report = Endpoint<Empty, Never> {
        Method.get
        Path("report")
        Header("X-Trace", "declared")
        Timeout(connect: .seconds(3))
        Header.bearer("endpoint-token")
        Query("api_key", "endpoint-key")
    }

    @Test func headersAreAddedReplacingFieldsOfTheSameName() async throws {
        let recorder = RecordingTransport()
        let client = Client(baseURL: exampleBase, transport: recorder)
        let options = CallOptions(headers: [
            HeaderField(name: HeaderName("X-Trace"), value: "per-call"),
            HeaderField(name: HeaderName("X-Request-ID"), value: "r-1"),
        ])
        _ = try await client.send(Self.report, options: options)
        _ = try await client.send(Self.report)
        let sent = await recorder.requests
        #expect(sent.map { $0.headers.values(for: HeaderName("X-Trace")) } == [["per-call"], ["declared"]])
        #expect(sent.map { $0.headers[HeaderName("X-Request-ID")] } == ["r-1", nil])
    }

    @Test func headersAreValidatedAndRedactedLikeDeclaredOnes() async {
        let recorder = RecordingTransport()
        let client = Client(baseURL: exampleBase, transport: recorder)
        await expectCourierError(.invalidHeaderValue, stage: .building) {
            try await client.send(
                Self.report, options: CallOptions(headers: [HeaderField(name: .accept, value: "json ")]))
        }
        #expect(await recorder.requests.isEmpty)
        let failing = Client(
            baseURL: exampleBase, transport: StubTransport { _ in throw URLError(.timedOut) })
        let error = await expectCourierError(.timedOut) {
            try await failing.send(
                Self.report,
                options: CallOptions(headers: [
                    HeaderField(name: HeaderName("X-Key"), value: "call-secret", isSecret: true)
                ]))
        }
        #expect(error?.request?.headers[HeaderName("X-Key")] == "<redacted>")
    }

    @Test func theCallsTimeoutWinsThenTheEndpointsThenTheClients() throws {
        let client = Client(
            baseURL: exampleBase, transport: RecordingTransport(),
            configuration: Client.Configuration(
                timeout: Timeout(.seconds(20), connect: .seconds(2), idle: .seconds(8))))
        let request = try client.request(
            for: Self.report, options: CallOptions(timeout: Timeout(idle: .seconds(60))))
        #expect(request.timeout == Timeout(.seconds(20), connect: .seconds(3), idle: .seconds(60)))
        expectCourierError(.invalidTimeout, stage: .building) {
            try client.request(for: Self.report, options: CallOptions(timeout: Timeout(.zero)))
        }
    }

    @Test func theURLRequestCanBeConfiguredForOneCall() async throws {
        let seen = LockedBox<[Bool]>([])
        let client = Client(
            baseURL: exampleBase,
            transport: StubTransport { request in
                seen.withLock { $0.append(request.urlRequest.allowsCellularAccess) }
                return RawResponse(status: .noContent, url: request.url)
            })
        let options = CallOptions(configureURLRequest: { $0.allowsCellularAccess = false })
        _ = try await client.send(Self.report, options: options)
        _ = try await client.send(Self.report)
        #expect(seen.withLock { $0 } == [false, true])
    }

    @Test func theURLRequestConfigurationAppliesToTheFirstHopOnly() async throws {
        let transport = RecordingTransport(
            answeringWith: StubTransport { request in
                guard request.url.host == "api.example.com" else {
                    return RawResponse(status: .ok, url: request.url)
                }
                return RawResponse(
                    status: 302,
                    headers: [HeaderField(name: .location, value: "https://cdn.example.net/file")],
                    url: request.url)
            })
        let client = Client(baseURL: exampleBase, transport: transport)
        let options = CallOptions(configureURLRequest: { $0.allowsCellularAccess = false })
        _ = try await client.send(Self.report, options: options)
        let sent = await transport.requests
        #expect(sent.map(\.url.host) == ["api.example.com", "cdn.example.net"])
        #expect(sent.map(\.urlRequest.allowsCellularAccess) == [false, true])
    }

    @Test func aConfigurationThatChangesWhatCourierChecksIsRejectedBeforeSending() async {
        let recorder = RecordingTransport()
        let client = Client(baseURL: exampleBase, transport: recorder)
        let changes: [@Sendable (inout URLRequest) -> Void] = [
            { $0.setValue("Bearer leaked", forHTTPHeaderField: "Authorization") },
            { $0.httpMethod = "DELETE" },
            { $0.url = URL(string: "https://evil.example.net/") },
            { $0.httpBody = Data("x".utf8) },
        ]
        for change in changes {
            let error = await expectCourierError(.urlRequestConfigurationRejected, stage: .transport) {
                try await client.send(Self.report, options: CallOptions(configureURLRequest: change))
            }
            #expect(error?.message.contains("Nothing was sent") == true)
        }
        #expect(await recorder.requests.isEmpty)
    }

    @Test func anAbsoluteURLOnAnotherOriginGoesWithoutSecrets() async throws {
        let recorder = RecordingTransport()
        let defaults = try ClientDefaults(
            headers: [HeaderField(name: HeaderName("X-Api-Key"), value: "default-key", isSecret: true)],
            query: [QueryItem(name: "tenant", value: "default-tenant", isSecret: true)])
        let client = Client(baseURL: exampleBase, transport: recorder, defaults: defaults)
        let next = URL(string: "https://cdn.example.com/page/2?sig=kept-in-url")!
        _ = try await client.send(Self.report, options: CallOptions(url: next))
        _ = try await client.send(
            Self.report, options: CallOptions(url: next, sendsSecretsToOtherOrigin: true))
        _ = try await client.send(
            Self.report, options: CallOptions(url: URL(string: "https://api.example.com:443/p")!))
        let sent = await recorder.requests
        #expect(
            sent.map(\.url.absoluteString) == [
                "https://cdn.example.com/page/2?sig=kept-in-url",
                "https://cdn.example.com/page/2?sig=kept-in-url&tenant=default-tenant",
                "https://api.example.com/p?tenant=default-tenant",
            ])
        #expect(
            sent.map { $0.headers[.authorization] } == [
                nil, "Bearer endpoint-token", "Bearer endpoint-token",
            ])
        #expect(sent.map { $0.headers[HeaderName("X-Api-Key")] } == [nil, "default-key", "default-key"])
        #expect(sent.map { $0.headers[HeaderName("X-Trace")] } == ["declared", "declared", "declared"])
    }

    @Test func theFinalURLIsOneCallWithoutSending() async throws {
        let recorder = RecordingTransport()
        let client = Client(baseURL: exampleBase, transport: recorder)
        try await client.defaults.setQuery("v", "3")
        #expect(
            try client.url(for: Self.report).absoluteString
                == "https://api.example.com/report?api_key=endpoint-key&v=3")
        #expect(
            try client.url(
                for: Self.report, options: CallOptions(url: URL(string: "https://cdn.example.com")!)
            )
            .absoluteString == "https://cdn.example.com/?v=3")
        #expect(await recorder.requests.isEmpty)
    }

    static let todos = Endpoint<Empty, Never> {
        Method.post
        Path("todos")
        Query("page", 1)
        Header("X-Trace", "declared")
        Body.text("payload")
    }

    @Test func aPerCallURLIsTheExactTargetKeepingMethodHeadersAndBody() async throws {
        let recorder = RecordingTransport()
        let client = Client(baseURL: exampleBase, transport: recorder)
        let next = URL(string: "https://api.example.com/todos?page=2")!
        _ = try await client.send(Self.todos, options: CallOptions(url: next))
        let sent = try #require(await recorder.requests.first)
        #expect(sent.url.absoluteString == "https://api.example.com/todos?page=2")
        #expect(sent.method == .post)
        #expect(sent.headers[HeaderName("X-Trace")] == "declared")
        #expect(sent.body != nil)
        let block = Endpoint<Empty, Never> {
            Method.get
            AbsoluteURL(URL(string: "https://cdn.example.com/v1?sig=s")!)
            Path("todos")
            Query("page", 1)
        }
        #expect(
            try client.url(for: block).absoluteString == "https://cdn.example.com/v1/todos?sig=s&page=1")
    }

    @Test func headersSensitiveByNameStayOffOtherOriginsAndOutOfRenderings() async throws {
        for name in ["X-Api-Key", "Api-Key", "X-Auth-Token", "X-Client-Secret", "X-Amz-Signature"] {
            let field = try HeaderField(name: #require(HeaderName(validating: name)), value: "v")
            #expect(field.isSensitive)
        }
        #expect(!HeaderField(name: HeaderName("X-Trace"), value: "v").isSensitive)
        let recorder = RecordingTransport()
        let defaults = try ClientDefaults(
            headers: [HeaderField(name: HeaderName("X-Api-Key"), value: "plain-default-key")])
        let client = Client(baseURL: exampleBase, transport: recorder, defaults: defaults)
        _ = try await client.send(
            Self.report, options: CallOptions(url: URL(string: "https://cdn.example.com/page/2")!))
        _ = try await client.send(Self.report)
        let sent = await recorder.requests
        #expect(sent.map { $0.headers[HeaderName("X-Api-Key")] } == [nil, "plain-default-key"])
        let curl = try client.request(for: Self.report).curlCommand(baseURL: exampleBase)
        #expect(!curl.contains("plain-default-key"))
    }

    @Test func equalOptionsGiveEqualRequestsAndRepeatedHeaderNamesAreKept() throws {
        let client = Client(baseURL: exampleBase, transport: RecordingTransport())
        let options = CallOptions(
            headers: [
                HeaderField(name: HeaderName("X-Trace"), value: "a"),
                HeaderField(name: HeaderName("X-Trace"), value: "b"),
            ],
            configureURLRequest: { $0.allowsCellularAccess = false })
        let first = try client.request(for: Self.report, options: options)
        let second = try client.request(for: Self.report, options: options)
        #expect(first == second)
        #expect(first.headers.values(for: HeaderName("X-Trace")) == ["a", "b"])
    }
}
