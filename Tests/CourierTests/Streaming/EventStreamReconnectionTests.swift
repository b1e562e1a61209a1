import CourierTestSupport
import CourierTesting
import Foundation
import Testing

@testable import Courier

struct EventStreamReconnectionTests {
    /// A transport answering each request with the next of `answers` (204 once they run out, or
    /// the last one again with `repeatsLast`), recording each request's `Last-Event-ID`.
    final class Script: Sendable {
        let answers: LockedBox<[RawResponse]>
        let repeatsLast: Bool
        let lastEventIDs = LockedBox<[String?]>([])

        /// Answers with `Content-Type: text/event-stream` on 2xx statuses other than 204.
        convenience init(_ answers: [(HTTPStatus, String)]) {
            self.init(
                answers.map { status, body in
                    (status, status.isSuccess && status != .noContent ? "text/event-stream" : nil, body)
                })
        }

        init(_ answers: [(HTTPStatus, String?, String)], repeatsLast: Bool = false) {
            self.answers = LockedBox(
                answers.map { status, contentType, body in
                    RawResponse(
                        status: status,
                        headers: HeaderFields(
                            contentType.map { [HeaderField(name: .contentType, value: $0)] } ?? []),
                        body: Data(body.utf8))
                })
            self.repeatsLast = repeatsLast
        }

