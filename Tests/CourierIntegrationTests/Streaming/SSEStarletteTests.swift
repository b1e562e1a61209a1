import Courier
import CourierTestSupport
import Foundation
import Testing

/// Typed event streams against a server Courier did not write: Starlette with sse-starlette
/// under uvicorn (`Tests/Servers/sse_server.py`, which `Scripts/test` starts as `COURIER_SSE_URL`).
@Suite(
    .enabled(if: SSEServer.baseURL != nil, "SSE suite NOT run: start it with Scripts/test."),
    .timeLimit(.minutes(1)))
struct SSEStarletteTests {
    struct Delta: Decodable, Sendable, Equatable {
        let n: Int
        let text: String
        let lastEventID: String?

        enum CodingKeys: String, CodingKey {
            case n, text
            case lastEventID = "last_event_id"
        }
    }

    struct Problem: Error, Decodable, Equatable {
        let message: String
    }

    static func endpoint(_ path: String, count: Int? = nil) -> Endpoint<EventStream<Delta>, Problem> {
        Endpoint<EventStream<Delta>, Problem> {
            Method.get
            Path(path)
            if let count { Query("count", count) }
        }
    }

    let client: Client

    init() throws {
        client = Client(
            baseURL: try #require(SSEServer.baseURL),
            // A safety net for the head, not a bound under test.
            configuration: Client.Configuration(timeout: Timeout(.seconds(20))))
    }

    @Test func eventsWithIDsRetryCommentsAndMultiLineDataArriveTyped() async throws {
        let response = try await client.send(Self.endpoint("events", count: 4))
        #expect(response.status == .ok)
        #expect(response.headers[.contentType]?.hasPrefix("text/event-stream") == true)
        var events: [EventStream<Delta>.Event] = []
        for try await event in try response.get() { events.append(event) }
        #expect(events.map(\.data.n) == [1, 2, 3, 4])
        #expect(events.map(\.data.text) == ["token 1", "token 2", "token 3", "token 4"])
        #expect(events.map(\.id) == ["1", "2", "3", "4"])
        #expect(events.map(\.type) == Array(repeating: "delta", count: 4))
        #expect(events.map(\.retry) == Array(repeating: .milliseconds(1500), count: 4))
        print("sse-starlette typed events:", events.map { "\($0.type) #\($0.id ?? "-"): \($0.data.text)" })
    }

    @Test func aDocumentedErrorDecodesAsTheFailure() async throws {
        let response = try await client.send(Self.endpoint("problem"))
        #expect(response.status == 422)
        #expect(response.result.failure == Problem(message: "no prompt"))
    }

    @Test func reconnectionResumesAfterTheLastEventIDUntil204() async throws {
        let delays = LockedBox<[Duration]>([])
        let reconnection = EventStreamReconnection(
            initialDelay: .milliseconds(10), jitter: 0,
            sleep: { delay in delays.withLock { $0.append(delay) } })
        let response = try await client.events(Self.endpoint("resume"), reconnection: reconnection)
        var events: [EventStream<Delta>.Event] = []
        for try await event in try response.get() { events.append(event) }
        #expect(events.map(\.data.n) == [1, 2, 3, 4, 5, 6])
        #expect(events.map(\.data.lastEventID) == ["", "", "", "3", "3", "3"])
        #expect(delays.get() == [.milliseconds(10), .milliseconds(10)])
    }
}

/// The server `Scripts/test` started, from the environment.
enum SSEServer {
    static let baseURL = ProcessInfo.processInfo.environment["COURIER_SSE_URL"].flatMap {
        try? BaseURL(validating: $0)
    }
}
