import Courier
import CourierTestSupport
import CourierTransportConformance
import Foundation
import Testing

/// The URLSession transport against every case of the transport conformance suite, and the
/// promises it makes beyond them.
@Suite(
    .enabled(if: ConformanceCase.serversAreRunning, ConformanceCase.skipReason), .timeLimit(.minutes(2)))
struct URLSessionConformanceTests {
    /// URLSession as the suite runs it, with what libcurl on Linux does instead where it cannot
    /// comply (listed in the README's "Which transport to pick").
    static let subject = TransportUnderTest(
        name: "URLSessionTransport",
        deviations: [
            "chunkLinesEndedByABareLFAreAnInvalidResponse": .init(
                "libcurl accepts chunk lines ended by a bare LF and returns the body."),
            "aChunkSizeThatIsNotHexIsAnInvalidResponse": .init(
                "libcurl reports a malformed chunk after the head as a lost connection, so the outcome is "
                    + "truncatedResponse: typed, and never a partial success, but not invalidResponse."),
            "oneHugeHeaderIsAnInvalidResponseThatSaysSo": .init(
                "libcurl refuses a single header over 100 KiB with \"Out of memory\": invalidResponse, but a "
                    + "sentence that does not name the headers."),
            "anObsTextHeaderValueArrivesWithTheResponse": .init(
                "FoundationNetworking cannot read a header value that is not UTF-8 (\"Failed writing header\"), "
                    + "so the whole response fails as invalidResponse."),
        ]
    ) { limits in
        URLSessionTransport(responseLimit: limits.responseLimit, downloadLimit: limits.downloadLimit)
    }

    @Test(arguments: ConformanceCase.all)
    func conforms(_ check: ConformanceCase) async throws {
        try await check.run(on: Self.subject)
    }

    @Test func everyDeviationNamesACase() {
        #expect(ConformanceCase.unknownDeviations(of: Self.subject).isEmpty)
    }
}

/// What the URLSession transport promises beyond the conformance suite: a request with a body
/// goes out on a connection of its own, so a dropped keep-alive connection never fails it.
@Suite(.enabled(if: FaultServer.isAvailable, FaultServer.skipReason), .timeLimit(.minutes(1)))
struct URLSessionConnectionTests {
    let server: FaultServer
    let client: Client

    init() throws {
        server = try FaultServer.current()
        // A safety net, not a bound under test.
        client = Client(
            baseURL: server.primary, configuration: Client.Configuration(timeout: Timeout(.seconds(20))))
    }

    @Test func aPostOnAWarmKeepAliveConnectionIsAnsweredOnAConnectionOfItsOwn() async throws {
        let key = FaultServer.uniqueKey()
        let warm = try await client.send(FaultServer.bytes("drop-on-reuse", key: "warm-\(key)"))
        #expect(warm.status == .ok)
        for _ in 0..<2 {
            let post = try await client.send(FaultServer.bytes("drop-on-reuse", key: key, method: .post))
            #expect(post.status == .ok)
        }
        // Each POST went out on a connection of its own, so the server answered both and counted
        // each exactly once.
        try await server.expectCounts(key, received: 2...2)
        let counts = try await server.counts(key)
        #expect(counts.requests.allSatisfy { $0.header("Connection")?.lowercased() == "close" })
    }

    @Test func postsAreAnsweredEvenWhenTheServerIgnoresConnectionClose() async throws {
        let key = FaultServer.uniqueKey()
        // The server keeps every connection open, so only a session per request keeps libcurl
        // from reusing one (and from re-sending a request on it when it is dropped).
        for _ in 0..<3 {
            let post = try await client.send(
                FaultServer.bytes("drop-on-reuse", key: key, method: .post, [("keep_alive", "force")]))
            #expect(post.status == .ok)
        }
        try await server.expectCounts(key, received: 3...3)
    }
}
