import CourierTestSupport
import CourierTesting
import Foundation
import Testing

@testable import Courier

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
    func client(
        answering status: HTTPStatus = .ok, contentType: String? = "text/event-stream", _ body: String
    ) -> Client {
        let headers = HeaderFields(contentType.map { [HeaderField(name: .contentType, value: $0)] } ?? [])
        return Client(
            baseURL: BaseURL("api.example.com"),
            transport: StubTransport { request in
                RawResponse(status: status, headers: headers, body: Data(body.utf8), url: request.url)
            })
    }

    @Test func aRequestForAnEventStreamAsksForOneAsEventSourceDoes() async throws {
        let client = client("")
        try await client.defaults.setHeader(.accept, "application/json")
        // Before the client's defaults; after what the endpoint or the call declares.
        let request = try client.request(for: Self.completions)
        #expect(request.headers[.accept] == "text/event-stream")
        #expect(request.headers[.cacheControl] == "no-cache")
        let declared = Endpoint<EventStream<Delta>, Never> {
            Method.get
            Path("feed")
            Header.accept(.json)
            Header(.cacheControl, "max-age=0")
        }
        #expect(try client.request(for: declared).headers[.accept] == "application/json")
        #expect(try client.request(for: declared).headers[.cacheControl] == "max-age=0")
        let options = CallOptions(headers: [HeaderField(name: .accept, value: "text/plain")])
        #expect(try client.request(for: Self.completions, options: options).headers[.accept] == "text/plain")
        // A plain body stream asks for nothing in particular.
        let bytes = Endpoint<ResponseBodyStream, Never> {
            Method.get
            Path("export")
        }
        #expect(try client.request(for: bytes).headers[.accept] == "application/json")
        #expect(try client.request(for: bytes).headers[.cacheControl] == nil)
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

    /// What a reader of an event stream observes: each event, then each wait before reconnecting
    /// and the `Last-Event-ID` each connection sent.
    struct Observed: Equatable {
        var events: [Seen] = []
        var waits: [Duration] = []
        var lastEventIDs: [String?] = []

        struct Seen: Equatable {
            let type: String
            let id: String?
            let retry: Duration?
            let data: String
        }
    }

    /// A body that hands each of `chunks` to its reader only once the reader waits for it, so
    /// that no two of them arrive joined.
    static func body(_ chunks: [Data]) -> ResponseBodyStream {
        let storage = BodyStreamStorage(highWater: .max)
        Task {
            for chunk in chunks {
                try await waitUntil("the reader asks for the next chunk") { storage.hasWaitingReader }
                storage.write(chunk)
            }
            storage.finish(nil)
        }
        return ResponseBodyStream(storage: storage)
    }

    /// Reads `bytes`, delivered in `chunks`, with reconnection: the server answers the next
    /// connection 204.
    func observe(_ bytes: [UInt8], in chunks: [Range<Int>]) async throws -> Observed {
        let answered = LockedBox(0)
        let lastEventIDs = LockedBox<[String?]>([])
        let transport = StubTransport { request in
            lastEventIDs.withLock { $0.append(request.headers[.lastEventID]) }
            let connection = answered.withLock { count in
                count += 1
                return count
            }
            guard connection == 1 else { return RawResponse(status: .noContent) }
            return RawResponse(
                status: .ok, headers: [HeaderField(name: .contentType, value: "text/event-stream")],
                bodyStream: Self.body(chunks.map { Data(bytes[$0]) }))
        }
        let waits = LockedBox<[Duration]>([])
        let reconnection = EventStreamReconnection(
            jitter: 0, sleep: { wait in waits.withLock { $0.append(wait) } })
        let client = Client(baseURL: BaseURL("api.example.com"), transport: transport)
        let feed = Endpoint<EventStream<String>, Never> {
            Method.get
            Path("feed")
        }
        var observed = Observed()
        for try await event in try await client.events(feed, reconnection: reconnection).get() {
            observed.events.append(
                .init(type: event.type, id: event.id, retry: event.retry, data: event.data))
        }
        observed.waits = waits.get()
        observed.lastEventIDs = lastEventIDs.get()
        return observed
    }

    @Test func whatAReaderObservesDoesNotDependOnHowTheBytesWereSplit() async throws {
        let bytes = Array(
            """
            retry: 1000
            data: a

            id: 1
            data: b

            retry: 2000
            data: c

            retry: 3000\r
            : a comment\r
            id: 2\r
            event: e\r
            data: d\r
            \r
            retry: 4000

            """.utf8)
        let expected = Observed(
            events: [
                .init(type: "message", id: nil, retry: .milliseconds(1000), data: "a"),
                .init(type: "message", id: "1", retry: .milliseconds(1000), data: "b"),
                .init(type: "message", id: "1", retry: .milliseconds(2000), data: "c"),
                .init(type: "e", id: "2", retry: .milliseconds(3000), data: "d"),
            ],
            waits: [.milliseconds(4000)], lastEventIDs: [nil, "2"])
        #expect(try await observe(bytes, in: [0..<bytes.count]) == expected, "one chunk")
        #expect(try await observe(bytes, in: bytes.indices.map { $0..<($0 + 1) }) == expected, "byte by byte")
        for split in 1..<bytes.count {
            let halves = [0..<split, split..<bytes.count]
            #expect(try await observe(bytes, in: halves) == expected, "split at \(split)")
        }
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
        // One chunk: two whole events, then a line over the limit.
        let body = "data: one\n\ndata: two\n\ndata: " + String(repeating: "x", count: 2 << 20)
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
        let response = try await client(
            answering: .badRequest, contentType: "application/json", #"{"message": "no prompt"}"#
        )
        .send(Self.completions)
        #expect(response.status == .badRequest)
        if case .failure(let error) = response.result {
            #expect(error == APIError(message: "no prompt"))
        } else {
            Issue.record("expected the documented failure")
        }
    }

    static let feed = Endpoint<EventStream<String>, Never> {
        Method.get
        Path("feed")
    }

    @Test(arguments: [
        ("text/plain", "The server answered an event stream as text/plain"),
        ("application/json; charset=utf-8", "The server answered an event stream as application/json"),
        (nil, "The server answered an event stream without a Content-Type"),
    ])
    func aBodyThatIsNotAnEventStreamIsNotReadAsEvents(contentType: String?, arrived: String) async {
        let error = await #expect(throws: CourierError.self) {
            try await client(contentType: contentType, "data: a\n\n").send(Self.feed)
        }
        #expect(error?.kind == .unacceptableContentType)
        #expect(error?.stage == .status)
        #expect(
            error?.message
                == arrived + "; events are read only from text/event-stream, so the body was not read as "
                + "events and the stream is not reconnected.")
        #expect(error?.response?.status == .ok)
    }

    @Test(arguments: [
        "text/event-stream; charset=utf-8", "Text/Event-Stream", "TEXT/EVENT-STREAM;charset=UTF-8",
    ])
    func anEventStreamTypeIsReadWithParametersAndInAnyCase(contentType: String) async throws {
        var texts: [String] = []
        for try await event in try await client(contentType: contentType, "data: a\n\n").send(Self.feed).get()
        {
            texts.append(event.data)
        }
        #expect(texts == ["a"])
    }

    @Test func aSuccessOtherThan200OrTheDeclaredOneIsNotReadAsEvents() async throws {
        let error = await #expect(throws: CourierError.self) {
            try await client(answering: .created, "data: a\n\n").send(Self.feed)
        }
        #expect(error?.kind == .unacceptableStatus)
        #expect(
            error?.message
                == "The server answered 201 to an event stream, which is read only from 200, so the body was "
                + "not read as events and the stream is not reconnected.")
        let created = Endpoint<EventStream<String>, Never> {
            Method.post
            Path("exports")
            SuccessStatus(.created)
        }
        var texts: [String] = []
        for try await event in try await client(answering: .created, "data: a\n\n").send(created).get() {
            texts.append(event.data)
        }
        #expect(texts == ["a"])
    }

    @Test func a204IsAStreamWithoutEvents() async throws {
        var events = try await client(answering: .noContent, contentType: nil, "").send(Self.feed).get()
            .makeAsyncIterator()
        #expect(try await events.next() == nil)
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
