import Courier
import CourierTestSupport
import CourierTesting
import Foundation
import Testing

/// A sequence of `Data` that counts the iterators made over it, and can throw after some chunks.
private struct CountedChunks: AsyncSequence, Sendable {
    typealias Element = Data

    struct ProducerError: Error, Equatable {}

    let chunks: [Data]
    var throwsAfter: Int?
    let iterators = LockedBox(0)

    init(_ texts: String..., throwsAfter: Int? = nil) {
        chunks = texts.map { Data($0.utf8) }
        self.throwsAfter = throwsAfter
    }

    func makeAsyncIterator() -> Iterator {
        iterators.withLock { $0 += 1 }
        return Iterator(chunks: chunks, throwsAfter: throwsAfter)
    }

    struct Iterator: AsyncIteratorProtocol {
        let chunks: [Data]
        let throwsAfter: Int?
        var index = 0

        mutating func next() async throws -> Data? {
            if let throwsAfter, index == throwsAfter { throw ProducerError() }
            guard index < chunks.count else { return nil }
            defer { index += 1 }
            return chunks[index]
        }
    }
}

private func upload(_ body: Body) -> Endpoint<String, Never> {
    Endpoint<String, Never> {
        Method.put
        Path("uploads")
        body
    }
}

/// Reads every chunk, as a streaming transport would, and answers with the bytes it read.
private func collecting(calls: LockedBox<Int> = LockedBox(0)) -> StubTransport {
    StubTransport { request in
        calls.withLock { $0 += 1 }
        let bytes = try await request.body?.stream?.collect() ?? Data()
        return RawResponse(status: .ok, body: bytes, url: request.url)
    }
}

/// A sequence that holds `owner`, though its iterators do not.
private struct OwnedChunks: AsyncSequence, Sendable {
    typealias Element = Data

    final class Owner: Sendable {}

    let owner: Owner

    func makeAsyncIterator() -> AsyncStream<Data>.Iterator {
        AsyncStream<Data> { $0.finish() }.makeAsyncIterator()
    }
}

@Suite struct RequestBodyStreamTests {
    @Test func makingTheChunksReleasesTheSequence() throws {
        weak var released: OwnedChunks.Owner?
        let stream: RequestBodyStream
        do {
            let owner = OwnedChunks.Owner()
            released = owner
            stream = try RequestBodyStream(OwnedChunks(owner: owner))
        }
        #expect(released != nil)
        let chunks = try stream.makeChunks()
        // The stream (and any request holding it) no longer keeps the caller's sequence.
        #expect(released == nil)
        #expect(stream.isConsumed)
        _ = chunks
    }

    @Test func aStreamedBodyHasNoSegmentsNoDataAndItsDeclaredLength() throws {
        let chunks = CountedChunks("hello")
        let request = try upload(.stream(chunks, length: 5, contentType: .plainText)).built()
        let body = try #require(request.body)
        #expect(body.stream?.length == 5)
        #expect(body.length == 5)
        #expect(body.segments.isEmpty)
        #expect(body.data == nil)
        #expect(body.isStreamed)
        #expect(request.headers[.contentType] == "text/plain; charset=utf-8")
        let unknown = try upload(.stream(chunks)).built()
        #expect(unknown.body?.stream?.length == nil)
        #expect(unknown.headers[.contentType] == "application/octet-stream")
        // Building reads nothing.
        #expect(chunks.iterators.get() == 0)
        #expect(body.stream?.isConsumed == false)
    }

    @Test func aNegativeLengthFailsWhenTheRequestIsBuilt() {
        expectCourierError(.bodyEncodingFailed, stage: .building) {
            try upload(.stream(CountedChunks("x"), length: -1)).built()
        }
    }

    @Test func aStreamMadeDirectlyRefusesANegativeLengthBeforeReadingAnything() throws {
        let chunks = CountedChunks("x")
        let error = #expect(throws: CourierError.self) { try RequestBodyStream(chunks, length: -1) }
        #expect(error?.kind == .bodyEncodingFailed)
        #expect(error?.stage == .building)
        #expect(error?.message == "A streamed body's length cannot be negative, as -1 is.")
        #expect(chunks.iterators.get() == 0)
        #expect(try RequestBodyStream(chunks, length: 0).length == 0)
    }

