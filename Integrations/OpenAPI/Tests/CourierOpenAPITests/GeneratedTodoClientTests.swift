import Courier
import CourierOpenAPI
import CourierTesting
import Foundation
import HTTPTypes
import OpenAPIRuntime
import Testing

/// The client swift-openapi-generator made from the example todo API's own export (TodoAPI/,
/// `Client` there), sending through a Courier client with retries and logging to a stub server.
@Suite struct GeneratedTodoClientTests {
    static let server = URL(string: "https://api.example.com")!

    /// The Courier client, its wire, and the generated client over it.
    struct Setup {
        let courier: Courier.Client
        let wire: Wire
        let lines = LogLines()
        let api: Client

        init(_ answer: @escaping @Sendable (Wire.Sent, Int) throws -> RawResponse) {
            wire = Wire(answer)
            let lines = self.lines
            courier = Courier.Client(
                baseURL: BaseURL("https://api.example.com"), transport: wire.transport,
                middleware: [
                    RetryMiddleware(maxRetries: 2, backoff: RetryBackoff(base: .zero)),
                    LoggingMiddleware(sink: ClosureLogSink { lines.append($0.description) }),
                ])
            api = Client(
                serverURL: GeneratedTodoClientTests.server, transport: CourierClientTransport(client: courier)
            )
        }
    }

    static func json(_ status: HTTPStatus, _ text: String) -> RawResponse {
        RawResponse(
            status: status, headers: [HeaderField(name: .contentType, value: "application/json")],
            body: Data(text.utf8))
    }

    static let milk = #"{"attachments":[],"done":false,"id":1,"title":"Buy milk"}"#

