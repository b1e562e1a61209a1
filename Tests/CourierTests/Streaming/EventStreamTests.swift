import Courier
import CourierTesting
import Foundation
import Testing

struct EventStreamTests {
    struct Delta: Codable, Sendable, Equatable {
        let text: String
    }

    struct APIError: Error, Codable, Equatable {
        let message: String
    }

    static let completions = Endpoint<EventStream<Delta>, APIError> {
        Method.post
        Path("completions")
        Body.json(["prompt": "Hi"])
    }

    /// A client whose transport answers every request with `body`, as a transport that does not
    /// stream would: Courier delivers the body as a stream of one chunk.
    func client(answering status: HTTPStatus = .ok, _ body: String) -> Client {
        Client(
            baseURL: BaseURL("api.example.com"),
            transport: StubTransport { request in
                RawResponse(status: status, body: Data(body.utf8), url: request.url)
            })
    }

    @Test func eventsDecodeTheirDataWithTypeIDAndRetry() async throws {
        let body = """
            : a comment
            retry: 2500
            event: delta
            id: 1
            data: {"text":
            data: "Hel"}

            data: {"text": "lo"}


            """
        let response = try await client(body).send(Self.completions)
        var events: [EventStream<Delta>.Event] = []
        for try await event in try response.get() { events.append(event) }
        #expect(events.map(\.data) == [Delta(text: "Hel"), Delta(text: "lo")])
        #expect(events.map(\.type) == ["delta", "message"])
        #expect(events.map(\.id) == ["1", "1"])
        #expect(events.map(\.retry) == [.milliseconds(2500), .milliseconds(2500)])
    }

    @Test func aStreamThatEndsInsideAnEventThrowsTruncatedAfterTheWholeOnes() async throws {
        let response = try await client("data: {\"text\": \"a\"}\n\ndata: {\"text\":").send(Self.completions)
        var events = try response.get().makeAsyncIterator()
        #expect(try await events.next()?.data == Delta(text: "a"))
        let error = await #expect(throws: CourierError.self) { try await events.next() }
        #expect(error?.kind == .truncatedResponse)
        #expect(error?.message == "The event stream ended in the middle of an event; it was discarded.")
    }

    @Test func eventsCompletedBeforeALimitIsPassedArriveBeforeItsError() async throws {
        let endpoint = Endpoint<EventStream<String>, Never> {
            Method.get
            Path("feed")
        }
        // One chunk: two whole events, then a line over the 1 MiB limit.
        let body = "data: one\n\ndata: two\n\ndata: " + String(repeating: "x", count: 1 << 20)
        var events = try await client(body).send(endpoint).get().makeAsyncIterator()
        #expect(try await events.next()?.data == "one")
        #expect(try await events.next()?.data == "two")
        let error = await #expect(throws: CourierError.self) { try await events.next() }
        #expect(error?.kind == .responseTooLarge)
    }

    @Test func aStreamEndingInACommentOrAnIDLineIsNotTruncated() async throws {
        let endpoint = Endpoint<EventStream<String>, Never> {
            Method.get
            Path("feed")
        }
        for body in ["data: a\n\n: keep-alive", "data: a\n\nid: 5"] {
            var texts: [String] = []
            for try await event in try await client(body).send(endpoint).get() { texts.append(event.data) }
            #expect(texts == ["a"], "\(body)")
        }
    }

    @Test func dataThatDoesNotDecodeNamesTheEvent() async throws {
        let response = try await client("event: delta\nid: 9\ndata: [1]\n\n").send(Self.completions)
        var events = try response.get().makeAsyncIterator()
        let error = await #expect(throws: CourierError.self) { try await events.next() }
        #expect(error?.kind == .decodingFailed)
        #expect(error?.message.hasPrefix("The data of event 'delta' (ID 9) did not decode as Delta") == true)
    }

    @Test func stringEventsKeepTheirDataAsItIs() async throws {
        let endpoint = Endpoint<EventStream<String>, Never> {
            Method.get
            Path("feed")
        }
        let response = try await client("data: not JSON\ndata: two lines\n\n").send(endpoint)
        var texts: [String] = []
        for try await event in response.get() { texts.append(event.data) }
        #expect(texts == ["not JSON\ntwo lines"])
    }

    @Test func aNon2xxAnswerDecodesAsTheDocumentedFailure() async throws {
        let response = try await client(answering: .badRequest, #"{"message": "no prompt"}"#).send(
            Self.completions)
        #expect(response.status == .badRequest)
        if case .failure(let error) = response.result {
            #expect(error == APIError(message: "no prompt"))
        } else {
            Issue.record("expected the documented failure")
        }
    }

    @Test func sendingAnEventStreamAsksTheTransportToStream() async throws {
        let client = Client(baseURL: BaseURL("api.example.com"))
        #expect(try client.request(for: Self.completions).streamsResponse)
        let plain = Endpoint<Delta, APIError> {
            Method.get
            Path("one")
        }
        #expect(try client.request(for: plain).streamsResponse == false)
    }

    @Test func aMockTransportStubsTypedEvents() async throws {
        let mocks = MockTransport()
        let client = Client(baseURL: BaseURL("api.example.com"), transport: mocks)
        try await mocks.stub(
            Self.completions, for: client,
            with: .events([
                EventStream.Event(type: "delta", id: "1", retry: .seconds(2), data: Delta(text: "Hel")),
                EventStream.Event(data: Delta(text: "lo")),
            ]))
        let response = try await client.send(Self.completions)
        #expect(response.headers[.contentType] == "text/event-stream")
        var events: [EventStream<Delta>.Event] = []
        for try await event in try response.get() { events.append(event) }
        #expect(events.map(\.data.text) == ["Hel", "lo"])
        #expect(events.map(\.type) == ["delta", "message"])
        #expect(events.map(\.id) == ["1", "1"])
        #expect(events.first?.retry == .seconds(2))
    }
}