    @Test func requestsAreEqualWhenTheyShareOneStream() throws {
        let shared = Body.stream(CountedChunks("a"))
        let first = try upload(shared).built()
        let second = try upload(shared).built()
        #expect(first == second)
        #expect(Set([first, second]).count == 1)
        // The same bytes from another declaration are another stream.
        let other = try upload(.stream(CountedChunks("a"))).built()
        #expect(first != other)
        #expect(first.body?.stream != other.body?.stream)
    }

    @Test func renderingsShowAPlaceholderAndNeverReadTheStream() throws {
        let chunks = CountedChunks("secret-bytes")
        let chunked = try upload(.stream(chunks)).built()
        let known = try upload(.stream(chunks, length: 12)).built()
        #expect(
            try chunked.http1Text(baseURL: exampleBase)
                == "PUT /uploads HTTP/1.1\r\nHost: api.example.com\r\nContent-Type: application/octet-stream\r\n"
                + "Transfer-Encoding: chunked\r\n\r\n<streamed body>")
        #expect(
            try known.http1Text(baseURL: exampleBase)
                == "PUT /uploads HTTP/1.1\r\nHost: api.example.com\r\nContent-Type: application/octet-stream\r\n"
                + "Content-Length: 12\r\n\r\n<streamed body: 12 bytes>")
        #expect(
            try chunked.curlCommand(baseURL: exampleBase)
                == "curl -X 'PUT' 'https://api.example.com/uploads' -H 'Content-Type: application/octet-stream' "
                + "-H 'Transfer-Encoding: chunked' --data-binary @- # <streamed body>")
        #expect(
            try known.curlCommand(baseURL: exampleBase).hasSuffix(
                "--data-binary @- # <streamed body: 12 bytes>"))
        var dumped = ""
        dump(chunked, to: &dumped)
        #expect(!dumped.contains("secret"))
        #expect("\(chunked)".contains("secret") == false)
        #expect(chunks.iterators.get() == 0)
        #expect(chunked.body?.stream?.isConsumed == false)
    }

    @Test func theStreamIsHandedOutOnce() async throws {
        let stream = try RequestBodyStream(CountedChunks("a", "b"))
        let chunks = try stream.makeChunks()
        #expect(stream.isConsumed)
        expectCourierError(.streamedBodyAlreadySent, stage: .transport) { try stream.makeChunks() }
        var read = Data()
        for try await chunk in chunks { read.append(chunk) }
        #expect(read == Data("ab".utf8))
        // The chunks themselves can be iterated once too.
        await expectCourierError(.streamedBodyAlreadySent) {
            for try await _ in chunks {}
        }
    }

    @Test func emptyChunksAreSkipped() async throws {
        let stream = try RequestBodyStream(CountedChunks("", "a", "", "b", ""), length: 2)
        var read: [Data] = []
        for try await chunk in try stream.makeChunks() { read.append(chunk) }
        #expect(read == [Data("a".utf8), Data("b".utf8)])
    }

    @Test func moreBytesThanDeclaredFailBeforeTheExcessIsYielded() async throws {
        let stream = try RequestBodyStream(CountedChunks("abc", "def"), length: 4)
        var iterator = try stream.makeChunks().makeAsyncIterator()
        #expect(try await iterator.next() == Data("abc".utf8))
        let error = await #expect(throws: CourierError.self) { try await iterator.next() }
        #expect(error?.kind == .streamedBodyLengthMismatch)
        #expect(
            error?.message
                == "The streamed body yielded more than its declared 4 bytes; the request was not completed.")
    }

    @Test func bytesAfterExactlyTheLengthFailBeforeTheCompletingChunkIsYielded() async throws {
        let stream = try RequestBodyStream(CountedChunks("abcd", "", "e"), length: 4)
        var iterator = try stream.makeChunks().makeAsyncIterator()
        let error = await #expect(throws: CourierError.self) { try await iterator.next() }
        #expect(error?.kind == .streamedBodyLengthMismatch)
        #expect(
            error?.message
                == "The streamed body yielded more than its declared 4 bytes; the request was not completed.")
    }

    @Test func aSequenceEndingAtExactlyTheLengthEndsAfterItsLastChunk() async throws {
        let stream = try RequestBodyStream(CountedChunks("ab", "cd", ""), length: 4)
        var iterator = try stream.makeChunks().makeAsyncIterator()
        #expect(try await iterator.next() == Data("ab".utf8))
        #expect(try await iterator.next() == Data("cd".utf8))
        #expect(try await iterator.next() == nil)
        #expect(try await iterator.next() == nil)
    }

    @Test func anErrorAfterExactlyTheLengthFailsTheCompletingChunk() async throws {
        let stream = try RequestBodyStream(CountedChunks("abcd", throwsAfter: 1), length: 4)
        var iterator = try stream.makeChunks().makeAsyncIterator()
        let error = await #expect(throws: CourierError.self) { try await iterator.next() }
        #expect(error?.kind == .streamedBodyFailed)
    }

    @Test func fewerBytesThanDeclaredFailAtTheEnd() async throws {
        let stream = try RequestBodyStream(CountedChunks("abc"), length: 4)
        await expectCourierError(.streamedBodyLengthMismatch, stage: .transport) {
            try await stream.collect()
        }
    }

    @Test func theSequencesErrorIsCarried() async throws {
        let stream = try RequestBodyStream(CountedChunks("a", "b", throwsAfter: 1))
        let error = await #expect(throws: CourierError.self) { try await stream.collect() }
        #expect(error?.kind == .streamedBodyFailed)
        #expect(error?.underlying is CountedChunks.ProducerError)
    }

    @Test func collectStopsAtItsLimit() async throws {
        let stream = try RequestBodyStream(CountedChunks("abc", "def"))
        await expectCourierError(.streamedBodyFailed) { try await stream.collect(limit: 4) }
    }

    @Test func synchronousReadsFailInsteadOfSeeingAnEmptyBody() throws {
        let body = try #require(try upload(.stream(CountedChunks("a"))).built().body)
        expectCourierError(.streamedBodyUnsupported) { try body.collectData() }
        let input = body.makeInputStream()
        input.open()
        defer { input.close() }
        #expect(input.hasBytesAvailable)
        var byte: UInt8 = 0
        #expect(input.read(&byte, maxLength: 1) == -1)
        #expect((input.streamError as? CourierError)?.kind == .streamedBodyUnsupported)
    }

    @Test func aSecondSendOfTheSameRequestFailsBeforeTheTransport() async throws {
        let calls = LockedBox(0)
        let client = Client(baseURL: exampleBase, transport: collecting(calls: calls))
        let endpoint = upload(.stream(CountedChunks("one ", "two")))
        #expect(try await client.value(endpoint) == "one two")
        await expectCourierError(.streamedBodyAlreadySent) { try await client.value(endpoint) }
        #expect(calls.get() == 2)
    }

    @Test func retriesLeaveAStreamedBodyAlone() async throws {
        let calls = LockedBox(0)
        let transport = StubTransport { request in
            calls.withLock { $0 += 1 }
            _ = try await request.body?.stream?.collect()
            throw CourierError(stage: .transport, kind: .connectionLost, message: "Lost.")
        }
        let client = Client(baseURL: exampleBase, transport: transport, middleware: [RetryMiddleware()])
        // A PUT is idempotent: with an in-memory body it would be retried.
        await expectCourierError(.connectionLost) {
            try await client.value(upload(.stream(CountedChunks("a"))))
        }
        #expect(calls.get() == 1)
    }

    @Test(arguments: [307, 308])
    func aRedirectKeepingTheBodyFailsWithTheResponse(status: Int) async throws {
        let recorder = RecordingTransport(
            answeringWith: StubTransport { request in
                _ = try await request.body?.stream?.collect()
                return RawResponse(
                    status: HTTPStatus(status),
                    headers: [HeaderField(name: .location, value: "/elsewhere")], url: request.url)
            })
        let client = Client(baseURL: exampleBase, transport: recorder)
        let error = await #expect(throws: CourierError.self) {
            try await client.value(upload(.stream(CountedChunks("a"))))
        }
        #expect(error?.kind == .streamedBodyAlreadySent)
        #expect(error?.response?.status == HTTPStatus(status))
        #expect(await recorder.requests.count == 1)
    }

    @Test func aSeeOtherRedirectIsFollowedWithoutTheBody() async throws {
        let recorder = RecordingTransport(
            answeringWith: StubTransport { request in
                if request.url.path == "/uploads" {
                    _ = try await request.body?.stream?.collect()
                    return RawResponse(
                        status: HTTPStatus(303), headers: [HeaderField(name: .location, value: "/done")],
                        url: request.url)
                }
                return RawResponse(status: .ok, body: Data(request.method.rawValue.utf8), url: request.url)
            })
        let client = Client(baseURL: exampleBase, transport: recorder)
        #expect(try await client.value(upload(.stream(CountedChunks("a")))) == "GET")
        #expect(await recorder.requests.last?.body == nil)
    }

    @Test func urlSessionTransportRefusesBeforeSendingAnything() async throws {
        // Port 9 (discard) on loopback: were anything sent, it would fail otherwise.
        let client = Client(baseURL: BaseURL("http://127.0.0.1:9"), transport: URLSessionTransport())
        let chunks = CountedChunks("a")
        let error = await #expect(throws: CourierError.self) {
            try await client.value(upload(.stream(chunks)))
        }
        #expect(error?.kind == .streamedBodyUnsupported)
        #expect(error?.message.contains("AsyncHTTPClientTransport") == true)
        #expect(chunks.iterators.get() == 0)
    }

    @Test func aMockReadsTheStreamAndKeepsItsBytes() async throws {
        let mocks = MockTransport()
        let client = Client(baseURL: exampleBase, transport: mocks)
        let endpoint = upload(.stream(CountedChunks("ab", "cd"), length: 4))
        try await mocks.stub(endpoint, for: client, with: .success("stored"))
        #expect(try await client.value(endpoint) == "stored")
        #expect(mocks.streamedBodies == [Data("abcd".utf8)])
        try mocks.verifyAllUsed()
    }

    @Test func metricsCountTheChunksHandedToTheTransportNotTheDeclaredLength() async throws {
        let mocks = MockTransport()
        let observer = CapturingMetricsObserver()
        let client = Client(
            baseURL: exampleBase, transport: mocks, middleware: [MetricsMiddleware(observer: observer)])
        let chunked = upload(.stream(CountedChunks("ab", "cde")))
        try await mocks.stub(chunked, for: client, with: .success("stored"))
        #expect(try await client.value(chunked) == "stored")
        // Sent chunked, without a length: the bytes the sequence yielded, not 0.
        #expect(observer.reports.map(\.bytesSent) == [5])

        let short = upload(.stream(CountedChunks("ab"), length: 4))
        try await mocks.stub(short, for: client, with: .success("stored"))
        await expectCourierError(.streamedBodyLengthMismatch) { try await client.value(short) }
        // Ended short: the 2 bytes handed out, not the 4 declared.
        #expect(observer.reports.map(\.bytesSent) == [5, 2])
    }

    @Test func aMockFailsAShortStreamLikeATransport() async throws {
        let mocks = MockTransport()
        let client = Client(baseURL: exampleBase, transport: mocks)
        let endpoint = upload(.stream(CountedChunks("ab"), length: 4))
        try await mocks.stub(endpoint, for: client, with: .success("stored"))
        await expectCourierError(.streamedBodyLengthMismatch) { try await client.value(endpoint) }
        #expect(mocks.streamedBodies.isEmpty)
    }
}