    /// The todo server's answers: ada signs in as `t-1`; todo 1 exists; a signed-out request is
    /// 401; the first listing is a 503.
    static func todoServer(_ sent: Wire.Sent, _ index: Int) throws -> RawResponse {
        let path = URLComponents(string: sent.url)?.percentEncodedPath ?? ""
        if path == "/v1/session" {
            let credentials = try JSONDecoder().decode([String: String].self, from: sent.body ?? Data())
            return credentials["password"] == "analytical-engine"
                ? json(.ok, #"{"token":"t-1"}"#) : json(.unauthorized, #"{"message":"Wrong credentials."}"#)
        }
        guard sent.headers[.authorization] == "Bearer t-1" else {
            return json(.unauthorized, #"{"message":"Sign in first."}"#)
        }
        switch (sent.method, path) {
        case (.post, "/v1/todos"): return json(.created, milk)
        case (.get, "/v1/todos") where index == 2: return RawResponse(status: .serviceUnavailable)
        case (.get, "/v1/todos"): return json(.ok, #"{"items":[\#(milk)],"page":2,"perPage":5,"total":6}"#)
        case (.get, "/v1/todos/1"): return json(.ok, milk)
        default: return json(.notFound, #"{"message":"No such todo."}"#)
        }
    }

    @Test func aGeneratedClientCallsTheTodoAPIThroughCourier() async throws {
        let setup = Setup(Self.todoServer)
        let session = try await setup.api.signIn(
            body: .json(.init(password: "analytical-engine", username: "ada"))
        ).ok.body.json
        #expect(session.token == "t-1")
        // The token lives in Courier, as a secret default header: the generated client never sees it.
        try await setup.courier.defaults.setHeader(.authorization, "Bearer \(session.token)", isSecret: true)

        let created = try await setup.api.createTodo(body: .json(.init(title: "Buy milk"))).created.body.json
        #expect(created == .init(attachments: [], done: false, id: 1, title: "Buy milk"))
        let page = try await setup.api.listTodos(query: .init(page: 2, perPage: 5)).ok.body.json
        #expect(page.items == [created])
        #expect(page.total == 6)
        let fetched = try await setup.api.getTodo(path: .init(id: 1)).ok.body.json
        #expect(fetched == created)
        let missing = try await setup.api.getTodo(path: .init(id: 99))
        #expect(try missing.notFound.body.json.message == "No such todo.")

        let sent = await setup.wire.sent
        #expect(
            sent.map { "\($0.method) \($0.url)" } == [
                "POST https://api.example.com/v1/session", "POST https://api.example.com/v1/todos",
                "GET https://api.example.com/v1/todos?page=2&per_page=5",
                "GET https://api.example.com/v1/todos?page=2&per_page=5",
                "GET https://api.example.com/v1/todos/1", "GET https://api.example.com/v1/todos/99",
            ])
        #expect(sent[1].body.map(Self.isMilk) == true)
        #expect(sent[1].headers[.contentType] == "application/json; charset=utf-8")
        #expect(sent[2].headers[.accept] == "application/json, application/problem+json")
        let lines = setup.lines.all
        #expect(lines.count == 6)
        #expect(lines[2].hasPrefix("[warning] GET https://api.example.com/v1/todos?page=2&per_page=5 → 503"))
        #expect(lines[3].hasPrefix("[info] GET https://api.example.com/v1/todos?page=2&per_page=5 → 200"))
        #expect(lines[5].hasPrefix("[warning] GET https://api.example.com/v1/todos/99 → 404"))
    }

    @Test func theChangeFeedStreamsToTheGeneratedClient() async throws {
        let chunks = [
            "id: 1\nevent: created\ndata: {\"todoID\":", "1}\n\nid: 2\nevent: deleted\n",
            "data: {\"todoID\":1}\n\n",
        ]
        let setup = Setup { _, _ in
            RawResponse(
                status: .ok, headers: [HeaderField(name: .contentType, value: "text/event-stream")],
                bodyStream: ResponseBodyStream(chunks: chunks.map { Data($0.utf8) }))
        }
        let feed = try await setup.api.followChanges(query: .init(follow: false)).ok.body.textEventStream
        #expect(feed.iterationBehavior == .single)
        var changes: [ServerSentEventWithJSONData<Components.Schemas.TodoChange>] = []
        for try await change in feed.asDecodedServerSentEventsWithJSONData(
            of: Components.Schemas.TodoChange.self)
        {
            changes.append(change)
        }
        #expect(changes.map(\.event) == ["created", "deleted"])
        #expect(changes.map(\.id) == ["1", "2"])
        #expect(changes.map(\.data?.todoID) == [1, 1])
        #expect(await setup.wire.sent.first?.url == "https://api.example.com/v1/todos/changes?follow=false")
    }

    @Test func anUndocumentedStatusIsTheGeneratedClientsToName() async throws {
        let setup = Setup { _, _ in RawResponse(status: .internalServerError, body: Data("boom".utf8)) }
        let output = try await setup.api.getTodo(path: .init(id: 1))
        guard case .undocumented(let status, let payload) = output else {
            Issue.record("expected an undocumented status, got \(output)")
            return
        }
        #expect(status == 500)
        #expect(try await String(collecting: try #require(payload.body), upTo: 100) == "boom")
    }

    @Test func aCourierErrorIsTheUnderlyingErrorOfTheGeneratedClientsError() async throws {
        let setup = Setup { _, _ in
            throw CourierError(
                stage: .transport, kind: .cannotConnect, message: "Could not connect to the server.")
        }
        try await setup.courier.defaults.setHeader(.authorization, "Bearer s3cret-token", isSecret: true)
        let error = try await #require(throws: ClientError.self) {
            _ = try await setup.api.getTodo(path: .init(id: 1))
        }
        #expect(error.operationID == "GetTodo")
        let underlying = try #require(error.underlyingError as? CourierError)
        #expect(underlying.kind == .cannotConnect)
        #expect(await setup.wire.sent.count == 3)
        // Courier's default header never entered the generated client's request, so its error
        // cannot show it; Courier's own error and log lines redact it.
        #expect(!error.description.contains("s3cret"))
        #expect(!"\(underlying)".contains("s3cret"))
        #expect(!setup.lines.all.contains { $0.contains("s3cret") })
        #expect(await setup.wire.sent.first?.headers[.authorization] == "Bearer s3cret-token")
    }

    @Test func aCredentialFromAClientMiddlewareIsInNeitherError() async throws {
        let wire = Wire { _, _ in
            throw CourierError(
                stage: .transport, kind: .cannotConnect, message: "Could not connect to the server.")
        }
        let courier = Courier.Client(baseURL: BaseURL("https://api.example.com"), transport: wire.transport)
        let api = Client(
            serverURL: Self.server, transport: CourierClientTransport(client: courier),
            middlewares: [BearerMiddleware(token: "s3cret-token")])
        let error = try await #require(throws: ClientError.self) {
            _ = try await api.followChanges(headers: .init(lastEventID: "7.41"))
        }
        #expect(await wire.sent.first?.headers[.authorization] == "Bearer s3cret-token")
        let underlying = try #require(error.underlyingError as? CourierError)
        #expect(!"\(underlying)".contains("s3cret"))
        #expect(!error.description.contains("s3cret"))
        // swift-openapi-runtime prints the header fields of the request the generated client
        // made, before its middlewares: an operation's own header parameter shows there.
        #expect(error.description.contains("last-event-id: 7.41"))
    }

    /// Adds `Authorization: Bearer <token>` to the generated client's requests.
    struct BearerMiddleware: ClientMiddleware {
        let token: String

        func intercept(
            _ request: HTTPRequest, body: HTTPBody?, baseURL: URL, operationID: String,
            next: @Sendable (HTTPRequest, HTTPBody?, URL) async throws -> (HTTPResponse, HTTPBody?)
        ) async throws -> (HTTPResponse, HTTPBody?) {
            var request = request
            request.headerFields[.authorization] = "Bearer \(token)"
            return try await next(request, body, baseURL)
        }
    }

    /// Whether `body` is the JSON object `{"title": "Buy milk"}`, whatever its spacing.
    static func isMilk(_ body: Data) -> Bool {
        (try? JSONDecoder().decode([String: String].self, from: body)) == ["title": "Buy milk"]
    }
}
