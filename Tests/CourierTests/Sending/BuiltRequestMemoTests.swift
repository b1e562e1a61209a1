import CourierTestSupport
import CourierTesting
import Foundation
import Testing

@testable import Courier

@Suite struct BuiltRequestMemoTests {
    /// Counts how often it is encoded.
    struct CountedBody: Encodable, Sendable {
        static let encodings = LockedBox(0)

        func encode(to encoder: any Encoder) throws {
            Self.encodings.withLock { $0 += 1 }
            var container = encoder.singleValueContainer()
            try container.encode("counted")
        }
    }

    static let stored = Endpoint<Empty, Never> {
        Method.get
        Path("v1", "users", 42)
        Query("page", 2)
        Header.accept(.json)
    }

    static let other = Endpoint<Empty, Never> {
        Method.delete
        Path("v1", "users", 7)
    }

    /// A stored endpoint sent again goes out as built the first time, with the defaults of the
    /// moment: they apply after the memo.
    @Test func aStoredEndpointSentAgainTakesTheDefaultsOfTheMoment() async throws {
        let recorder = RecordingTransport()
        let client = Client(baseURL: exampleBase, transport: recorder)
        _ = try await client.send(Self.stored)
        try await client.defaults.setHeader(.authorization, "Bearer one")
        try await client.defaults.setQuery("api_version", "3")
        _ = try await client.send(Self.stored)
        let sent = await recorder.requests
        #expect(
            sent.map(\.url.absoluteString) == [
                "https://api.example.com/v1/users/42?page=2",
                "https://api.example.com/v1/users/42?page=2&api_version=3",
            ])
        #expect(sent.map { $0.headers[.authorization] } == [nil, "Bearer one"])
        #expect(sent.map { $0.headers[.accept] } == ["application/json", "application/json"])
    }

    /// Two endpoints sent in turn each go out as themselves.
    @Test func endpointsSentInTurnEachGoOutAsThemselves() async throws {
        let recorder = RecordingTransport()
        let client = Client(baseURL: exampleBase, transport: recorder)
        for _ in 0..<2 {
            _ = try await client.send(Self.stored)
            _ = try await client.send(Self.other)
        }
        let sent = await recorder.requests
        #expect(sent.map(\.method) == [.get, .delete, .get, .delete])
        #expect(
            sent.map(\.url.path) == ["/v1/users/42", "/v1/users/7", "/v1/users/42", "/v1/users/7"])
    }

    /// A JSON body runs the value's own encoding at every send: it is never remembered.
    @Test func aJSONBodyIsEncodedAtEverySend() async throws {
        let endpoint = Endpoint<Empty, Never> {
            Method.post
            Path("counted")
            Body.json(CountedBody())
        }
        let client = Client(baseURL: exampleBase, transport: RecordingTransport())
        let before = CountedBody.encodings.withLock { $0 }
        _ = try await client.send(endpoint)
        _ = try await client.send(endpoint)
        #expect(CountedBody.encodings.withLock { $0 } - before == 2)
    }

    /// A file body is measured at every send: a file that grew goes out at its new length.
    @Test func aFileBodyIsMeasuredAtEverySend() async throws {
        let file = FileManager.default.temporaryDirectory
            .appendingPathComponent("memo-\(UUID().uuidString).txt")
        try Data("abc".utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let endpoint = Endpoint<Empty, Never> {
            Method.put
            Path("upload")
            Body.file(file)
        }
        let recorder = RecordingTransport()
        let client = Client(baseURL: exampleBase, transport: recorder)
        _ = try await client.send(endpoint)
        try Data("abcdef".utf8).write(to: file)
        _ = try await client.send(endpoint)
        #expect(await recorder.requests.map { $0.body?.length } == [3, 6])
    }

    /// Only parts that build alike are remembered.
    @Test func onlyPlainPartsBuildAlike() {
        let plain = Endpoint<Empty, Never> {
            Method.post
            Path("a")
            Query("q", "text")
            Header("X-A", "a")
            Body.text("hello")
        }
        #expect(plain.parts.map(\.buildsAlike) == [true, true, true, true, true])
        let encoded = Endpoint<Empty, Never> {
            Method.post
            Query("filter", ["a", "b"])
            Body.json(CountedBody())
        }
        #expect(encoded.parts.map(\.buildsAlike) == [true, false, false])
    }

    /// A large in-memory body is never remembered, so the memo cannot keep an upload alive.
    @Test func aLargeBodyIsNotRemembered() {
        let limit = BuiltRequestMemo.largestRememberedBody
        let small = Endpoint<Empty, Never> {
            Method.post
            Body.data(Data(count: limit))
        }
        let large = Endpoint<Empty, Never> {
            Method.post
            Body.data(Data(count: limit + 1))
        }
        let largeText = Endpoint<Empty, Never> {
            Method.post
            Body.text(String(repeating: "a", count: limit + 1))
        }
        #expect(small.parts.map(\.buildsAlike) == [true, true])
        #expect(large.parts.map(\.buildsAlike) == [true, false])
        #expect(largeText.parts.map(\.buildsAlike) == [true, false])
    }

    /// A URL is found again for the very same request storage without writing its text, then
    /// for another request with the same text; another text, or another base, gets its own URL.
    @Test func aURLIsFoundByStorageThenByText() throws {
        let memo = BuiltRequestMemo()
        let request = try Self.user(1).request()
        let first = try #require(memo.url(for: request, against: exampleBase))
        #expect(first.absoluteString == "https://api.example.com/v1/users/1")
        #expect(memo.url(for: request, against: exampleBase) == first)
        #expect(memo.urlHits == (byStorage: 1, byText: 0))
        // Built again: equal, but not the same storage, so found by its text.
        let again = try Self.user(1).request()
        #expect(memo.url(for: again, against: exampleBase) == first)
        #expect(memo.urlHits == (byStorage: 1, byText: 1))
        // The same storage against another base is another URL.
        let otherBase = BaseURL("other.example.com")
        #expect(
            memo.url(for: again, against: otherBase)?.absoluteString == "https://other.example.com/v1/users/1"
        )
        let other = try Self.user(2).request()
        #expect(
            memo.url(for: other, against: exampleBase)?.absoluteString == "https://api.example.com/v1/users/2"
        )
        #expect(memo.urlHits == (byStorage: 1, byText: 1))
    }

    /// A per-call URL is never mistaken for a root endpoint's remembered URL: both have the same
    /// (empty) path and query storage.
    @Test func aPerCallURLIsNotARootEndpointsURL() async throws {
        let recorder = RecordingTransport()
        let client = Client(baseURL: exampleBase, transport: recorder)
        let root = Endpoint<Empty, Never> { Method.get }
        _ = try await client.send(root)
        let next = try #require(URL(string: "https://api.example.com/v1/todos?page=2"))
        _ = try await client.send(root, options: CallOptions(url: next))
        _ = try await client.send(root)
        let urls = await recorder.requests.map(\.url.absoluteString)
        #expect(
            urls == [
                "https://api.example.com/", "https://api.example.com/v1/todos?page=2",
                "https://api.example.com/",
            ])
        #expect(client.memo.urlHits == (byStorage: 1, byText: 0))
    }

    /// A user's endpoint built per call, as an `API.user(id)` function would.
    static func user(_ id: Int) -> Endpoint<Empty, Never> {
        Endpoint {
            Method.get
            Path("v1", "users", id)
        }
    }

    /// A stored endpoint's second send is found again, prepared; an endpoint built per call never
    /// is.
    @Test func aStoredEndpointHitsAndAPerCallEndpointMisses() async throws {
        let client = Client(baseURL: exampleBase, transport: RecordingTransport())
        _ = try await client.send(Self.stored)
        #expect(client.memo.preparedHits == 0)
        _ = try await client.send(Self.stored)
        #expect(client.memo.preparedHits == 1)
        _ = try await client.send(Self.user(1))
        _ = try await client.send(Self.user(1))
        #expect(client.memo.preparedHits == 1)
        #expect(client.memo.requestHits == 0)
    }

    /// A prepared request is found again only while the defaults are those it was prepared with:
    /// a default changed or removed between sends goes out changed.
    @Test func aPreparedRequestFollowsTheDefaults() async throws {
        let recorder = RecordingTransport()
        let client = Client(baseURL: exampleBase, transport: recorder)
        try await client.defaults.setHeader(HeaderName("X-Client"), "a")
        _ = try await client.send(Self.stored)
        _ = try await client.send(Self.stored)
        #expect(client.memo.preparedHits == 1)
        try await client.defaults.setHeader(HeaderName("X-Client"), "b")
        _ = try await client.send(Self.stored)
        #expect(client.memo.preparedHits == 1)
        _ = try await client.send(Self.stored)
        #expect(client.memo.preparedHits == 2)
        try await client.defaults.setQuery("v", "2")
        _ = try await client.send(Self.stored)
        await client.defaults.removeHeader(HeaderName("X-Client"))
        await client.defaults.removeQuery("v")
        _ = try await client.send(Self.stored)
        #expect(client.memo.preparedHits == 2)
        let sent = await recorder.requests
        #expect(sent.map { $0.headers[HeaderName("X-Client")] } == ["a", "a", "b", "b", "b", nil])
        #expect(
            sent.map { $0.url.query } == ["page=2", "page=2", "page=2", "page=2", "page=2&v=2", "page=2"])
        // The built request was found each time the prepared one was not.
        #expect(client.memo.requestHits == 3)
    }

    /// A secret default keeps the prepared request out of the memo, so removing it from the
    /// defaults does not leave it alive there; the request built from the declaration, which holds
    /// no secret, is still found again.
    @Test func aSecretDefaultIsNotRemembered() async throws {
        let recorder = RecordingTransport()
        let client = Client(baseURL: exampleBase, transport: recorder)
        try await client.defaults.setHeader(.authorization, "Bearer secret")
        _ = try await client.send(Self.stored)
        _ = try await client.send(Self.stored)
        #expect(client.memo.preparedHits == 0)
        #expect(client.memo.requestHits == 1)
        #expect(
            await recorder.requests.map { $0.headers[.authorization] } == ["Bearer secret", "Bearer secret"])
    }

    /// A secret default the endpoint overrides with a plain value of its own is not in the
    /// request sent, but the memo's entry would hold it as its key: it is not remembered either.
    @Test func anOverriddenSecretDefaultIsNotRemembered() async throws {
        let tenant = HeaderName("X-Tenant")
        let endpoint = Endpoint<Empty, Never> {
            Method.get
            Path("v1", "tenants")
            Header(tenant, "public")
            Query("q", "plain")
        }
        let recorder = RecordingTransport()
        let client = Client(baseURL: exampleBase, transport: recorder)
        try await client.defaults.setHeader(tenant, "secret-tenant", isSecret: true)
        _ = try await client.send(endpoint)
        _ = try await client.send(endpoint)
        #expect(client.memo.preparedHits == 0)
        await client.defaults.removeHeader(tenant)
        try await client.defaults.setQuery("q", "secret-query", isSecret: true)
        _ = try await client.send(endpoint)
        _ = try await client.send(endpoint)
        #expect(client.memo.preparedHits == 0)
        let sent = await recorder.requests
        #expect(sent.map { $0.headers[tenant] } == ["public", "public", "public", "public"])
        #expect(sent.map { $0.url.query } == ["q=plain", "q=plain", "q=plain", "q=plain"])
    }

    /// A call's options are applied at every send, never taken from or left in the memo.
    @Test func callOptionsAreNeverRemembered() async throws {
        let recorder = RecordingTransport()
        let client = Client(baseURL: exampleBase, transport: recorder)
        _ = try await client.send(Self.stored)
        _ = try await client.send(
            Self.stored, options: CallOptions(headers: [HeaderField(name: HeaderName("X-Call"), value: "1")]))
        _ = try await client.send(Self.stored)
        #expect(await recorder.requests.map { $0.headers[HeaderName("X-Call")] } == [nil, "1", nil])
        #expect(client.memo.preparedHits == 1)
    }

    /// The same parts with the same defaults are prepared again for an endpoint type with other
    /// facts: its template and whether it streams are part of the prepared request.
    @Test func aPreparedRequestIsFoundOnlyForTheSameFacts() throws {
        let memo = BuiltRequestMemo()
        let parts = Self.stored.parts
        let defaults = ClientDefaults.Values()
        var prepared = 0
        func prepare(_ facts: EndpointTypeFacts) throws -> EndpointRequest {
            try memo.prepared(for: parts, defaults: defaults, facts: facts) { () throws(CourierError) in
                prepared += 1
                return try Self.stored.request().with { request in
                    request.template = facts.template
                    request.streamsResponse = facts.streamsResponse
                }
            }
        }
        let plain = EndpointTypeFacts(template: nil, streamsResponse: false, successDecodesItself: false)
        let templated = EndpointTypeFacts(
            template: "GET /v1/users/{id}", streamsResponse: false, successDecodesItself: false)
        let streamed = EndpointTypeFacts(template: nil, streamsResponse: true, successDecodesItself: false)
        #expect(try prepare(plain).template == nil)
        #expect(try prepare(plain).template == nil)
        #expect(prepared == 1)
        #expect(try prepare(templated).template == "GET /v1/users/{id}")
        #expect(prepared == 2)
        #expect(try prepare(streamed).streamsResponse)
        #expect(prepared == 3)
    }

    /// A request with a secret or sensitive-by-default header or query item is never remembered,
    /// so the client does not keep the credential alive after the call.
    @Test func aRequestWithASecretIsNotRemembered() async throws {
        let secrets: [Endpoint<Empty, Never>] = [
            Endpoint {
                Method.get
                Header(.authorization, "Bearer secret")
            },
            Endpoint {
                Method.get
                Header("X-Key", "secret", isSecret: true)
            },
            Endpoint {
                Method.get
                Query("token", "secret")
            },
            Endpoint {
                Method.get
                Query("q", "secret", isSecret: true)
            },
        ]
        for endpoint in secrets {
            let client = Client(baseURL: exampleBase, transport: RecordingTransport())
            _ = try await client.send(endpoint)
            _ = try await client.send(endpoint)
            #expect(client.memo.requestHits == 0)
            #expect(client.memo.preparedHits == 0)
        }
    }

    /// The URL text of a request with a secret query value is never remembered.
    @Test func aURLWithASecretQueryIsNotRemembered() throws {
        let memo = BuiltRequestMemo()
        let plain = try Self.other.request()
        let secret = try Endpoint<Empty, Never> {
            Method.get
            Path("a")
            Query("q", "secret", isSecret: true)
        }.request()
        _ = try exampleBase.url(for: plain, memo: memo)
        #expect(memo.rememberedURLText == exampleBase.text(for: plain))
        _ = try exampleBase.url(for: secret, memo: memo)
        #expect(memo.rememberedURLText == exampleBase.text(for: plain))
        let byName = try Endpoint<Empty, Never> {
            Method.get
            Query("password", "secret")
        }.request()
        _ = try exampleBase.url(for: byName, memo: memo)
        #expect(memo.rememberedURLText == exampleBase.text(for: plain))
    }
}