        var transport: StubTransport {
            StubTransport { request in
                self.lastEventIDs.withLock { $0.append(request.headers[.lastEventID]) }
                return self.answers.withLock {
                    if self.repeatsLast, $0.count == 1 { return $0[0] }
                    return $0.isEmpty ? RawResponse(status: .noContent) : $0.removeFirst()
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

    @Test func anIDWithWhitespaceAtItsEndsGoesBackWithoutIt() async throws {
        // "id:  7 " is the ID " 7 ", legal in a stream; a header value cannot carry the spaces.
        let script = Script([(.ok, "id:  7 \ndata: a\n\n"), (.ok, "id: \t\ndata: b\n\n")])
        let reconnection = EventStreamReconnection(sleep: { _ in })
        let client = Client(baseURL: BaseURL("api.example.com"), transport: script.transport)
        var events: [String] = []
        for try await event in try await client.events(Self.feed, reconnection: reconnection).get() {
            events.append("\(event.id ?? "-")/\(event.data)")
        }
        #expect(events == [" 7 /a", "\t/b"])
        // Only whitespace is no ID to send.
        #expect(script.lastEventIDs.get() == [nil, "7", nil])
    }

    @Test func aSpaceBeforeACombiningMarkIsTrimmedToo() async throws {
        // " \u{301}7": the space and the mark are one character, but the space is still a space.
        let script = Script([(.ok, "id:  \u{301}7\ndata: a\n\n")])
        let client = Client(baseURL: BaseURL("api.example.com"), transport: script.transport)
        let stream = try await client.events(
            Self.feed, reconnection: EventStreamReconnection(sleep: { _ in })
        ).get()
        for try await _ in stream {}
        #expect(script.lastEventIDs.get() == [nil, "\u{301}7"])
    }

    @Test func anIDWithAControlCharacterEndsTheStreamAtItsReconnection() async throws {
        let script = Script([(.ok, "id: a\u{1}b\ndata: a\n\n")])
        let client = Client(baseURL: BaseURL("api.example.com"), transport: script.transport)
        let stream = try await client.events(
            Self.feed, reconnection: EventStreamReconnection(sleep: { _ in })
        ).get()
        var data: [String] = []
        var failure: CourierError?
        do {
            for try await event in stream { data.append(event.data) }
        } catch {
            failure = error as? CourierError
        }
        #expect(data == ["a"])
        #expect(failure?.kind == .invalidHeaderValue, "\(String(describing: failure))")
        #expect(script.lastEventIDs.get() == [nil])
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

    /// A reconnection without jitter that records its waits in `waits`, on a clock that moves
    /// `step` at each reading: every connection lasts `step`.
    private static func reconnection(
        maximumAttempts: Int, connectionsLast step: Duration, waits: LockedBox<[Duration]>
    ) -> EventStreamReconnection {
        var reconnection = EventStreamReconnection(
            jitter: 0, maximumAttempts: maximumAttempts, sleep: { wait in waits.withLock { $0.append(wait) } }
        )
        let clock = LockedBox(ContinuousClock.now)
        reconnection.now = {
            clock.withLock {
                $0 += step
                return $0
            }
        }
        return reconnection
    }

    /// The data of every event `script` answers with, read through `reconnection`.
    private static func data(of script: Script, reconnection: EventStreamReconnection) async throws
        -> [String]
    {
        let client = Client(baseURL: BaseURL("api.example.com"), transport: script.transport)
        var data: [String] = []
        for try await event in try await client.events(Self.feed, reconnection: reconnection).get() {
            data.append(event.data)
        }
        return data
    }

    @Test func aConnectionOpenLongerThanTheReconnectionTimeIsNotAFailedAttempt() async throws {
        // A feed of rare events behind a proxy that cuts each connection after a minute of
        // keep-alives: every connection lasted longer than the stream's reconnection time.
        let script = Script(Array(repeating: (.ok, ": ping\n"), count: 5) + [(.ok, "data: late\n\n")])
        let waits = LockedBox<[Duration]>([])
        let reconnection = Self.reconnection(maximumAttempts: 2, connectionsLast: .seconds(60), waits: waits)
        let data = try await Self.data(of: script, reconnection: reconnection)
        #expect(data == ["late"])
        #expect(script.lastEventIDs.get().count == 7)
        #expect(waits.get() == Array(repeating: .seconds(3), count: 6))
    }

    @Test func connectionsThatCloseAtOnceAreBackedOffFromEvenWithRetryZero() async throws {
        // A server that answers with a comment and `retry: 0` and closes: the first wait is the
        // stream's 0, and failed attempts back off from a second.
        let script = Script(Array(repeating: (.ok, "retry: 0\n: hi\n"), count: 20))
        let waits = LockedBox<[Duration]>([])
        var reconnection = EventStreamReconnection(
            jitter: 0, maximumAttempts: 3, sleep: { wait in waits.withLock { $0.append(wait) } })
        let instant = ContinuousClock.now
        reconnection.now = { instant }
        let client = Client(baseURL: BaseURL("api.example.com"), transport: script.transport)
        var events = try await client.events(Self.feed, reconnection: reconnection).get().makeAsyncIterator()
        let error = await #expect(throws: CourierError.self) { try await events.next() }
        #expect(error?.kind == .connectionLost)
        #expect(script.lastEventIDs.get().count == 4)
        #expect(waits.get() == [.zero, .seconds(2), .seconds(4)])
    }

    @Test func aConnectionShorterThanASecondIsAFailedAttemptWhateverTheReconnectionTime() async throws {
        let script = Script(Array(repeating: (.ok, "retry: 0\n: hi\n"), count: 20))
        let waits = LockedBox<[Duration]>([])
        var reconnection = EventStreamReconnection(
            initialDelay: .zero, jitter: 0, maximumAttempts: 2,
            sleep: { wait in waits.withLock { $0.append(wait) } })
        // Each connection lasts half a second, then exactly one second.
        let clock = LockedBox((ContinuousClock.now, Duration.milliseconds(500)))
        reconnection.now = {
            clock.withLock {
                $0.0 += $0.1
                return $0.0
            }
        }
        let client = Client(baseURL: BaseURL("api.example.com"), transport: script.transport)
        var events = try await client.events(Self.feed, reconnection: reconnection).get().makeAsyncIterator()
        _ = await #expect(throws: CourierError.self) { try await events.next() }
        #expect(script.lastEventIDs.get().count == 3)
        clock.withLock { $0.1 = .seconds(1) }
        let answered = Script(Array(repeating: (.ok, "retry: 0\n: hi\n"), count: 6) + [(.ok, "data: x\n\n")])
        let atTheLimit = Client(baseURL: BaseURL("api.example.com"), transport: answered.transport)
        var late = try await atTheLimit.events(Self.feed, reconnection: reconnection).get()
            .makeAsyncIterator()
        #expect(try await late.next()?.data == "x")
    }

    @Test func aQuietFeedIsReconnectedAfterAnOutageWhateverTheWaitHadGrownTo() async throws {
        // The server is down for four attempts (the wait grows to 48 s); then every connection is
        // cut by a proxy after 30 s of keep-alives: each counts as answered.
        let script = Script(
            [(.ok, ": ping\n")] + Array(repeating: (.serviceUnavailable, ""), count: 4)
                + Array(repeating: (.ok, ": ping\n"), count: 5) + [(.ok, "data: late\n\n")])
        let waits = LockedBox<[Duration]>([])
        let reconnection = Self.reconnection(maximumAttempts: 5, connectionsLast: .seconds(30), waits: waits)
        let data = try await Self.data(of: script, reconnection: reconnection)
        #expect(data == ["late"])
        #expect(
            waits.get()
                == [.seconds(3), .seconds(6), .seconds(12), .seconds(24), .seconds(48)]
                + Array(repeating: .seconds(3), count: 6))
    }

    @Test func connectionsThatEndBeforeAnEventAreFailedAttempts() async throws {
        // Nothing, or only a keep-alive comment: the server may be broken, so the waits back off.
        let script = Script([(.ok, "data: a\n\n"), (.ok, ""), (.ok, ": ping\n"), (.ok, "")])
        let waits = LockedBox<[Duration]>([])
        let reconnection = EventStreamReconnection(
            jitter: 0, maximumAttempts: 2, sleep: { wait in waits.withLock { $0.append(wait) } })
        let client = Client(baseURL: BaseURL("api.example.com"), transport: script.transport)
        var events = try await client.events(Self.feed, reconnection: reconnection).get().makeAsyncIterator()
        #expect(try await events.next()?.data == "a")
        let error = await #expect(throws: CourierError.self) { try await events.next() }
        #expect(error?.kind == .connectionLost)
        #expect(
            error?.message
                == "The event stream stopped reconnecting after 2 attempts in a row: the last connection was "
                + "answered but ended before an event arrived.")
        #expect(waits.get() == [.seconds(3), .seconds(6)])
    }

    @Test func noAttemptsAllowedEndsAtTheFirstCloseAndSaysWhy() async throws {
        let script = Script([(.ok, "data: a\n\n"), (.ok, "data: b\n\n")])
        let reconnection = EventStreamReconnection(maximumAttempts: 0, sleep: { _ in })
        let client = Client(baseURL: BaseURL("api.example.com"), transport: script.transport)
        var events = try await client.events(Self.feed, reconnection: reconnection).get().makeAsyncIterator()
        #expect(try await events.next()?.data == "a")
        let error = await #expect(throws: CourierError.self) { try await events.next() }
        #expect(
            error?.message
                == "The event stream's connection ended, and its reconnection allows no attempts (maximumAttempts is 0)."
        )
        #expect(script.lastEventIDs.get().count == 1)
    }

    @Test func a204FirstAnswerEndsTheStreamWithoutReconnecting() async throws {
        let script = Script([(.noContent, ""), (.ok, "data: again\n\n")])
        let reconnection = EventStreamReconnection(sleep: { _ in })
        let client = Client(baseURL: BaseURL("api.example.com"), transport: script.transport)
        var events = try await client.events(Self.feed, reconnection: reconnection).get().makeAsyncIterator()
        #expect(try await events.next() == nil)
        #expect(script.lastEventIDs.get().count == 1)
    }

    @Test(arguments: [
        ("text/plain; charset=utf-8", "hello\n"), ("application/json", #"{"message": "hi"}"#),
        (nil, "hello\n"),
    ])
    func anAnswerThatIsNotAnEventStreamFailsAtOnceAndIsNeverReconnected(contentType: String?, body: String)
        async throws
    {
        // The same answer to every request: read as a stream without events, each would end
        // and be requested again until the attempts ran out.
        let script = Script([(.ok, contentType, body)], repeatsLast: true)
        let waits = LockedBox<[Duration]>([])
        let reconnection = EventStreamReconnection(sleep: { wait in waits.withLock { $0.append(wait) } })
        let client = Client(baseURL: BaseURL("api.example.com"), transport: script.transport)
        let error = await #expect(throws: CourierError.self) {
            for try await _ in try await client.events(Self.feed, reconnection: reconnection).get() {}
        }
        #expect(error?.kind == .unacceptableContentType)
        #expect(script.lastEventIDs.get().count == 1)
        #expect(waits.get().isEmpty)
    }

    @Test func aReconnectionAnsweredWithAnotherTypeEndsTheStreamWithoutAnotherAttempt() async throws {
        let script = Script(
            [(.ok, "text/event-stream", "id: 1\ndata: a\n\n"), (.ok, "text/plain", "data: b\n\n")],
            repeatsLast: true)
        let client = Client(baseURL: BaseURL("api.example.com"), transport: script.transport)
        let reconnection = EventStreamReconnection(sleep: { _ in })
        var events = try await client.events(Self.feed, reconnection: reconnection).get().makeAsyncIterator()
        #expect(try await events.next()?.data == "a")
        let error = await #expect(throws: CourierError.self) { try await events.next() }
        #expect(error?.kind == .unacceptableContentType)
        #expect(error?.request?.headers[.lastEventID] == "1")
        #expect(error?.response?.headers[.contentType] == "text/plain")
        #expect(script.lastEventIDs.get() == [nil, "1"])
    }

    @Test func anotherSuccessStatusFailsAtOnceAndIsNeverReconnected() async throws {
        let script = Script([(HTTPStatus(202), "text/event-stream", ": no events\n")], repeatsLast: true)
        let client = Client(baseURL: BaseURL("api.example.com"), transport: script.transport)
        let reconnection = EventStreamReconnection(sleep: { _ in })
        let error = await #expect(throws: CourierError.self) {
            for try await _ in try await client.events(Self.feed, reconnection: reconnection).get() {}
        }
        #expect(error?.kind == .unacceptableStatus)
        #expect(script.lastEventIDs.get().count == 1)
    }

