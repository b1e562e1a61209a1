#if canImport(Testing)
    import Courier
    import CourierTestSupport
    import Foundation
    import Testing

    /// The data of the fault server's `/sse/…` events.
    struct Tick: Decodable, Sendable, Hashable {
        let n: Int
        /// The `Last-Event-ID` the connection that sent the event carried; `""` for none.
        let lastEventID: String

        enum CodingKeys: String, CodingKey {
            case n
            case lastEventID = "last_event_id"
        }
    }

    /// The fields of an event-stream request the fault server's `/sse/request` saw.
    private struct EventStreamRequestFields: Decodable, Sendable, Hashable {
        let accept: String?
        let cacheControl: String?

        enum CodingKeys: String, CodingKey {
            case accept
            case cacheControl = "cache_control"
        }
    }

    /// A fault-server route, streamed, with `/status/<code>` documented as its error; counted
    /// under `key` when one is given.
    private func route<Success>(
        _ path: String, _ query: [(String, String)] = [], idle: Duration? = nil, key: String? = nil,
        as: Success.Type = Success.self
    ) -> Endpoint<Success, FaultServer.Status> {
        Endpoint<Success, FaultServer.Status> {
            Method(.get)
            Path(segments: path.split(separator: "/").map { String($0) })
            for (name, value) in query { Query(name, value) }
            if let idle { Timeout(idle: idle) }
            if let key { Header("X-Count-Key", key) }
        }
    }

    /// Every event of `stream`, with the error that ended it, if any.
    private func collect<Payload>(_ stream: EventStream<Payload>) async -> (
        [EventStream<Payload>.Event], CourierError?
    ) {
        var events: [EventStream<Payload>.Event] = []
        do {
            for try await event in stream { events.append(event) }
            return (events, nil)
        } catch {
            return (events, error as? CourierError)
        }
    }

    extension ConformanceCase {
        static let streamCases: [ConformanceCase] = [
            ConformanceCase(.streams, "aStreamedBodyArrivesByteForByte") { context in
                try await context.withClient { client in
                    let size = 3 * 1024 * 1024 + 17
                    let response = try await client.stream(
                        route("download", [("size", "\(size)")], as: Data.self))
                    #expect(response.status == .ok)
                    #expect(response.body.isEmpty)
                    var received = Data()
                    for try await chunk in try response.get() { received.append(chunk) }
                    #expect(received == FaultServer.pattern(size))
                }
            },
            ConformanceCase(.streams, "aStreamReturnsAtItsHeadLongBeforeItsBodyEnds") { context in
                try await context.withClient { client in
                    let started = ContinuousClock.now
                    // One event, then thirty seconds of silence before the end.
                    let response = try await client.send(
                        route("sse/stall", [("count", "1"), ("seconds", "30")], as: EventStream<Tick>.self))
                    var events = try response.get().makeAsyncIterator()
                    let first = try await events.next()
                    #expect(first?.data == Tick(n: 1, lastEventID: ""))
                    #expect(started.duration(to: .now) < .seconds(20))
                }
            },
            ConformanceCase(.streams, "typedEventsCarryTheirTypeIDRetryAndMultiLineData") { context in
                try await context.withClient { client in
                    let response = try await client.send(
                        route("sse/events", [("count", "3"), ("retry", "1500")], as: EventStream<Tick>.self))
                    #expect(response.headers[.contentType] == "text/event-stream")
                    let (events, error) = await collect(try response.get())
                    #expect(error == nil)
                    #expect(events.map(\.data.n) == [1, 2, 3])
                    #expect(events.map(\.id) == ["1", "2", "3"])
                    #expect(events.map(\.type) == ["tick", "tick", "tick"])
                    #expect(events.map(\.retry) == Array(repeating: .milliseconds(1500), count: 3))
                }
            },
            ConformanceCase(.streams, "eventLinesEndedByABareCRAreRead") { context in
                try await context.withClient { client in
                    let response = try await client.send(
                        route("sse/cr", [("count", "3")], as: EventStream<Tick>.self))
                    let (events, error) = await collect(try response.get())
                    #expect(error == nil)
                    #expect(events.map(\.data.n) == [1, 2, 3])
                }
            },
            ConformanceCase(.streams, "aStreamResetMidEventDeliversTheWholeEventsThenThrowsTruncated") {
                context in
                try await context.withClient { client in
                    let response = try await client.send(
                        route("sse/reset-mid-event", [("count", "2")], as: EventStream<Tick>.self))
                    let (events, error) = await collect(try response.get())
                    #expect(events.map(\.data.n) == [1, 2])
                    #expect(error?.kind == .truncatedResponse)
                }
            },
            ConformanceCase(.streams, "aSilentStreamFailsAtItsIdleTimeout") { context in
                try await context.withClient { client in
                    let started = ContinuousClock.now
                    let response = try await client.send(
                        route(
                            "sse/stall", [("count", "1"), ("seconds", "20")], idle: .seconds(3),
                            as: EventStream<Tick>.self))
                    let (events, error) = await collect(try response.get())
                    #expect(events.map(\.data.n) == [1])
                    #expect(error?.kind == .timedOut)
                    // The stall would last 20 s. (3 s of idle time, not 1, so that the head and
                    // the first event arrive in time on a machine busy with other work.)
                    #expect(started.duration(to: .now) < .seconds(12))
                }
            },
            ConformanceCase(.streams, "aStreamLeftOpenAfterItsLastEventFailsAtItsIdleTimeout") { context in
                try await context.withClient { client in
                    let started = ContinuousClock.now
                    // Two events, then neither the last chunk nor FIN: the server keeps the
                    // connection open for 300 s, unless the client goes.
                    let response = try await client.send(
                        route("sse/open", [("count", "2")], idle: .seconds(3), as: EventStream<Tick>.self))
                    let (events, error) = await collect(try response.get())
                    #expect(events.map(\.data.n) == [1, 2])
                    #expect(error?.kind == .timedOut)
                    // Not hanging for the 300 s the server holds on, by a margin a busy machine
                    // cannot use up.
                    #expect(started.duration(to: .now) < .seconds(60))
                }
            },
            ConformanceCase(.streams, "cancellingTheReaderEndsAnEndlessStreamAtOnce") { context in
                try await context.withClient { client in
                    let response = try await client.send(route("sse/endless", as: EventStream<Tick>.self))
                    let stream = try response.get()
                    let counted = LockedBox(0)
                    let reader = Task {
                        for try await _ in stream { counted.withLock { $0 += 1 } }
                    }
                    try await waitUntil("three events arrived") { counted.withLock { $0 } >= 3 }
                    let cancelled = ContinuousClock.now
                    reader.cancel()
                    let outcome = await reader.result
                    #expect((outcome.failure as? CourierError)?.kind == .cancelled)
                    // Not ending would take forever (the stream is endless); a loaded machine
                    // took 5.2 s to schedule the reader's end once.
                    #expect(cancelled.duration(to: .now) < .seconds(30))
                    // The stream's connection is given up, not returned to the pool unread.
                    let next = try await client.send(
                        FaultServer.bytes("ok", key: FaultServer.uniqueKey(), [("size", "1000")]))
                    #expect(next.value == FaultServer.pattern(1000))
                }
            },
            ConformanceCase(.streams, "cancellingTheReaderOfABodyStalledMidwayEndsItAtOnce") { context in
                // 100 of 1000 bytes, then 30 s of silence: the reader waits for bytes that are not
                // coming, and only its cancellation can end the wait early.
                try await context.withClient { client in
                    let response = try await client.stream(
                        route(
                            "stall-body", [("size", "1000"), ("send", "100"), ("seconds", "30")],
                            as: Data.self))
                    #expect(response.status == .ok)
                    let stream = try response.get()
                    let received = LockedBox(0)
                    let reader = Task {
                        for try await chunk in stream { received.withLock { $0 += chunk.count } }
                    }
                    // Also when the wait below throws: no reader outlives the case.
                    defer { reader.cancel() }
                    try await waitUntil("the first 100 bytes arrived") { received.get() == 100 }
                    let cancelled = ContinuousClock.now
                    reader.cancel()
                    let outcome = await reader.result
                    #expect((outcome.failure as? CourierError)?.kind == .cancelled, "\(outcome)")
                    // The server would send the rest after 30 s.
                    #expect(cancelled.duration(to: .now) < .seconds(15))
                    let next = try await client.send(
                        FaultServer.bytes("ok", key: FaultServer.uniqueKey(), [("size", "1000")]))
                    #expect(next.value == FaultServer.pattern(1000))
                }
            },
            ConformanceCase(.streams, "aStreamLeftAfterItsFirstChunkIsGivenUpAndTheClientGoesOn") { context in
                // The caller reads the first chunk of 64 MiB sent at 1 MiB a second and drops the
                // stream: the next call on the client is answered, and the rest is not waited for,
                // neither by the next call nor by the transport's shutdown.
                let started = ContinuousClock.now
                try await context.withClient { client in
                    let size = 64 * 1024 * 1024
                    do {
                        let response = try await client.stream(
                            route("download", [("size", "\(size)"), ("rate", "1048576")], as: Data.self))
                        var chunks = try response.get().makeAsyncIterator()
                        let first = try #require(try await chunks.next())
                        #expect(!first.isEmpty && first.count < size)
                        #expect(first == FaultServer.pattern(first.count))
                    }
                    let next = try await client.send(
                        FaultServer.bytes("ok", key: FaultServer.uniqueKey(), [("size", "1000")]))
                    #expect(next.value == FaultServer.pattern(1000))
                }
                // Reading the rest would take 64 s, and the safety net ends a call at 40 s.
                #expect(started.duration(to: .now) < .seconds(20))
            },
            ConformanceCase(.streams, "aNon2xxAnswerToAStreamDecodesAsTheDocumentedError") { context in
                try await context.withClient { client in
                    let response = try await client.stream(route("status/404", as: Data.self))
                    #expect(response.status == .notFound)
                    #expect(response.result.failure == FaultServer.Status(code: 404))
                }
            },
            ConformanceCase(.streams, "aStreamOfAnotherContentTypeFailsOnceAndIsNeverReconnected") {
                context in
                try await context.withClient { client in
                    for type in ["text/plain", "application/json", ""] {
                        let key = FaultServer.uniqueKey()
                        // The body is events in all but name: read as events, every connection
                        // would deliver some, and the stream would reconnect without end; the third
                        // wait throws to bound that.
                        let waits = LockedBox<[Duration]>([])
                        let reconnection = EventStreamReconnection(
                            jitter: 0,
                            sleep: { wait in
                                waits.withLock { $0.append(wait) }
                                if waits.get().count >= 3 { throw CancellationError() }
                            })
                        let endpoint = route(
                            "sse/content-type", [("type", type)], key: key, as: EventStream<Tick>.self)
                        let error = await #expect(throws: CourierError.self, "type \(type)") {
                            let events = try await client.events(endpoint, reconnection: reconnection).get()
                            for try await _ in events {}
                        }
                        #expect(error?.kind == .unacceptableContentType, "type \(type)")
                        #expect(waits.get().isEmpty, "type \(type)")
                        try await context.faults.expectCounts(key, received: 1...1)
                    }
                }
            },
            ConformanceCase(.streams, "anEventStreamTypeIsReadWithParametersAndInAnyCase") { context in
                try await context.withClient { client in
                    for type in ["text/event-stream; charset=utf-8", "Text/Event-Stream"] {
                        let response = try await client.send(
                            route(
                                "sse/content-type", [("type", type), ("count", "2")],
                                as: EventStream<Tick>.self))
                        #expect(response.headers[.contentType] == type)
                        let (events, error) = await collect(try response.get())
                        #expect(error == nil, "type \(type)")
                        #expect(events.map(\.data.n) == [1, 2], "type \(type)")
                    }
                }
            },
            ConformanceCase(.streams, "aRequestForEventsAsksForAnEventStreamAsEventSourceDoes") { context in
                try await context.withClient { client in
                    let response = try await client.events(
                        route("sse/request", as: EventStream<EventStreamRequestFields>.self))
                    let (events, error) = await collect(try response.get())
                    #expect(error == nil)
                    #expect(
                        events.map(\.data) == [
                            EventStreamRequestFields(accept: "text/event-stream", cacheControl: "no-cache")
                        ])
                }
            },
            ConformanceCase(.streams, "aReconnectingStreamSendsLastEventIDAndStopsAt204") { context in
                try await context.withClient { client in
                    let delays = LockedBox<[Duration]>([])
                    let reconnection = EventStreamReconnection(
                        jitter: 0, sleep: { delay in delays.withLock { $0.append(delay) } })
                    let key = FaultServer.uniqueKey()
                    let response = try await client.events(
                        route("sse/reconnect", [("key", key)], as: EventStream<Tick>.self),
                        reconnection: reconnection)
                    let (events, error) = await collect(try response.get())
                    #expect(error == nil)
                    #expect(events.map(\.data.n) == [1, 2, 3, 4])
                    // The Last-Event-ID each connection sent, as the server saw it: never the
                    // ID 99 of the half event the second connection was cut in.
                    #expect(events.map(\.data.lastEventID) == ["", "", "2", "3"])
                    // retry: 50; after the 503, one failure in a row doubles it.
                    #expect(
                        delays.withLock { $0 } == [
                            .milliseconds(50), .milliseconds(50), .milliseconds(100), .milliseconds(50),
                        ])
                    print(
                        "Reconnection timeline:",
                        events.map {
                            "event \($0.data.n) (connection sent Last-Event-ID '\($0.data.lastEventID)')"
                        },
                        "waits:", delays.withLock { $0 })
                }
            },
        ]
    }
#endif
