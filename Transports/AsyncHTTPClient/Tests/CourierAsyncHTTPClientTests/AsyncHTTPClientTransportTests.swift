import AsyncHTTPClient
import Courier
import CourierAsyncHTTPClient
import Foundation
import Testing

/// The AsyncHTTPClient transport against the fault-injecting server: every fault ends in exactly
/// one typed outcome, partial bodies are never successes, and a request that is not idempotent
/// reaches the server exactly once.
///
/// No outcome is timed against a tight wall-clock bound: the timeout tests tell which timeout
/// ended a request by its message, against faults that last 30 s, with limits of 1 s.
@Suite(.enabled(if: FaultServer.isAvailable, FaultServer.skipReason), .timeLimit(.minutes(1)))
struct AsyncHTTPClientTransportTests {
    let server: FaultServer

    init() throws {
        server = try FaultServer.current()
    }

    // MARK: Round trips

    @Test func aGetAndAPostRoundTripThroughAClient() async throws {
        try await withAsyncHTTPClient(server) { client, _ in
            let key = FaultServer.uniqueKey()
            let get = try await outcome(bytes("ok", key: key, [("size", "300000")]), with: client).get()
            #expect(get.value == FaultServer.pattern(300_000))
            let post = Endpoint<SinkReport, Never> {
                Method(.post)
                Path("upload-sink")
                Header("X-Count-Key", key)
                Body.data(FaultServer.pattern(100_000))
            }
            let report = try await client.value(post)
            #expect(report.size == 100_000)
            #expect(report.sha256 == SHA256.hex(of: FaultServer.pattern(100_000)))
            try await server.expectCounts(key, received: 2...2)
        }
    }

