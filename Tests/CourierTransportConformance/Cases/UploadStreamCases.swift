#if canImport(Testing)
    import Courier
    import CourierTestSupport
    import Foundation
    import Testing

    /// The fault server's byte pattern (``FaultServer/pattern(_:)``) in chunks, for a body streamed
    /// from a sequence: `count` chunks of `size` bytes (endless when `count` is `nil`), throwing
    /// ``ProducerError`` instead of chunk `throwsAt`, or waiting 60 s (unless cancelled) before chunk
    /// `stallsAt`, when set. Counts the chunks it was asked for, and the stalls cancelled.
    struct PatternChunks: AsyncSequence, Sendable {
        typealias Element = Data

        struct ProducerError: Error, Equatable {}

        let size: Int
        let count: Int?
        var throwsAt: Int?
        var stallsAt: Int?
        /// How long to wait before the end: before the throw at `throwsAt`, or before the end of
        /// a finite sequence (so that an early answer has arrived by then).
        var waitsBeforeEnd: Duration = .zero
        /// How long to wait before each chunk after the first.
        var pace: Duration = .zero
        /// How many times `next()` was called, over all iterators.
        let reads = LockedBox(0)
        /// How many stalls ended in a `CancellationError`, over all iterators.
        let cancelledStalls = LockedBox(0)

        init(size: Int = 64 * 1024, count: Int?, throwsAt: Int? = nil, stallsAt: Int? = nil) {
            self.size = size
            self.count = count
            self.throwsAt = throwsAt
            self.stallsAt = stallsAt
        }

        /// Every byte a complete iteration yields.
        var total: Int { size * (count ?? 0) }

        func makeAsyncIterator() -> Iterator {
            Iterator(chunks: self, cycle: FaultServer.pattern(size + 251))
        }

        struct Iterator: AsyncIteratorProtocol {
            let chunks: PatternChunks
            let cycle: Data
            var index = 0

            mutating func next() async throws -> Data? {
                chunks.reads.withLock { $0 += 1 }
                if index == chunks.throwsAt {
                    try await Task.sleep(for: chunks.waitsBeforeEnd)
                    throw ProducerError()
                }
                if index == chunks.stallsAt {
                    do {
                        try await Task.sleep(for: .seconds(60))
                    } catch {
                        chunks.cancelledStalls.withLock { $0 += 1 }
                        throw error
                    }
                }
                if let count = chunks.count, index >= count {
                    try await Task.sleep(for: chunks.waitsBeforeEnd)
                    return nil
                }
                if index > 0, chunks.pace > .zero { try await Task.sleep(for: chunks.pace) }
                // Chunk `index` starts at byte index * size of the pattern, which repeats every 251.
                let start = (index * chunks.size) % 251
                index += 1
                return cycle.subdata(in: start..<start + chunks.size)
            }
        }
    }

    /// `PUT /upload-sink` with `body`, counted under `key`.
    private func sink(_ body: Body, key: String) -> Endpoint<FaultServer.SinkReport, Never> {
        Endpoint<FaultServer.SinkReport, Never> {
            Method(.put)
            Path("upload-sink")
            Header("X-Count-Key", key)
            body
        }
    }

    /// Request body chunks of 100 bytes, the `n`th all bytes `n`, each but the first yielded only
    /// after a turn is given with ``pass()``: a body that goes on only as its answer comes back.
    struct Turns: AsyncSequence, Sendable {
        typealias Element = Data

        let count: Int
        private let turns: AsyncStream<Void>
        private let giver: AsyncStream<Void>.Continuation

        init(count: Int) {
            self.count = count
            (turns, giver) = AsyncStream<Void>.makeStream()
        }

        /// Lets the sequence yield its next chunk.
        func pass() { giver.yield() }

        /// What the whole sequence yields.
        var all: Data { Data((0..<count).flatMap { Array(repeating: UInt8($0), count: 100) }) }

        struct AsyncIterator: AsyncIteratorProtocol {
            let count: Int
            var turns: AsyncStream<Void>.AsyncIterator
            var yielded = 0

            mutating func next() async -> Data? {
                guard yielded < count else { return nil }
                if yielded > 0, await turns.next() == nil { return nil }
                defer { yielded += 1 }
                return Data(repeating: UInt8(yielded), count: 100)
            }
        }

        func makeAsyncIterator() -> AsyncIterator {
            AsyncIterator(count: count, turns: turns.makeAsyncIterator())
        }
    }

    /// A sequence of the chunks it was given, in order, empty ones included.
    struct GivenChunks: AsyncSequence, Sendable {
        typealias Element = Data

        let chunks: [Data]

        init(_ chunks: [Data]) {
            self.chunks = chunks
        }

        struct AsyncIterator: AsyncIteratorProtocol {
            var rest: ArraySlice<Data>

            mutating func next() async -> Data? {
                rest.popFirst()
            }
        }

        func makeAsyncIterator() -> AsyncIterator {
            AsyncIterator(rest: chunks[...])
        }
    }

    /// The fault server's `/early-answer` reply.
    private struct EarlyAnswer: Decodable, Sendable {
        let early: Bool
    }

    /// `PUT /early-answer` with `body`, answered with `status` before the server reads it.
    private func earlyAnswer(_ body: Body, status: Int = 200) -> Endpoint<EarlyAnswer, Never> {
        Endpoint<EarlyAnswer, Never> {
            Method(.put)
            Path("early-answer")
            if status != 200 {
                Query("status", status)
            }
            body
        }
    }

    extension ConformanceContext {
        /// For a transport that does not stream request bodies: sending `body` fails with
        /// ``CourierError/Kind/streamedBodyUnsupported`` naming the transport that does, without
        /// reading the sequence or reaching the server.
        func expectStreamedBodyRefused(_ chunks: PatternChunks, length: Int64? = nil) async throws {
            try await withClient { client in
                let key = FaultServer.uniqueKey()
                let error = try await failure(
                    of: sink(.stream(chunks, length: length), key: key), with: client)
                #expect(error.kind == .streamedBodyUnsupported, "\(error)")
                #expect(error.message.contains("AsyncHTTPClientTransport"), "\(error)")
                #expect(chunks.reads.get() == 0)
                try await faults.expectCounts(key, received: 0...0, settle: .milliseconds(200))
            }
        }
    }

    extension ConformanceCase {
        static let uploadStreamCases: [ConformanceCase] = [
            ConformanceCase(.streams, "aStreamedUploadWithoutALengthArrivesChunkedAndIntact") { context in
                let chunks = PatternChunks(size: 64 * 1024 + 3, count: 40)
                guard context.subject.sendsStreamedBodies else {
                    return try await context.expectStreamedBodyRefused(chunks)
                }
                let reports = LockedBox<[RequestMetrics]>([])
                let metrics = MetricsMiddleware { metrics in reports.withLock { $0.append(metrics) } }
                try await context.withClient(middleware: [metrics]) { client in
                    let key = FaultServer.uniqueKey()
                    let report = try await client.value(sink(.stream(chunks), key: key))
                    #expect(report.size == chunks.total)
                    // Sent without a length: metrics count the bytes the sequence yielded.
                    #expect(reports.get().map(\.bytesSent) == [Int64(chunks.total)])
                    let expected = try await offPool { SHA256.hex(of: FaultServer.pattern(chunks.total)) }
                    #expect(report.sha256 == expected)
                    let counted = try await context.faults.counts(key)
                    #expect(counted.requests.first?.header("Transfer-Encoding") == "chunked")
                    #expect(counted.requests.first?.header("Content-Length") == nil)
                    #expect(counted.complete == 1)
                }
            },
            ConformanceCase(.streams, "aStreamedUploadWithItsLengthCarriesContentLengthAndReportsProgress") {
                context in
                let chunks = PatternChunks(count: 48)
                guard context.subject.sendsStreamedBodies else {
                    return try await context.expectStreamedBodyRefused(chunks, length: Int64(chunks.total))
                }
                try await context.withClient { client in
                    let key = FaultServer.uniqueKey()
                    let transfer = client.transfer(
                        sink(.stream(chunks, length: Int64(chunks.total)), key: key))
                    var reports: [TransferProgress] = []
                    for await progress in transfer.progress { reports.append(progress) }
                    let report = try #require(try await transfer.value.value)
                    #expect(report.size == chunks.total)
                    let counted = try await context.faults.counts(key)
                    #expect(counted.requests.first?.header("Content-Length") == "\(chunks.total)")
                    #expect(counted.requests.first?.header("Transfer-Encoding") == nil)
                    let uploads = reports.filter { $0.direction == .upload }
                    #expect(uploads.count > 1, "\(uploads.count) upload reports")
                    #expect(
                        uploads.last
                            == TransferProgress(
                                direction: .upload, completedBytes: Int64(chunks.total),
                                expectedBytes: Int64(chunks.total)))
                }
            },
            ConformanceCase(.streams, "aStreamedUploadAndItsStreamedAnswerInterleave") { context in
                // The server echoes each piece of the body as it arrives; the body yields its next
                // chunk only once the echo of the last one was read, twenty times over. A transport
                // that held the answer until the body ended would stall until the idle timeout.
                guard context.subject.sendsStreamedBodies else {
                    return try await context.expectStreamedBodyRefused(PatternChunks(count: 20))
                }
                let turns = Turns(count: 20)
                let idle = Client.Configuration(timeout: Timeout(idle: .seconds(20)))
                try await context.withClient(configuration: idle) { client in
                    let key = FaultServer.uniqueKey()
                    let response = try await client.stream(
                        Endpoint<Data, Never> {
                            Method(.post)
                            Path("echo-stream")
                            Header("X-Count-Key", key)
                            Body.stream(turns)
                        })
                    #expect(response.status == .ok)
                    var echoed = Data()
                    for try await chunk in response.get() {
                        let turnsBefore = echoed.count / 100
                        echoed.append(chunk)
                        for _ in turnsBefore..<(echoed.count / 100) { turns.pass() }
                    }
                    #expect(echoed == turns.all)
                    try await context.faults.expectCounts(key, received: 1...1)
                }
            },
            ConformanceCase(.streams, "aStreamedUploadCanWaitForItsAnswerToSpeakFirst") { context in
                // The server sends 100 bytes before it reads any of the body, and the body's every
                // chunk is the last 100 bytes that came back, nine times over: the call goes on
                // only if the answer reaches the caller before the body's first byte is sent.
                guard context.subject.sendsStreamedBodies else {
                    return try await context.expectStreamedBodyRefused(PatternChunks(count: 2))
                }
                let (replies, replier) = AsyncStream<Data>.makeStream()
                // Also when the case fails: the body ends, and with it the call.
                defer { replier.finish() }
                let idle = Client.Configuration(timeout: Timeout(idle: .seconds(20)))
                try await context.withClient(configuration: idle) { client in
                    let key = FaultServer.uniqueKey()
                    let response = try await client.stream(
                        Endpoint<Data, Never> {
                            Method(.post)
                            Path("echo-stream")
                            Query("first", 100)
                            Header("X-Count-Key", key)
                            Body.stream(replies)
                        })
                    #expect(response.status == .ok)
                    var received = Data()
                    var turns = 0
                    for try await chunk in response.get() {
                        received.append(chunk)
                        while received.count >= (turns + 1) * 100 {
                            turns += 1
                            if turns < 10 {
                                replier.yield(received.subdata(in: (turns - 1) * 100..<turns * 100))
                            } else {
                                replier.finish()
                            }
                        }
                    }
                    let greeting = FaultServer.pattern(100)
                    #expect(received == Data((0..<10).flatMap { _ in greeting }))
                    try await context.faults.expectCounts(key, received: 1...1)
                    #expect(try await context.faults.counts(key).complete == 1)
                }
            },
            ConformanceCase(.streams, "aStreamedUploadDeclaredEmptyIsSentWithContentLengthZero") { context in
                let empty = PatternChunks(count: 0)
                guard context.subject.sendsStreamedBodies else {
                    return try await context.expectStreamedBodyRefused(empty, length: 0)
                }
                try await context.withClient { client in
                    let key = FaultServer.uniqueKey()
                    let report = try await client.value(sink(.stream(empty, length: 0), key: key))
                    #expect(report.size == 0)
                    let counted = try await context.faults.counts(key)
                    #expect(counted.requests.first?.header("Content-Length") == "0")
                    #expect(counted.complete == 1)
                    // A sequence declared empty that yields a byte fails before anything is sent.
                    let longer = PatternChunks(size: 1, count: 1)
                    let refusedKey = FaultServer.uniqueKey()
                    let error = try await failure(
                        of: sink(.stream(longer, length: 0), key: refusedKey), with: client)
                    #expect(error.kind == .streamedBodyLengthMismatch, "\(error)")
                    try await context.faults.expectCounts(
                        refusedKey, received: 0...0, settle: .milliseconds(200))
                    // One that throws fails the call with its error, nothing sent either.
                    let throwing = PatternChunks(count: 0, throwsAt: 0)
                    let throwingKey = FaultServer.uniqueKey()
                    let thrown = try await failure(
                        of: sink(.stream(throwing, length: 0), key: throwingKey), with: client)
                    #expect(thrown.kind == .streamedBodyFailed, "\(thrown)")
                    #expect(thrown.underlying is PatternChunks.ProducerError, "\(thrown)")
                    try await context.faults.expectCounts(
                        throwingKey, received: 0...0, settle: .milliseconds(200))
                }
                // One that never ends is stopped by the idle timeout, and its read is cancelled.
                let silent = PatternChunks(count: 0, stallsAt: 0)
                let idle = Client.Configuration(timeout: Timeout(idle: .seconds(1)))
                try await context.withClient(configuration: idle) { client in
                    let start = ContinuousClock.now
                    let error = try await failure(
                        of: sink(.stream(silent, length: 0), key: FaultServer.uniqueKey()), with: client)
                    #expect(error.kind == .timedOut, "\(error)")
                    #expect(ContinuousClock.now - start < .seconds(20))
                    try await waitUntil("the stalled read was cancelled") {
                        silent.cancelledStalls.get() == 1
                    }
                }
            },
            ConformanceCase(.streams, "emptyChunksInAStreamedUploadNeitherEndNorChangeIt") { context in
                // RFC 9112 §7.1: a chunk of size zero is the last chunk. An empty piece of the
                // sequence sent as a chunk would end the body early, and the server would read the
                // rest as a request of its own.
                guard context.subject.sendsStreamedBodies else {
                    return try await context.expectStreamedBodyRefused(PatternChunks(count: 2))
                }
                let whole = FaultServer.pattern(300)
                let chunks = GivenChunks([
                    Data(), Data(whole.prefix(100)), Data(), Data(), Data(whole.dropFirst(100)), Data(),
                ])
                try await context.withClient { client in
                    for length in [nil, Int64(whole.count)] {
                        let key = FaultServer.uniqueKey()
                        let report = try await client.value(sink(.stream(chunks, length: length), key: key))
                        #expect(report.size == whole.count, "length \(String(describing: length))")
                        #expect(report.sha256 == SHA256.hex(of: whole))
                        try await context.faults.expectCounts(key, received: 1...1)
                        #expect(try await context.faults.counts(key).complete == 1)
                    }
                }
            },
            ConformanceCase(.streams, "aStreamThatThrowsMidwayFailsAndTheServerSeesAnIncompleteRequest") {
                context in
                let chunks = PatternChunks(count: 10, throwsAt: 5)
                guard context.subject.sendsStreamedBodies else {
                    return try await context.expectStreamedBodyRefused(chunks)
                }
                try await context.withClient { client in
                    for length in [nil, Int64(chunks.total)] {
                        let key = FaultServer.uniqueKey()
                        let error = try await failure(
                            of: sink(.stream(chunks, length: length), key: key), with: client)
                        #expect(error.kind == .streamedBodyFailed, "\(error)")
                        #expect(error.underlying is PatternChunks.ProducerError, "\(error)")
                        try await context.faults.expectCounts(key, received: 1...1)
                        // Cut off mid-body: neither a chunked end nor the whole length arrived.
                        #expect(try await context.faults.counts(key).complete == 0)
                    }
                }
            },
            ConformanceCase(.streams, "aStreamedUploadShorterThanItsLengthFailsIncomplete") { context in
                let chunks = PatternChunks(count: 4)
                guard context.subject.sendsStreamedBodies else {
                    return try await context.expectStreamedBodyRefused(
                        chunks, length: Int64(chunks.total + 1))
                }
                try await context.withClient { client in
                    let key = FaultServer.uniqueKey()
                    let error = try await failure(
                        of: sink(.stream(chunks, length: Int64(chunks.total + 1)), key: key), with: client)
                    #expect(error.kind == .streamedBodyLengthMismatch, "\(error)")
                    try await context.faults.expectCounts(key, received: 1...1)
                    #expect(try await context.faults.counts(key).complete == 0)
                }
            },
            ConformanceCase(.streams, "aStreamThatFailsAfterAnEarlyAnswerFailsTheCall") { context in
                // The server answers 200 before reading the body; the sequence fails after that.
                var throwing = PatternChunks(count: 10, throwsAt: 3)
                throwing.waitsBeforeEnd = .milliseconds(500)
                var short = PatternChunks(count: 3)
                short.waitsBeforeEnd = .milliseconds(500)
                guard context.subject.sendsStreamedBodies else {
                    return try await context.expectStreamedBodyRefused(throwing)
                }
                try await context.withClient { client in
                    for length in [nil, Int64(throwing.total)] {
                        let error = try await failure(
                            of: earlyAnswer(.stream(throwing, length: length)), with: client)
                        #expect(error.kind == .streamedBodyFailed, "\(error)")
                        #expect(error.underlying is PatternChunks.ProducerError, "\(error)")
                    }
                    let error = try await failure(
                        of: earlyAnswer(.stream(short, length: Int64(short.total + 1))), with: client)
                    #expect(error.kind == .streamedBodyLengthMismatch, "\(error)")
                    // A body sent whole is a success, even when the answer came first.
                    var whole = PatternChunks(count: 3)
                    whole.waitsBeforeEnd = .milliseconds(500)
                    let answer = try await client.value(
                        earlyAnswer(.stream(whole, length: Int64(whole.total))))
                    #expect(answer.early)
                }
            },
            ConformanceCase(.streams, "anUploadStillGoingAfterAnEarlyAnswerIsNotIdle") { context in
                // The server answers 200 at once, then reads a body that takes 16 x 250 ms to come:
                // twice the idle timeout in all, a chunk every eighth of it.
                var paced = PatternChunks(count: 16)
                paced.pace = .milliseconds(250)
                guard context.subject.sendsStreamedBodies else {
                    return try await context.expectStreamedBodyRefused(paced)
                }
                let idle = Client.Configuration(timeout: Timeout(idle: .seconds(2)))
                try await context.withClient(configuration: idle) { client in
                    let answer = try await client.value(earlyAnswer(.stream(paced)))
                    #expect(answer.early)
                    #expect(paced.reads.get() == 17)
                }
            },
            ConformanceCase(.streams, "aNon2xxAnswerBeforeTheBodyEndsStopsReadingTheSequence") { context in
                // The server answers 413 right after the head; the sequence's first read waits 60 s.
                let chunks = PatternChunks(count: 8, stallsAt: 0)
                guard context.subject.sendsStreamedBodies else {
                    return try await context.expectStreamedBodyRefused(chunks)
                }
                try await context.withClient { client in
                    let start = ContinuousClock.now
                    let error = try await failure(of: earlyAnswer(.stream(chunks), status: 413), with: client)
                    #expect(error.kind == .undocumentedStatus, "\(error)")
                    #expect(error.response?.status == HTTPStatus(413), "\(error)")
                    // The answer ends the call; it does not wait for the body.
                    #expect(ContinuousClock.now - start < .seconds(30))
                    // The read the sequence waits in is cancelled (unless the call ended before the
                    // connection asked for a chunk), and the sequence is not read again.
                    try await waitUntil("the waiting read was cancelled") {
                        chunks.cancelledStalls.get() == 1 || chunks.reads.get() == 0
                    }
                    #expect(chunks.reads.get() <= 1)
                }
            },
            ConformanceCase(.streams, "aSequenceSilentForTheIdleTimeoutEndsTheUpload") { context in
                let chunks = PatternChunks(count: 8, stallsAt: 2)
                guard context.subject.sendsStreamedBodies else {
                    return try await context.expectStreamedBodyRefused(chunks)
                }
                // The sequence would go on after 60 s; the idle timeout is 2 s.
                let idle = Client.Configuration(timeout: Timeout(idle: .seconds(2)))
                try await context.withClient(configuration: idle) { client in
                    let key = FaultServer.uniqueKey()
                    let start = ContinuousClock.now
                    let error = try await failure(of: sink(.stream(chunks), key: key), with: client)
                    #expect(error.kind == .timedOut, "\(error)")
                    #expect(ContinuousClock.now - start < .seconds(20))
                    try await context.faults.expectCounts(key, received: 1...1)
                    #expect(try await context.faults.counts(key).complete == 0)
                    // The `next()` the sequence was waiting in is cancelled, not left running. On a
                    // busy machine the timeout may run out before the sequence gets to its stall:
                    // then nothing reads on to it afterwards.
                    try await waitUntil("the stalled read was cancelled") {
                        chunks.cancelledStalls.get() == 1 || chunks.reads.get() < 3
                    }
                    try await Task.sleep(for: .milliseconds(500))
                    #expect(chunks.cancelledStalls.get() == 1 || chunks.reads.get() < 3)
                }
            },
            ConformanceCase(.streams, "cancellingTheCallerStopsReadingAnEndlessUpload") { context in
                let chunks = PatternChunks(count: nil, stallsAt: 24)
                guard context.subject.sendsStreamedBodies else {
                    return try await context.expectStreamedBodyRefused(chunks)
                }
                // No total timeout: only the cancellation can end an endless body.
                let patient = Client.Configuration(timeout: Timeout(idle: .seconds(60)))
                try await context.withClient(configuration: patient) { client in
                    let key = FaultServer.uniqueKey()
                    let call = Task { await outcome(sink(.stream(chunks), key: key), with: client) }
                    defer { call.cancel() }
                    try await context.faults.expectCounts(key, received: 1...1, settle: .zero)
                    // 1.5 MiB have gone out, and the sequence waits in its next `next()`.
                    try await waitUntil("the sequence stalled after 1.5 MiB") { chunks.reads.get() > 24 }
                    let cancelled = ContinuousClock.now
                    call.cancel()
                    let error = try #require(await call.value.failure)
                    #expect(error.kind == .cancelled, "\(error)")
                    #expect(ContinuousClock.now - cancelled < .seconds(15))
                    // The sequence is not read any more: at most a read already under way ends.
                    let reads = chunks.reads.get()
                    try await Task.sleep(for: .milliseconds(500))
                    #expect(chunks.reads.get() <= reads + 1)
                    #expect(try await context.faults.counts(key).complete == 0)
                    // The `next()` the sequence was waiting in is cancelled, not left running.
                    try await waitUntil("the stalled read was cancelled") {
                        chunks.cancelledStalls.get() == 1
                    }
                }
            },
        ]
    }
#endif
