import Courier
import CourierOpenAPI
import CourierTesting
import Foundation
import HTTPTypes
import OpenAPIRuntime
import Testing

@Suite struct CourierClientTransportRequestTests {
    static let server = URL(string: "https://api.example.com")!

    static func transport(_ wire: Wire, baseURL: BaseURL = BaseURL("https://api.example.com"))
        -> CourierClientTransport
    {
        CourierClientTransport(client: Courier.Client(baseURL: baseURL, transport: wire.transport))
    }

    @Test func theMethodPathAndQueryAreSentAsTheGeneratedClientEncodedThem() async throws {
        let wire = Wire(answering: RawResponse(status: .noContent))
        let request = HTTPRequest(
            method: .delete, scheme: nil, authority: nil,
            path: "/v1/notes/a%2Fb%20c?tag=x%2By&q=a+b&empty=&tag=z")
        _ = try await Self.transport(wire).send(
            request, body: nil, baseURL: Self.server, operationID: "deleteNote")
        let sent = try #require(await wire.sent.first)
        #expect(sent.method == .delete)
        #expect(sent.url == "https://api.example.com/v1/notes/a%2Fb%20c?tag=x%2By&q=a+b&empty=&tag=z")
        #expect(sent.body == nil)
    }

    @Test func aServerURLWithAPathPrefixesTheRequestPathOnce() async throws {
        let wire = Wire(answering: RawResponse(status: .noContent))
        let transport = Self.transport(wire, baseURL: BaseURL("https://api.example.com/api"))
        let request = HTTPRequest(method: .get, scheme: nil, authority: nil, path: "/v1/todos")
        for base in ["https://api.example.com/api", "https://api.example.com/api/"] {
            _ = try await transport.send(request, body: nil, baseURL: URL(string: base)!, operationID: "list")
        }
        #expect(
            await wire.sent.map(\.url) == Array(repeating: "https://api.example.com/api/v1/todos", count: 2))
    }

    @Test func headerFieldsAreSentInOrderWithDuplicatesButNotTheFramingOnes() async throws {
        let wire = Wire(answering: RawResponse(status: .noContent))
        var request = HTTPRequest(method: .put, scheme: nil, authority: nil, path: "/v1/notes/7")
        request.headerFields = HTTPFields([
            HTTPField(name: HTTPField.Name("X-Trace")!, value: "t-1"),
            HTTPField(name: .contentType, value: "application/json; charset=utf-8"),
            HTTPField(name: .contentLength, value: "999"),
            HTTPField(name: .transferEncoding, value: "chunked"),
            HTTPField(name: .connection, value: "close"),
            HTTPField(name: HTTPField.Name("Host")!, value: "elsewhere.example.com"),
            HTTPField(name: HTTPField.Name("X-Trace")!, value: "t-2"),
        ])
        _ = try await Self.transport(wire).send(
            request, body: HTTPBody(#"{"text":"hi"}"#), baseURL: Self.server, operationID: "putNote")
        let sent = try #require(await wire.sent.first)
        #expect(sent.headers.values(for: HeaderName("X-Trace")) == ["t-1", "t-2"])
        #expect(sent.headers.values(for: .contentType) == ["application/json; charset=utf-8"])
        for framing: HeaderName in [.contentLength, .transferEncoding, .connection, .host] {
            #expect(!sent.headers.contains(framing), "\(framing) was sent")
        }
        #expect(sent.body == Data(#"{"text":"hi"}"#.utf8))
        #expect(sent.isStreamed == false)
    }

    @Test func aFieldThatMustNotBeIndexedIsSecretToCourier() async throws {
        let wire = Wire(answering: RawResponse(status: .noContent))
        var request = HTTPRequest(method: .get, scheme: nil, authority: nil, path: "/v1/me")
        var key = HTTPField(name: HTTPField.Name("X-Key")!, value: "k-123")
        key.indexingStrategy = .disallow
        request.headerFields = HTTPFields([key, HTTPField(name: HTTPField.Name("X-Plain")!, value: "p")])
        _ = try await Self.transport(wire).send(request, body: nil, baseURL: Self.server, operationID: "me")
        let sent = try #require(await wire.sent.first)
        #expect(sent.headers.first { $0.name == HeaderName("X-Key") }?.isSecret == true)
        #expect(sent.headers.first { $0.name == HeaderName("X-Plain") }?.isSecret == false)
    }

    @Test func aBodyWithoutAContentTypeIsSentAsOctetStream() async throws {
        let wire = Wire(answering: RawResponse(status: .noContent))
        let request = HTTPRequest(method: .post, scheme: nil, authority: nil, path: "/v1/blobs")
        _ = try await Self.transport(wire).send(
            request, body: HTTPBody([1, 2, 3]), baseURL: Self.server, operationID: "upload")
        let sent = try #require(await wire.sent.first)
        #expect(sent.headers[.contentType] == "application/octet-stream")
        #expect(sent.body == Data([1, 2, 3]))
    }

    /// A body read once is held in memory when it says a length within the limit, so that a
    /// transport that cannot stream sends it too; otherwise it is streamed with its length.
    @Test func aBodyReadOnceIsHeldWhenItsLengthFitsAndStreamedOtherwise() async throws {
        let wire = Wire(answering: RawResponse(status: .noContent))
        let transport = CourierClientTransport(
            client: Courier.Client(baseURL: BaseURL("https://api.example.com"), transport: wire.transport),
            replayableBodyLimit: 4)
        let request = HTTPRequest(method: .post, scheme: nil, authority: nil, path: "/v1/blobs")
        for (chunks, length) in [
            (["ab", "cd"], HTTPBody.Length.known(4)), (["ab", "cde"], .known(5)), (["ab"], .unknown),
        ] {
            let body = HTTPBody(Self.chunks(chunks), length: length, iterationBehavior: .single)
            _ = try await transport.send(request, body: body, baseURL: Self.server, operationID: "upload")
        }
        #expect(await wire.sent.map(\.isStreamed) == [false, true, true])
        #expect(await wire.sent.map(\.body) == [Data("abcd".utf8), Data("abcde".utf8), Data("ab".utf8)])
    }

    /// The tests that write temporary body files, one at a time: one of them counts the files
    /// left in the temporary directory.
    @Suite(.serialized) struct Spooling {
        /// Over `URLSessionTransport`, which sends no body streamed from a sequence, a body within the
        /// limit is held in memory and one past it is written to a temporary file, sent from it and
        /// removed when the call ends: whether read once or not, of a known length or not. A
        /// middleware answers, so nothing leaves the process.
        @Test func overURLSessionTransportABodyIsHeldInMemoryOrInATemporaryFile() async throws {
            let bodies = Bodies()
            let transport = CourierClientTransport(
                client: Courier.Client(
                    baseURL: BaseURL("https://api.example.com"), transport: URLSessionTransport(),
                    middleware: [bodies]),
                replayableBodyLimit: 3)
            let request = HTTPRequest(method: .post, scheme: nil, authority: nil, path: "/v1/blobs")
            for body in [
                HTTPBody("abc"),
                HTTPBody("abcd"),
                HTTPBody(
                    RepeatableChunks(["ab", "cd", "e"]), length: .unknown, iterationBehavior: .multiple),
                HTTPBody(
                    CourierClientTransportRequestTests.chunks(["ab", "cd"]), length: .unknown,
                    iterationBehavior: .single),
                HTTPBody(
                    CourierClientTransportRequestTests.chunks(["ab", "cd"]), length: .known(4),
                    iterationBehavior: .single),
            ] {
                let (response, _) = try await transport.send(
                    request, body: body, baseURL: CourierClientTransportRequestTests.server,
                    operationID: "upload")
                #expect(response.status == .noContent)
            }
            let seen = await bodies.seen
            #expect(seen.map(\.bytes) == ["abc", "abcd", "abcde", "abcd", "abcd"].map { Data($0.utf8) })
            #expect(seen.map { $0.file != nil } == [false, true, true, true, true])
            for file in seen.compactMap(\.file) {
                #expect(!FileManager.default.fileExists(atPath: file.path))
            }
        }

        /// A body past the limit over `URLSessionTransport` that is not its declared length is
        /// refused before sending, and its temporary file removed.
        @Test func aSpooledBodyOfTheWrongLengthIsRefusedAndRemoved() async throws {
            let bodies = Bodies()
            let transport = CourierClientTransport(
                client: Courier.Client(
                    baseURL: BaseURL("https://api.example.com"), transport: URLSessionTransport(),
                    middleware: [bodies]),
                replayableBodyLimit: 1)
            let request = HTTPRequest(method: .post, scheme: nil, authority: nil, path: "/v1/blobs")
            let before = try FileManager.default.contentsOfDirectory(atPath: NSTemporaryDirectory())
                .filter { $0.hasPrefix("courier-openapi-body-") }
            let error = try await #require(throws: CourierError.self) {
                _ = try await transport.send(
                    request,
                    body: HTTPBody(
                        CourierClientTransportRequestTests.chunks(["ab", "cd"]), length: .known(9),
                        iterationBehavior: .single),
                    baseURL: CourierClientTransportRequestTests.server, operationID: "upload")
            }
            #expect(error.kind == .streamedBodyLengthMismatch)
            #expect(
                error.message == "The request body yielded 4 bytes, not its declared 9; nothing was sent.")
            #expect(await bodies.seen.isEmpty)
            let after = try FileManager.default.contentsOfDirectory(atPath: NSTemporaryDirectory())
                .filter { $0.hasPrefix("courier-openapi-body-") }
            #expect(Set(after).isSubset(of: before), "a body file was left behind")
        }
    }

    /// Records each request's body, its bytes read while the call runs, and answers `204` without
    /// calling the rest of the chain.
    actor Bodies: Middleware {
        struct Seen: Sendable {
            let bytes: Data?
            let file: URL?
        }

        private(set) var seen: [Seen] = []

        nonisolated func intercept(_ request: EndpointRequest, baseURL: BaseURL, next: @escaping Next)
            async throws -> RawResponse
        {
            if let body = request.body {
                var file: URL?
                var bytes = Data()
                for segment in body.segments {
                    switch segment {
                    case .data(let data): bytes += data
                    case .file(let url, _):
                        file = url
                        bytes += try Data(contentsOf: url)
                    }
                }
                await record(Seen(bytes: body.stream == nil ? bytes : nil, file: file))
            }
            return RawResponse(status: .noContent)
        }

        private func record(_ seen: Seen) {
            self.seen.append(seen)
        }
    }

    /// swift-http-types splits a `Cookie` field per cookie; Courier sends one, joined with `; `.
    @Test func cookiesSplitByTheGeneratedClientAreSentAsOneField() async throws {
        let wire = Wire(answering: RawResponse(status: .noContent))
        var request = HTTPRequest(method: .get, scheme: nil, authority: nil, path: "/v1/me")
        request.headerFields[.cookie] = "session=abc; theme=dark"
        request.headerFields.append(HTTPField(name: HTTPField.Name("X-Plain")!, value: "p"))
        request.headerFields.append(HTTPField(name: .cookie, value: "lang=en"))
        #expect(request.headerFields[values: .cookie].count == 3)
        _ = try await Self.transport(wire).send(request, body: nil, baseURL: Self.server, operationID: "me")
        let sent = try #require(await wire.sent.first)
        #expect(sent.headers.values(for: .cookie) == ["session=abc; theme=dark; lang=en"])
        #expect(sent.headers.map(\.name) == [.cookie, HeaderName("X-Plain")])
    }

    /// A path value of `..` becomes a dot segment the generated client leaves as it is.
    @Test(arguments: ["/v1/notes/../admin", "/v1/notes/%2E%2e", "/v1/./notes", "/v1/notes/..?q=1"])
    func aDotSegmentIsRefusedBeforeSending(path: String) async throws {
        let wire = Wire(answering: RawResponse(status: .noContent))
        let request = HTTPRequest(method: .get, scheme: nil, authority: nil, path: path)
        let error = try await #require(throws: CourierError.self) {
            _ = try await Self.transport(wire).send(
                request, body: nil, baseURL: Self.server, operationID: "note")
        }
        #expect(error.kind == .invalidPathSegment)
        #expect(await wire.sent.isEmpty)
    }

    /// A task cancelled while its body is read into memory fails as cancelled.
    @Test func cancellingWhileTheBodyIsReadIsCancellation() async throws {
        let wire = Wire(answering: RawResponse(status: .noContent))
        let request = HTTPRequest(method: .put, scheme: nil, authority: nil, path: "/v1/blobs")
        let (stream, continuation) = AsyncStream<HTTPBody.ByteChunk>.makeStream()
        continuation.yield(ArraySlice("ab".utf8))
        let body = HTTPBody(stream, length: .known(4), iterationBehavior: .single)
        let transport = Self.transport(wire)
        let call = Task {
            try await transport.send(request, body: body, baseURL: Self.server, operationID: "upload")
        }
        call.cancel()
        continuation.finish()
        let error = try await #require(throws: CourierError.self) { _ = try await call.value }
        #expect(error.kind == .cancelled)
        #expect(await wire.sent.isEmpty)
    }

    @Test func aBodyOverTheReplayableLimitIsStreamed() async throws {
        let wire = Wire(answering: RawResponse(status: .noContent))
        let transport = CourierClientTransport(
            client: Courier.Client(baseURL: BaseURL("https://api.example.com"), transport: wire.transport),
            replayableBodyLimit: 3)
        let request = HTTPRequest(method: .post, scheme: nil, authority: nil, path: "/v1/blobs")
        _ = try await transport.send(
            request, body: HTTPBody("abcd"), baseURL: Self.server, operationID: "upload")
        _ = try await transport.send(
            request, body: HTTPBody("abc"), baseURL: Self.server, operationID: "upload")
        // Of unknown length: read until it yields more than the limit, then streamed anew.
        let unknown = HTTPBody(
            RepeatableChunks(["ab", "cd"]), length: .unknown, iterationBehavior: .multiple)
        _ = try await transport.send(request, body: unknown, baseURL: Self.server, operationID: "upload")
        #expect(await wire.sent.map(\.isStreamed) == [true, false, true])
        #expect(await wire.sent.map(\.body) == [Data("abcd".utf8), Data("abc".utf8), Data("abcd".utf8)])
    }

    @Test func aReplayableBodyShorterThanItsLengthIsRefusedBeforeSending() async throws {
        let wire = Wire(answering: RawResponse(status: .noContent))
        let request = HTTPRequest(method: .post, scheme: nil, authority: nil, path: "/v1/blobs")
        let error = try await #require(throws: CourierError.self) {
            _ = try await Self.transport(wire).send(
                request, body: HTTPBody("abcd", length: .known(10)), baseURL: Self.server,
                operationID: "upload")
        }
        #expect(error.kind == .streamedBodyLengthMismatch)
        #expect(error.message == "The request body yielded 4 bytes, not its declared 10; nothing was sent.")
        #expect(await wire.sent.isEmpty)
    }

    @Test func aReplayableBodyLongerThanItsLengthIsRefusedBeforeSending() async throws {
        let wire = Wire(answering: RawResponse(status: .noContent))
        let transport = CourierClientTransport(
            client: Courier.Client(baseURL: BaseURL("https://api.example.com"), transport: wire.transport),
            replayableBodyLimit: 3)
        let request = HTTPRequest(method: .post, scheme: nil, authority: nil, path: "/v1/blobs")
        let body = HTTPBody(RepeatableChunks(["ab", "cd"]), length: .known(2), iterationBehavior: .multiple)
        let error = try await #require(throws: CourierError.self) {
            _ = try await transport.send(request, body: body, baseURL: Self.server, operationID: "upload")
        }
        #expect(error.kind == .streamedBodyLengthMismatch)
        #expect(error.message == "The request body yielded more bytes, not its declared 2; nothing was sent.")
        #expect(await wire.sent.isEmpty)
    }

    @Test func aReplayableBodyThatFailsIsRefusedBeforeSending() async throws {
        let wire = Wire(answering: RawResponse(status: .noContent))
        let request = HTTPRequest(method: .post, scheme: nil, authority: nil, path: "/v1/blobs")
        let body = HTTPBody(FailingChunks(), length: .known(4), iterationBehavior: .multiple)
        let error = try await #require(throws: CourierError.self) {
            _ = try await Self.transport(wire).send(
                request, body: body, baseURL: Self.server, operationID: "upload")
        }
        #expect(error.kind == .streamedBodyFailed)
        #expect(error.underlying is FailingChunks.SourceFailed)
        #expect(await wire.sent.isEmpty)
    }

    @Test func aServerOfAnotherOriginThanTheClientsIsRefusedBeforeSending() async throws {
        let wire = Wire(answering: RawResponse(status: .noContent))
        var request = HTTPRequest(method: .get, scheme: nil, authority: nil, path: "/v1/me")
        request.headerFields = HTTPFields([HTTPField(name: .authorization, value: "Bearer s3cret")])
        for other in ["https://other.example.com", "http://api.example.com", "https://api.example.com:8443"] {
            let error = try await #require(throws: CourierError.self) {
                _ = try await Self.transport(wire).send(
                    request, body: nil, baseURL: URL(string: other)!, operationID: "me")
            }
            #expect(error.stage == .building)
            #expect(error.kind == .invalidBaseURL)
            #expect(error.message.contains("https://api.example.com"))
            #expect(!error.description.contains("s3cret"))
        }
        // The same origin with a base path of its own, and the default port spelled out, is the
        // client's.
        _ = try await Self.transport(wire).send(
            request, body: nil, baseURL: URL(string: "https://api.example.com:443/api")!, operationID: "me")
        let sent = try #require(await wire.sent.first)
        #expect(await wire.sent.count == 1)
        #expect(sent.url == "https://api.example.com/api/v1/me")
        #expect(sent.headers[.authorization] == "Bearer s3cret")
    }

    /// A server URL's query would end up before the operation's path: refused, with advice an
    /// OpenAPI caller can follow.
    @Test(arguments: ["https://api.example.com/v1?key=k1", "https://api.example.com/v1#top"])
    func aServerURLWithAQueryOrFragmentIsRefusedBeforeSending(server: String) async throws {
        let wire = Wire(answering: RawResponse(status: .noContent))
        let request = HTTPRequest(method: .get, scheme: nil, authority: nil, path: "/pets")
        let error = try await #require(throws: CourierError.self) {
            _ = try await Self.transport(wire).send(
                request, body: nil, baseURL: URL(string: server)!, operationID: "pets")
        }
        #expect(error.kind == .invalidBaseURL)
        #expect(error.message.contains("ClientDefaults.setQuery"))
        #expect(!error.message.contains("declare query parameters with Query"))
        #expect(await wire.sent.isEmpty)
    }

    @Test func aRequestWithoutAPathIsRefusedBeforeSending() async throws {
        let wire = Wire(answering: RawResponse(status: .noContent))
        let request = HTTPRequest(method: .connect, scheme: nil, authority: "example.com:443", path: nil)
        let error = try await #require(throws: CourierError.self) {
            _ = try await Self.transport(wire).send(
                request, body: nil, baseURL: Self.server, operationID: "tunnel")
        }
        #expect(error.stage == .building)
        #expect(error.kind == .invalidBaseURL)
        #expect(await wire.sent.isEmpty)
    }

    @Test func aFieldCourierRefusesFailsTheCallBeforeSending() async throws {
        let wire = Wire(answering: RawResponse(status: .noContent))
        var request = HTTPRequest(method: .get, scheme: nil, authority: nil, path: "/v1/me")
        // A C1 control: swift-http-types keeps it as obs-text, Courier refuses it.
        request.headerFields = HTTPFields([HTTPField(name: HTTPField.Name("X-Control")!, value: "a\u{85}b")])
        let error = try await #require(throws: CourierError.self) {
            _ = try await Self.transport(wire).send(
                request, body: nil, baseURL: Self.server, operationID: "me")
        }
        #expect(error.kind == .invalidHeaderValue)
        #expect(await wire.sent.isEmpty)
    }

    /// A sequence of the chunks of `texts`, read once.
    static func chunks(_ texts: [String]) -> AsyncStream<HTTPBody.ByteChunk> {
        AsyncStream { continuation in
            for text in texts { continuation.yield(HTTPBody.ByteChunk(text.utf8)) }
            continuation.finish()
        }
    }
}

/// A body source that yields the same chunks each time it is read.
struct RepeatableChunks: AsyncSequence, Sendable {
    typealias Element = HTTPBody.ByteChunk
    let texts: [String]

    init(_ texts: [String]) {
        self.texts = texts
    }

    func makeAsyncIterator() -> Iterator {
        Iterator(texts: texts[...])
    }

    struct Iterator: AsyncIteratorProtocol {
        var texts: ArraySlice<String>

        mutating func next() async -> HTTPBody.ByteChunk? {
            texts.popFirst().map { HTTPBody.ByteChunk($0.utf8) }
        }
    }
}

/// A body source that fails at its first chunk, however often it is read.
struct FailingChunks: AsyncSequence, Sendable {
    typealias Element = HTTPBody.ByteChunk

    struct SourceFailed: Error {}

    func makeAsyncIterator() -> Iterator { Iterator() }

    struct Iterator: AsyncIteratorProtocol {
        mutating func next() async throws -> HTTPBody.ByteChunk? { throw SourceFailed() }
    }
}