    @Test func aFileBodyIsStreamedWithItsLength() async throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("courier-ahc-\(UUID()).bin")
        let size = 3 * 1024 * 1024 + 5
        try FaultServer.pattern(size).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        try await withAsyncHTTPClient(server) { client, _ in
            let key = FaultServer.uniqueKey()
            let upload = Endpoint<SinkReport, Never> {
                Method(.put)
                Path("upload-sink")
                Header("X-Count-Key", key)
                Body.file(file)
            }
            let transfer = client.transfer(upload)
            var reports: [TransferProgress] = []
            for await progress in transfer.progress { reports.append(progress) }
            let report = try #require(try await transfer.value.value)
            #expect(report.size == size)
            #expect(report.sha256 == SHA256.hex(of: FaultServer.pattern(size)))
            let counted = try await server.counts(key)
            #expect(counted.requests.first?.header("Content-Length") == "\(size)")
            let uploads = reports.filter { $0.direction == .upload }
            #expect(uploads.count > 1)
            #expect(
                uploads.last
                    == TransferProgress(
                        direction: .upload, completedBytes: Int64(size), expectedBytes: Int64(size)))
        }
    }

    @Test func aDownloadIsWrittenToItsFileByteForByte() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("courier-ahc-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        try await withAsyncHTTPClient(server) { client, _ in
            let size = 3 * 1024 * 1024 + 17
            let destination = directory.appendingPathComponent("body.bin")
            let response = try await client.download(
                bytes("download", key: FaultServer.uniqueKey(), [("size", "\(size)")]), to: destination)
            #expect(response.value == destination)
            #expect(try Data(contentsOf: destination) == FaultServer.pattern(size))
            let partial = directory.appendingPathComponent("partial.bin")
            let error = await #expect(throws: CourierError.self) {
                _ = try await client.download(
                    bytes("truncate", key: FaultServer.uniqueKey(), [("size", "100000"), ("send", "40000")]),
                    to: partial)
            }
            #expect(error?.kind == .truncatedResponse)
            #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["body.bin"])
        }
    }

    @Test func aSharedHTTPClientIsUsedAndLeftRunning() async throws {
        let httpClient = HTTPClient(configuration: AsyncHTTPClientTransport.configuration())
        let transport = AsyncHTTPClientTransport(httpClient: httpClient)
        let client = Client(baseURL: server.primary, transport: transport)
        let first = try await client.value(bytes("ok", key: FaultServer.uniqueKey()))
        try await transport.shutdown()
        let second = try await client.value(bytes("ok", key: FaultServer.uniqueKey()))
        #expect(first == FaultServer.pattern(16) && second == first)
        try await httpClient.shutdown()
    }

    @Test func aRefusedConnectionCannotConnect() async throws {
        // The fault server listens on 127.0.0.1 and 127.0.0.2 only; the same port on 127.0.0.3
        // refuses.
        let port = try #require(server.primary.port)
        let transport = AsyncHTTPClientTransport()
        let client = Client(
            baseURL: try BaseURL(validating: "http://127.0.0.3:\(port)"), transport: transport)
        let error = try #require(
            await outcome(bytes("ok", key: FaultServer.uniqueKey()), with: client).failure)
        #expect(error.kind == .cannotConnect, "\(error)")
        #expect(error.message == "Could not connect to the server: the connection was refused.")
        try await transport.shutdown()
    }

    // MARK: Redirects

    @Test func redirectsAreFollowedByCourierNotByAsyncHTTPClient() async throws {
        try await withAsyncHTTPClient(server) { client, _ in
            let short = try await outcome(
                bytes("redirect/chain", key: FaultServer.uniqueKey(), [("n", "3")]), with: client
            )
            .get()
            #expect(short.value == FaultServer.pattern(16))
            // Courier's cycle detection, in Courier's words (AsyncHTTPClient's would be its own error).
            let loop = try #require(
                await outcome(bytes("redirect/loop", key: FaultServer.uniqueKey()), with: client).failure)
            #expect(loop.kind == .tooManyRedirects)
            #expect(loop.message.contains("cycle"), "\(loop.message)")
            let file = try #require(
                await outcome(bytes("redirect/file", key: FaultServer.uniqueKey()), with: client).failure)
            #expect(file.kind == .unsupportedRedirect)
        }
    }

    // MARK: Framing

    @Test func aTruncatedBodyIsATruncatedResponse() async throws {
        try await withAsyncHTTPClient(server) { client, _ in
            let key = FaultServer.uniqueKey()
            let error = try #require(
                await outcome(bytes("truncate", key: key, [("size", "1000"), ("send", "400")]), with: client)
                    .failure)
            #expect(error.kind == .truncatedResponse, "\(error)")
            #expect(error.underlying != nil)
            try await server.expectCounts(key, received: 1...1)
        }
    }

    @Test func aResetMidBodyIsATruncatedResponse() async throws {
        try await withAsyncHTTPClient(server) { client, _ in
            let key = FaultServer.uniqueKey()
            let error = try #require(
                await outcome(bytes("reset", key: key, [("size", "100000"), ("send", "1000")]), with: client)
                    .failure)
            #expect(error.kind == .truncatedResponse, "\(error)")
            try await server.expectCounts(key, received: 1...1)
        }
    }

    @Test func aHeadResponseHasItsLengthButNoBody() async throws {
        try await withAsyncHTTPClient(server) { client, _ in
            let response = try await outcome(
                bytes("ok", key: FaultServer.uniqueKey(), method: .head, [("size", "5000")]), with: client
            ).get()
            #expect(response.status == .ok)
            #expect(response.headers["Content-Length"] == "5000")
            #expect(response.body.isEmpty)
        }
    }

    @Test(arguments: ["conflicting", "list"])
    func conflictingContentLengthsAreInvalidResponses(route: String) async throws {
        try await withAsyncHTTPClient(server) { client, _ in
            let key = FaultServer.uniqueKey()
            let error = try #require(
                await outcome(bytes("content-length/\(route)", key: key), with: client).failure)
            #expect(error.kind == .invalidResponse, "\(error)")
            #expect(error.message.contains("conflicting"), "\(error.message)")
            try await server.expectCounts(key, received: 1...1)
        }
    }

    @Test func aHeaderFloodIsAnInvalidResponse() async throws {
        try await withAsyncHTTPClient(server) { client, _ in
            let flood = try #require(
                await outcome(bytes("header-flood", key: FaultServer.uniqueKey()), with: client).failure)
            #expect(flood.kind == .invalidResponse, "\(flood)")
            #expect(flood.message.contains("headers"), "\(flood.message)")
        }
    }

    // MARK: Compression

    @Test func anHonestGzipBodyArrivesDecoded() async throws {
        try await withAsyncHTTPClient(server) { client, _ in
            let response = try await outcome(
                bytes("gzip", key: FaultServer.uniqueKey(), [("size", "70000")]), with: client
            ).get()
            #expect(response.value == FaultServer.pattern(70_000))
        }
    }

    @Test func aCompressedBodyDecodesUpToTheLimitOfWhereItGoes() async throws {
        let transport = AsyncHTTPClientTransport(responseLimit: 1 << 20, downloadLimit: 4 << 20)
        let client = Client(baseURL: server.primary, transport: transport)
        let destination = FileManager.default.temporaryDirectory.appendingPathComponent(
            "courier-ahc-\(UUID())")
        defer { try? FileManager.default.removeItem(at: destination) }
        let gzip = bytes("gzip", key: FaultServer.uniqueKey(), [("size", "\(3 << 20)")])
        let downloaded = try await client.download(gzip, to: destination)
        #expect(downloaded.value == destination)
        #expect(try Data(contentsOf: destination) == FaultServer.pattern(3 << 20))
        let error = try #require(await outcome(gzip, with: client).failure)
        #expect(error.kind == .responseTooLarge, "\(error)")
        try await transport.shutdown()
    }

    @Test func aBodyAnnouncedOverTheLimitIsRefusedAtItsHead() async throws {
        try await withAsyncHTTPClient(server, responseLimit: 1024 * 1024) { client, _ in
            let key = FaultServer.uniqueKey()
            let error = try #require(
                await outcome(bytes("download", key: key, [("size", "\(1 << 30)")]), with: client).failure)
            #expect(error.kind == .responseTooLarge, "\(error)")
            #expect(error.message == "The response body exceeded the limit of 1048576 bytes.")
            // The client goes on: the next request is answered.
            let next = try await client.value(bytes("ok", key: key))
            #expect(next == FaultServer.pattern(16))
        }
    }

    /// A 1 GiB bomb is refused at the 8 MiB limit and the same client answers the next request.
    /// (How little that request is slowed was measured, not asserted: wall-clock bounds do not
    /// hold on a busy machine.)
    @Test func aGigabyteGzipBombIsRefusedAtTheLimit() async throws {
        try await withAsyncHTTPClient(server, responseLimit: 8 * 1024 * 1024) { client, _ in
            let key = FaultServer.uniqueKey()
            let error = try #require(
                await outcome(bytes("gzip-bomb", key: key, [("size", "\(1 << 30)")]), with: client).failure)
            #expect(error.kind == .responseTooLarge, "\(error)")
            let next = try await client.value(bytes("json", key: key))
            #expect(next == Data(#"{"id": 42, "name": "Ada"}"#.utf8))
            try await server.expectCounts(key, received: 2...2)
        }
    }

    // MARK: Timeouts and cancellation

    @Test func aServerThatNeverAnswersHitsTheConnectTimeout() async throws {
        try await withAsyncHTTPClient(server) { client, _ in
            let key = FaultServer.uniqueKey()
            let endpoint = Endpoint<Data, Never> {
                Method(.get)
                Path("stall-headers")
                Query("seconds", "30")
                Header("X-Count-Key", key)
                Timeout(.seconds(40), connect: .seconds(1))
            }
            let error = try #require(await outcome(endpoint, with: client).failure)
            #expect(error.kind == .timedOut)
            #expect(error.message.contains("connect timeout"), "\(error.message)")
            try await server.expectCounts(key, received: 1...1)
        }
    }

    @Test func silenceBeforeTheHeadHitsTheIdleTimeoutWithoutAConnectTimeout() async throws {
        try await withAsyncHTTPClient(server) { client, _ in
            let endpoint = Endpoint<Data, Never> {
                Method(.get)
                Path("stall-headers")
                Query("seconds", "30")
                Timeout(.seconds(40), idle: .seconds(1))
            }
            let error = try #require(await outcome(endpoint, with: client).failure)
            #expect(error.kind == .timedOut)
            #expect(error.message.contains("idle timeout"), "\(error.message)")
        }
    }

    @Test func aStallMidBodyHitsTheIdleTimeout() async throws {
        try await withAsyncHTTPClient(server) { client, _ in
            let key = FaultServer.uniqueKey()
            let endpoint = Endpoint<Data, Never> {
                Method(.get)
                Path("stall-body")
                Query("size", "1000")
                Query("send", "100")
                Query("seconds", "30")
                Header("X-Count-Key", key)
                // A connect timeout longer than the stall: a watch that slept until it would see
                // the whole body arrive after 30 s instead of the idle timeout after 1 s.
                Timeout(.seconds(40), connect: .seconds(35), idle: .seconds(1))
            }
            let error = try #require(await outcome(endpoint, with: client).failure)
            #expect(error.kind == .timedOut, "\(error)")
            #expect(error.message.contains("stalled for longer than the idle timeout"), "\(error.message)")
            try await server.expectCounts(key, received: 1...1)
        }
    }

    @Test func cancellingTheCallingTaskCancelsTheRequest() async throws {
        try await withAsyncHTTPClient(server) { client, _ in
            let key = FaultServer.uniqueKey()
            let call = Task {
                await outcome(bytes("stall-headers", key: key, [("seconds", "30")]), with: client)
            }
            try await server.expectCounts(key, received: 1...1, settle: .zero)
            call.cancel()
            let error = try #require(await call.value.failure)
            #expect(error.kind == .cancelled, "\(error)")
        }
    }

    // MARK: Connections closed without an answer

    @Test(arguments: ["close-before-headers", "reset-before-headers", "drop"])
    func aPostIsSentExactlyOnceWhenTheConnectionDies(route: String) async throws {
        try await withAsyncHTTPClient(server) { client, _ in
            let key = FaultServer.uniqueKey()
            let error = try #require(
                await outcome(bytes(route, key: key, method: .post), with: client).failure)
            #expect(error.kind == .connectionLost, "\(error)")
            #expect(error.underlying != nil)
            try await server.expectCounts(key, received: 1...1)
        }
    }

    @Test func anIdempotentRequestIsSentOnceMoreWhenItsConnectionClosesUnanswered() async throws {
        try await withAsyncHTTPClient(server) { client, _ in
            let key = FaultServer.uniqueKey()
            let response = try await outcome(
                bytes("flaky-connection", key: key, [("key", key), ("fail", "1")]), with: client
            ).get()
            #expect(response.status == .ok)
            try await server.expectCounts(key, received: 2...2)
            let post = FaultServer.uniqueKey()
            let error = try #require(
                await outcome(
                    bytes("flaky-connection", key: post, method: .post, [("key", post)]), with: client
                )
                .failure)
            #expect(error.kind == .connectionLost, "\(error)")
            try await server.expectCounts(post, received: 1...1)
        }
    }

    @Test func onAWarmConnectionTheServerDropsAGetIsResentAndAPostIsNot() async throws {
        try await withAsyncHTTPClient(server) { client, _ in
            let key = FaultServer.uniqueKey()
            // One transport, one pool: the first request leaves a connection open, which the
            // server drops unanswered when it is reused.
            _ = try await outcome(bytes("drop-on-reuse", key: "warm-\(key)"), with: client).get()
            let get = try await outcome(bytes("drop-on-reuse", key: key), with: client).get()
            #expect(get.status == .ok)
            try await server.expectCounts(key, received: 2...2)
            let post = FaultServer.uniqueKey()
            _ = try await outcome(bytes("drop-on-reuse", key: "warm-\(post)"), with: client).get()
            let error = try #require(
                await outcome(bytes("drop-on-reuse", key: post, method: .post), with: client).failure)
            #expect(error.kind == .connectionLost, "\(error)")
            try await server.expectCounts(post, received: 1...1)
        }
    }
    /// The keep-alive race: the server closes a connection idle for 250 ms, and a request sent
    /// within 100 ms after that crosses the close on the wire, unanswered and uncounted. Requests
    /// go out 200–390 ms after the previous answer, so many cross it (5–6 of the 20 POSTs here;
    /// raw AsyncHTTPClient failed 15 of 80 requests against a server whose keep-alive timeout was
    /// the gap). Whether a given one does depends on timing, so only the rules are checked: no
    /// GET fails, and a POST is a typed error or one execution, never two.
    @Test func theKeepAliveRaceFailsNoGetAndExecutesNoPostTwice() async throws {
        try await withAsyncHTTPClient(server) { client, _ in
            let gets = FaultServer.uniqueKey()
            let posts = FaultServer.uniqueKey()
            var postOutcomes: [Result<EndpointResponse<Data, Never>, CourierError>] = []
            for (key, method) in [(gets, HTTPMethod.get), (posts, .post)] {
                for round in 0..<20 {
                    try await Task.sleep(for: .milliseconds(200 + round * 10))
                    let result = await outcome(
                        bytes(
                            "keep-alive-timeout", key: key, method: method,
                            [("seconds", "0.25"), ("linger", "0.1")]),
                        with: client)
                    if method == .get {
                        #expect(result.success?.status == .ok, "\(String(describing: result.failure))")
                    } else {
                        postOutcomes.append(result)
                    }
                }
            }
            try await server.expectCounts(gets, received: 20...20)
            let answered = postOutcomes.filter { $0.success != nil }.count
            for failure in postOutcomes.compactMap(\.failure) {
                #expect(failure.kind == .connectionLost, "\(failure)")
            }
            // Each POST was executed at most once: a typed error or one execution, never two.
            try await server.expectCounts(posts, received: answered...answered)
        }
    }
}
