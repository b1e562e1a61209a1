import CourierTestSupport
import CourierTesting
import Foundation
import Testing

@testable import Courier

struct EventStreamReconnectionTests {
    /// A transport answering each request with the next of `answers`, recording each request's
    /// `Last-Event-ID`.
    final class Script: Sendable {
        let answers: LockedBox<[RawResponse]>
        let lastEventIDs = LockedBox<[String?]>([])

        init(_ answers: [(HTTPStatus, String)]) {
            self.answers = LockedBox(answers.map { RawResponse(status: $0.0, body: Data($0.1.utf8)) })
        }

        var transport: StubTransport {
            StubTransport { request in
                self.lastEventIDs.withLock { $0.append(request.headers[.lastEventID]) }
                return self.answers.withLock {
                    $0.isEmpty ? RawResponse(status: .noContent) : $0.removeFirst()
                }
            }
        }
    }

    static let feed = Endpoint<EventStream<String>, Never> {
        Method.get
        Path("feed")
    }

    @Test func reconnectingSendsTheLastEventIDHonoursRetryBacksOffAndStopsAt204() async throws {
        let script = Script([
            (.ok, "retry: 100\nid: 1\ndata: a\n\n"),
            (.serviceUnavailable, ""),
            (.ok, "id: 2\ndata: b\n\n"),
            (.noContent, ""),
        ])
        let delays = LockedBox<[Duration]>([])
        let reconnection = EventStreamReconnection(
            jitter: 0.5, sleep: { delay in delays.withLock { $0.append(delay) } }, random: { 0.5 })
        let client = Client(baseURL: BaseURL("api.example.com"), transport: script.transport)
        var data: [String] = []
        for try await event in try await client.events(Self.feed, reconnection: reconnection).get() {
            data.append(event.data)
        }
        #expect(data == ["a", "b"])
        #expect(script.lastEventIDs.get() == [nil, "1", "1", "2"])
        // retry 100 ms, less a quarter (jitter 0.5 × random 0.5); doubled after the 503.
        #expect(delays.get() == [.milliseconds(75), .milliseconds(150), .milliseconds(75)])
    }

    @Test func aStatusThatIsNotRetriedEndsTheStreamWithAnError() async throws {
        let script = Script([(.ok, "data: a\n\n"), (.notFound, "")])
        let reconnection = EventStreamReconnection(sleep: { _ in })
        let client = Client(baseURL: BaseURL("api.example.com"), transport: script.transport)
        var events = try await client.events(Self.feed, reconnection: reconnection).get().makeAsyncIterator()
        #expect(try await events.next()?.data == "a")
        let error = await #expect(throws: CourierError.self) { try await events.next() }
        #expect(error?.kind == .unacceptableStatus)
        #expect(error?.message == "On reconnecting, the event stream's server answered 404.")
    }

    @Test func failedAttemptsInARowEndAtTheLimit() async throws {
        let script = Script([(.ok, "data: a\n\n")] + Array(repeating: (HTTPStatus(502), ""), count: 5))
        let reconnection = EventStreamReconnection(maximumAttempts: 2, sleep: { _ in })
        let client = Client(baseURL: BaseURL("api.example.com"), transport: script.transport)
        var events = try await client.events(Self.feed, reconnection: reconnection).get().makeAsyncIterator()
        #expect(try await events.next()?.data == "a")
        let error = await #expect(throws: CourierError.self) { try await events.next() }
        #expect(error?.response?.status == 502)
        #expect(script.lastEventIDs.get().count == 3)
    }

    @Test func delaysGrowToTheMaximum() {
        let policy = EventStreamReconnection(
            initialDelay: .seconds(1), maximumDelay: .seconds(5), jitter: 0, random: { 0 })
        #expect(
            (1...4).map { policy.delay(attempt: $0, retry: nil) } == [
                .seconds(1), .seconds(2), .seconds(4), .seconds(5),
            ])
    }
}
