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

    /// Hidden where it stands, however short, and only there.
    @Test func aShortSecretIsHiddenByItsPlace() throws {
        let request = try Endpoint<Empty, Never> {
            Method.get
            Path("pin/\(secret: "987")/987")
        }
        .request()
        let base = BaseURL("api.example.com")
        #expect(
            LogRedaction().url(of: request, baseURL: base) == "https://api.example.com/pin/<redacted>/987")
        #expect(
            try request.curlCommand(baseURL: base).contains("'https://api.example.com/pin/<redacted>/987'"))
        #expect(request.redacted().pathSegments == ["pin", "<redacted>", "987"])
    }

    @Test func printingTheRequestShowsNoSecret() throws {
        let request = try Self.endpoint().request()
        var dumped = ""
        dump(request, to: &dumped)
        for shown in [String(describing: request), String(reflecting: request), dumped] {
            #expect(!Self.leaks(shown), "\(shown)")
            #expect(shown.contains("<redacted>"), "\(shown)")
        }
    }

    /// A redirect's `Location` may spell the value otherwise (`:` unencoded): the error hides it
    /// however it is spelled.
    @Test func anErrorHidesTheSecretInAURLThatSpellsItOtherwise() async throws {
        let client = Client(
            baseURL: BaseURL("api.example.com"),
            transport: StubTransport { request in
                RawResponse(
                    status: .notFound, body: Data(),
                    url: URL(string: "https://api.example.com/bot123456:AB%2fC-secret/getMe/"))
            })
        let error = await expectCourierError(.undocumentedStatus, stage: .status) {
            _ = try await client.send(Self.endpoint())
        }
        let failure = try #require(error)
        var dumped = ""
        dump(failure, to: &dumped)
        for shown in [failure.description, failure.errorDescription ?? "", dumped] {
            #expect(!Self.leaks(shown), "\(shown)")
        }
    }

    struct Webhook: CatalogEndpoint {
        typealias Success = Empty
        typealias Failure = Never

        var definition: some EndpointDefinition {
            Method.post
            Path("hooks/\(secret: "fixed-hook-token")")
        }
    }

    /// A fixed secret would be the template's text, which metrics, spans and OpenAPI publish.
    @Test func aCatalogRefusesASecretNoPropertyChanges() {
        let error = expectCourierError(.unparseableEndpoint, stage: .building) {
            _ = try Catalog([Webhook.self])
        }
        #expect(error?.message.contains("fixed-hook-token") == false)
    }

    struct MixedHook: CatalogEndpoint {
        typealias Success = Empty
        typealias Failure = Never

        var id: Int

        var definition: some EndpointDefinition {
            Method.post
            Path("hooks/\(id)-\(secret: "fixed-hook-token")")
        }
    }

    @Test func aCatalogRefusesAFixedSecretBesideAProperty() {
        _ = expectCourierError(.unparseableEndpoint, stage: .building) {
            _ = try Catalog([MixedHook.self])
        }
    }

    /// The log names the response's URL, as the request's is hidden, only when it differs.
    @Test func theLogsResponseLineHidesTheSecretInTheFinalURL() async throws {
        for final in [nil, URL(string: "https://api.example.com/bot123456:AB%2fC-secret/getMe/")] {
            let sink = CapturingLogSink()
            let client = Client(
                baseURL: BaseURL("api.example.com"),
                transport: StubTransport { request in
                    // The redirect's URL is the first endpoint's own.
                    let redirected = request.url.path.hasPrefix("/bot") ? final : nil
                    return RawResponse(status: .ok, body: Data(), url: redirected ?? request.url)
                },
                middleware: [LoggingMiddleware(level: .info, sink: sink)])
            _ = try await client.send(Self.endpoint())
            _ = try await client.send(
                Endpoint<Empty, Never> {
                    Method.get
                    Path("pin/\(secret: "987")/x")
                })
            #expect(!Self.leaks(sink.text) && !sink.text.contains("/987/"), "\(sink.text)")
            #expect(sink.text.contains(" from ") == (final != nil), "\(sink.text)")
        }
    }

    @Test func anErrorHidesTheSecretInTheQueryOfARedirect() async throws {
        let client = Client(
            baseURL: BaseURL("api.example.com"),
            transport: StubTransport { _ in
                RawResponse(
                    status: .notFound, body: Data(),
                    url: URL(string: "https://api.example.com/login?next=%2Fbot\(Self.encodedToken)%2FgetMe"))
            })
        let failure = try #require(
            await expectCourierError(.undocumentedStatus, stage: .status) {
                _ = try await client.send(Self.endpoint())
            })
        var dumped = ""
        dump(failure, to: &dumped)
        for shown in [failure.description, dumped] {
            #expect(!Self.leaks(shown), "\(shown)")
        }
    }

    /// A stored response keeps no URL that holds the secret, as for a secret query value.
    @Test func theCacheStoresNoURLWithTheSecret() async throws {
        let storage = MemoryCacheStorage()
        let client = Client(
            baseURL: BaseURL("api.example.com"),
            transport: StubTransport { request in
                RawResponse(
                    status: .ok,
                    headers: [HeaderField(name: HeaderName("Cache-Control"), value: "max-age=60")],
                    body: Data("{}".utf8), url: request.url)
            },
            middleware: [HTTPCacheMiddleware(storage: storage)])
        _ = try await client.send(Self.endpoint())
        let url = try BaseURL("api.example.com").url(for: try Self.endpoint().request())
        let stored = await storage.responses(forKey: CacheRules.key(url: url.absoluteString))
        #expect(stored.count == 1)
        #expect(stored.allSatisfy { $0.url == nil }, "\(stored.map(\.url))")
    }

    /// An endpoint whose path holds `token`, however short, as a secret.
    static func bot(_ token: String) -> Endpoint<Empty, Never> {
        Endpoint {
            Method.get
            Path("bot\(secret: token)/getMe")
        }
    }

    /// A message that quotes the request's URL, such as a stub transport's, shows its secret by
    /// its place however short, and a stub's URL shows the stub's.
    @Test func aStubTransportsMessageHidesAShortSecretByItsPlace() async throws {
        let base = BaseURL("api.example.com")
        let client = Client(
            baseURL: base, transport: StubTransport([try CannedResponse(for: Self.bot("ab1"), baseURL: base)])
        )
        let failure = try #require(
            await expectCourierError(.transportFailed, stage: .transport) {
                _ = try await client.send(Self.bot("cd2"))
            })
        #expect(
            failure.message
                == "No canned response for GET https://api.example.com/bot<redacted>/getMe; stubs: "
                + "GET https://api.example.com/bot<redacted>/getMe.")
        for shown in [failure.description, failure.errorDescription ?? ""] {
            #expect(!shown.contains("ab1") && !shown.contains("cd2"), "\(shown)")
        }
    }

    @Test func aMockTransportsMessagesHideAShortSecretByItsPlace() async throws {
        let mocks = MockTransport()
        let client = Client(baseURL: BaseURL("api.example.com/v1"), transport: mocks)
        try await mocks.stub(Self.bot("ab1"), for: client, with: .success(Empty()))
        let failure = try #require(
            await expectCourierError(.noMockedResponse, stage: .transport) {
                _ = try await client.send(Self.bot("cd2"))
            })
        #expect(
            failure.message
                == "No mocked response for GET https://api.example.com/v1/bot<redacted>/getMe; the closest stub, "
                + "GET https://api.example.com/v1/bot<redacted>/getMe, differs: "
                + #"path: expected "/v1/bot<redacted>/getMe", got "/v1/bot<redacted>/getMe"."#)
        let unused = try #require(expectCourierError(.unusedMockedResponses) { try mocks.verifyAllUsed() })
        #expect(
            unused.message
                == "1 of 1 stubs were not used up: GET https://api.example.com/v1/bot<redacted>/getMe (never used)."
        )
    }

    /// A stub's query value marked secret is hidden in a mock transport's messages however short
    /// and however named, as in the request's.
    @Test func aMockTransportsMessagesHideAStubsSecretQueryValue() async throws {
        func files(_ pass: String) -> Endpoint<Empty, Never> {
            Endpoint {
                Method.get
                Path("files")
                Query("tenant_pass", pass, isSecret: true)
            }
        }
        let mocks = MockTransport()
        let client = Client(baseURL: BaseURL("api.example.com"), transport: mocks)
        try await mocks.stub(files("ab"), for: client, with: .success(Empty()))
        let failure = try #require(
            await expectCourierError(.noMockedResponse, stage: .transport) {
                _ = try await client.send(files("cd"))
            })
        #expect(
            failure.message
                == "No mocked response for GET https://api.example.com/files?tenant_pass=<redacted>; the closest "
                + "stub, GET https://api.example.com/files?tenant_pass=<redacted>, differs: query tenant_pass: "
                + "differs (values redacted).")
        let unused = try #require(expectCourierError(.unusedMockedResponses) { try mocks.verifyAllUsed() })
        #expect(!unused.message.contains("=ab"), "\(unused.message)")
    }

    /// The request's own path is read only where it ends as a path ends: not inside a host, a
    /// longer segment or another path.
    @Test func theOwnPathIsReadOnlyWhole() throws {
        func request(_ literal: PathLiteral) throws -> EndpointRequest {
            try Endpoint<Empty, Never> {
                Method.get
                Path(literal)
            }
            .request()
        }
        let short = try request("\(secret: "a")")
        #expect(
            LogRedaction().redacting("failed: https://api.example.com/api/a (see /about)", for: short)
                == "failed: https://api.example.com/api/<redacted> (see /about)")
        let nested = try request("k/\(secret: "x")")
        #expect(
            LogRedaction().redacting("/k/x and /k/xylophone, /k/x.json, /k/x?q=1 or /k/x.", for: nested)
                == "/k/<redacted> and /k/xylophone, /k/x.json, /k/<redacted>?q=1 or /k/<redacted>.")
    }

    /// A cause's text that quotes the request's URL or path, in either spelling.
    struct EchoingFailure: Error, CustomStringConvertible {
        let url: URL

        var description: String {
            "no route to \(url.absoluteString) (path \(url.path(percentEncoded: false)))"
        }
    }

    /// The text search hides a secret of four characters or more; the request's own URL and path
    /// in a transport's error hide a shorter one by its place (`é1` is short only decoded).
    @Test(arguments: ["ab1", "é1"])
    func aTransportErrorQuotingTheURLHidesAShortSecretByItsPlace(token: String) async throws {
        let client = Client(
            baseURL: BaseURL("api.example.com"),
            transport: StubTransport { request in throw EchoingFailure(url: request.url) })
        let failure = try #require(
            await expectCourierError(.transportFailed, stage: .transport) {
                _ = try await client.send(Self.bot(token))
            })
        #expect(
            failure.message
                == "The transport failed: no route to https://api.example.com/bot<redacted>/getMe "
                + "(path /bot<redacted>/getMe).")
    }

    struct ChatBot: CatalogEndpoint {
        typealias Success = Empty
        typealias Failure = Never

        var token: String

        var definition: some EndpointDefinition {
            Method.get
            Path("bot\(secret: token)x/getMe")
        }
    }

    /// A catalog's reasons name the segment that holds a secret by its place, never its text.
    @Test func aMismatchDoesNotQuoteASecretSegment() {
        let error = #expect(throws: EndpointMismatch.self) {
            try ChatBot.parse(IncomingRequest(method: .get, target: "/ab1/getMe"))
        }
        #expect(error?.reasons == [#"the path segment 1 is not of the form "bot{token}x""#])
    }

    /// A token in the path, behind fixed text.
    struct ShowToken: CatalogEndpoint {
        typealias Success = Empty
        typealias Failure = Never

        var token: String

        var definition: some EndpointDefinition {
            Method.get
            Path("tokens/tk_\(secret: token)")
        }
    }

    /// Fixed text where ``ShowToken`` has its secret.
    struct ShowCurrentToken: CatalogEndpoint {
        typealias Success = Empty
        typealias Failure = Never

        var definition: some EndpointDefinition {
            Method.get
            Path("tokens/current")
        }
    }

    /// Another endpoint's reasons never quote what was sent in the place of a secret: an endpoint
    /// with fixed text there names the segment by its place, and so does every reason.
    @Test func aMismatchOfFixedTextDoesNotQuoteAnotherEndpointsSecret() throws {
        let sent = try IncomingRequest(ShowToken(token: "s3cr3t").request())
        let fixed = #expect(throws: EndpointMismatch.self) { try ShowCurrentToken.parse(sent) }
        #expect(fixed?.reasons == [#"the path segment 2 is not "current""#])
        // Without its fixed text, the secret fits neither endpoint, and each reason is a place.
        let catalog = try Catalog([ShowCurrentToken.self, ShowToken.self])
        let bare = IncomingRequest(method: .get, target: "/tokens/s3cr3t")
        let closest = #expect(throws: EndpointMismatch.self) { try catalog.match(bare) }
        #expect(closest?.reasons == [#"the path segment 2 is not "current""#])
        let own = #expect(throws: EndpointMismatch.self) { try ShowToken.parse(bare) }
        #expect(own?.reasons == [#"the path segment 2 is not of the form "tk_{token}""#])
        for text in [
            closest?.description, own?.description,
            closest.map { String(decoding: $0.answer(to: bare).body, as: UTF8.self) },
        ] {
            #expect(text?.contains("s3cr3t") == false, "\(text ?? "")")
        }
    }
}