    static let post = Endpoint<EventStream<String>, Never> {
        Method.post
        Path("completions")
    }

    @Test func reconnectingAPostThrowsBeforeSendingIt() async throws {
        let script = Script([(.ok, "data: a\n\n")])
        let client = Client(baseURL: BaseURL("api.example.com"), transport: script.transport)
        let error = await #expect(throws: CourierError.self) {
            try await client.events(Self.post, reconnection: EventStreamReconnection(sleep: { _ in }))
        }
        #expect(error?.kind == .nonIdempotentReconnection)
        #expect(error?.stage == .building)
        #expect(
            error?.message
                == "Reconnecting would send the POST request again, which is not idempotent; add an "
                + "Idempotency-Key header, or set resendsNonIdempotentRequests on the reconnection if the "
                + "server expects it.")
        #expect(script.lastEventIDs.get().isEmpty)
        // Without reconnection, the POST is sent once.
        _ = try await client.events(Self.post)
        #expect(script.lastEventIDs.get().count == 1)
    }

    @Test func aPostReconnectsWhenAllowedOrWithAnIdempotencyKey() async throws {
        let allowed = Script([(.ok, "data: a\n\n")])
        let client = Client(baseURL: BaseURL("api.example.com"), transport: allowed.transport)
        let policy = EventStreamReconnection(resendsNonIdempotentRequests: true, sleep: { _ in })
        var events = try await client.events(Self.post, reconnection: policy).get().makeAsyncIterator()
        #expect(try await events.next()?.data == "a")
        #expect(try await events.next() == nil)
        #expect(allowed.lastEventIDs.get().count == 2)

        let keyed = Script([(.ok, "data: a\n\n")])
        let keyedClient = Client(baseURL: BaseURL("api.example.com"), transport: keyed.transport)
        let withKey = Endpoint<EventStream<String>, Never> {
            Method.post
            Path("completions")
            Header.idempotencyKey("k-1")
        }
        var keyedEvents = try await keyedClient.events(
            withKey, reconnection: EventStreamReconnection(sleep: { _ in })
        )
        .get().makeAsyncIterator()
        #expect(try await keyedEvents.next()?.data == "a")
        #expect(try await keyedEvents.next() == nil)
        #expect(keyed.lastEventIDs.get().count == 2)
    }

    @Test func hugeAttemptsAndRetryTimesWaitTheMaximumWithoutTrapping() {
        let unlimited = EventStreamReconnection(
            initialDelay: .seconds(10), maximumDelay: .seconds(60), multiplier: 1000, jitter: 0,
            maximumAttempts: nil, random: { 0 })
        #expect(unlimited.delay(attempt: 200, retry: nil) == .seconds(60))
        #expect(unlimited.delay(attempt: .max, retry: nil) == .seconds(60))
        #expect(unlimited.delay(attempt: 1, retry: .milliseconds(Int.max)) == .seconds(60))
        #expect(unlimited.delay(attempt: 200, retry: .milliseconds(Int.max)) == .seconds(60))
        let halved = EventStreamReconnection(maximumDelay: .seconds(60), jitter: 0.5, random: { 1 })
        #expect(halved.delay(attempt: 200, retry: .milliseconds(Int.max)) == .seconds(30))
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
