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
    /// URLSession as the suite runs it, with what FoundationNetworking (libcurl) on Linux does
    /// instead where it cannot comply (listed in the article "Choosing a transport"). Apple's
    /// URLSession is not libcurl, and none of these is known to hold there.
    static let subject = TransportUnderTest(name: "URLSessionTransport", deviations: deviations) { limits in
        URLSessionTransport(responseLimit: limits.responseLimit, downloadLimit: limits.downloadLimit)
    }

    #if canImport(FoundationNetworking)
        static let deviations: [String: TransportUnderTest.KnownDeviation] = [
            "aChunkedBodyWithTrailerFieldsArrivesWhole": .init(
                "FoundationNetworking stops the process (\"Transfer completed, but there's no response\") "
                    + "when trailer fields follow the last chunk.", endsTheProcess: true),
            "chunkLinesEndedByABareLFAreAnInvalidResponse": .init(
                "libcurl accepts chunk lines ended by a bare LF and returns the body they frame."),
            "oneHugeHeaderIsRefusedInASentenceThatNamesTheHeaders": .init(
                "libcurl refuses a single header over 100 KiB with \"Out of memory\"."),
            "aStatusLineWithoutAReasonPhraseIsRead": .init(
                "FoundationNetworking cannot read a status line with no space after the code (\"HTTP/1.1 200\"): "
                    + "its header callback fails (\"Failed writing header\"), so the response fails as "
                    + "invalidResponse."),
            "aStatusLineNotNamingHTTPIsAnInvalidResponse": .init(
                "libcurl reads \"Http/1.1 200 OK\" as HTTP/1.1, and FoundationNetworking shows Courier only the "
                    + "status it parsed, so the response is a 200."),
            "aGzipBodyCutShortIsNeverASuccess": .init(
                "libcurl does not check that a gzip stream reached its end: the first half of one, framed "
                    + "whole by its Content-Length or by the connection's close, arrives as a 200 with the bytes "
                    + "that decoded."),
            "fieldLinesWithoutOptionalWhitespaceArrive": .init(
                "FoundationNetworking cannot read a field line without a space after its colon "
                    + "(\"Content-Type:application/json\") or a value of spaces only (\"Failed writing header\"), "
                    + "so the whole response fails as invalidResponse."),
            "aRedirectStatusWithoutALocationIsTheResponseWithItsBody": .init(
                "FoundationNetworking keeps a 301, 302, 303 or 305 to 308 without a Location it can follow from "
                    + "the delegate and drops its body, so the call fails as invalidResponse with the head in the "
                    + "error."),
            "anObsTextHeaderValueArrivesWithTheResponse": .init(
                "FoundationNetworking cannot read a header value that is not UTF-8 (\"Failed writing header\"), "
                    + "so the whole response fails as invalidResponse."),
        ].merging(tlsDeviations) { first, _ in first }

        /// Why the TLS cases that need a TLS option cannot pass: the transport refuses the option.
        static let tlsReason =
            "FoundationNetworking on Linux hands libcurl the system's CA bundle and no other root, sets no "
            + "client certificate, pinned key or TLS version on it, and delivers no server-trust or "
            + "client-certificate challenge, so the transport refuses every TLSOptions option this case needs "
            + "(unsupportedTLSOption)."

        /// The TLS cases that set a TLS option, each refused by name before anything is sent (which
        /// `aTLSOptionIsHonouredOrRefusedByNameNeverIgnored` checks).
        static let tlsDeviations: [String: TransportUnderTest.KnownDeviation] = Dictionary(
            uniqueKeysWithValues: [
                "aCustomRootIsTrusted", "aSelfSignedCertificateIsUntrustedEvenWithACustomRoot",
                "anExpiredCertificateIsTypedAsExpired", "aCertificateNotYetValidIsTypedAsExpired",
                "aChainThroughAnIntermediateIsTrustedByItsRoot", "aLeafSentWithoutItsIntermediateIsUntrusted",
                "anExpiredIntermediateIsTypedAsExpired",
                "aCertificateForAnotherHostIsTypedAsAHostnameMismatch",
                "aMatchingPinIsAccepted", "aPinMismatchIsTyped",
                "aMinimumVersionAboveTheServersFailsTheHandshake", "mutualTLSPresentsTheClientIdentity",
                "mutualTLSWithoutAnIdentityIsTypedAsRejected",
                "mutualTLSWithAnIdentityFromAnotherCAIsTypedAsRejected",
                "sequentialRequestsReuseOneTLSConnection", "requestsWithOtherTLSOptionsNeverShareAConnection",
                "http2IsNegotiatedAndReportedAndConcurrentRequestsShareAConnection",
                "aRedirectFromHTTPSToHTTPCarriesNoSecret",
            ].map { ($0, TransportUnderTest.KnownDeviation(tlsReason)) })
    #else
        static let deviations = tlsDeviations

        /// Apple's URLSession honours roots, pins and the minimum version; what remains.
        static let tlsDeviations: [String: TransportUnderTest.KnownDeviation] = [
            "mutualTLSPresentsTheClientIdentity": .init(clientIdentityReason),
            "mutualTLSWithAnIdentityFromAnotherCAIsTypedAsRejected": .init(clientIdentityReason),
            "http2IsNegotiatedAndReportedAndConcurrentRequestsShareAConnection": .init(
                "URLSessionTransport reports no HTTP version (RawResponse.httpVersion is nil)."),
        ]

        /// Why the mutual TLS cases cannot pass: the transport refuses a client identity.
        static let clientIdentityReason =
            "Making a SecIdentity from PEM needs the keychain, which Courier does not write to, so the "
            + "transport refuses TLSOptions.clientIdentity (unsupportedTLSOption); a challenge handler can "
            + "answer with URLCredential(identity:certificates:persistence:)."
    #endif

    @Test(arguments: ConformanceCase.all)
    func conforms(_ check: ConformanceCase) async throws {
        try await check.run(on: Self.subject)
    }

    @Test func everyDeviationNamesACase() {
        #expect(ConformanceCase.unknownDeviations(of: Self.subject).isEmpty)
    }
}

/// What the URLSession transport promises beyond the conformance suite: a request that must not be
/// sent twice goes out on a connection no earlier request used, so a dropped keep-alive connection
/// never makes `URLSession` send it again; one that may be sent again shares the pooled
/// connections; and a redirect status that FoundationNetworking keeps from the delegate fails with
/// its head instead of vanishing.
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

    /// FoundationNetworking keeps a redirect status without a `Location` from the delegate and
    /// drops its body: the call fails with the head, naming the transport that delivers it whole,
    /// whatever frames the body; a redirect status that announces no body is the response.
    @Test(arguments: [("301", ""), ("308", ""), ("302", "chunked")])
    func aRedirectStatusWithoutALocationFailsWithItsHeadWhenItsBodyIsLost(status: String, body: String)
        async throws
    {
        let endpoint = FaultServer.bytes(
            "status/\(status)", key: FaultServer.uniqueKey(), body.isEmpty ? [] : [("body", body)])
        let error = try await #require(
            throws: CourierError.self, performing: { try await client.send(endpoint) })
        #if canImport(FoundationNetworking)
            #expect(error.kind == .invalidResponse, "\(error)")
            #expect(error.message.contains("without a Location"), "\(error.message)")
            #expect(error.response?.status.code == Int(status))
            #expect(error.response?.body.isEmpty == true)
        #else
            #expect(error.kind == .undocumentedStatus, "\(error)")
        #endif
    }

    @Test func aRedirectStatusWithoutALocationThatAnnouncesNoBodyIsTheResponse() async throws {
        let empty = try await #require(
            throws: CourierError.self,
            performing: {
                try await client.send(
                    FaultServer.bytes("status/301", key: FaultServer.uniqueKey(), [("body", "empty")]))
            })
        #expect(empty.kind == .undocumentedStatus, "\(empty)")
        #expect(empty.response?.status.code == 301)
        let head = try await #require(
            throws: CourierError.self,
            performing: {
                try await client.send(
                    Endpoint<Data, Never> {
                        Method.head
                        Path("status", 301)
                    })
            })
        #expect(head.kind == .undocumentedStatus, "\(head)")
        #expect(head.response?.status.code == 301)
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
        #expect(Set(counts.requests.map(\.connection)).count == 2)
    }

    /// An answer whose `Connection: close` is folded onto a second line reads `close` in
    /// `HTTPURLResponse`, while libcurl, which does not join the lines, keeps the connection: no
    /// header can show a transport that a request's connection was closed. Each POST still goes
    /// once, on a connection of its own.
    @Test func postsGoOnceWhenAFoldedConnectionCloseLeavesTheConnectionOpen() async throws {
        try await expectThreePostsAnsweredOnceEach(keepAlive: "folded")
    }

    /// Sends three POSTs to `drop-on-reuse` with `keep_alive=keepAlive` (the server keeps every
    /// connection open and drops a reused one unanswered), and expects each answered and received
    /// once, on a connection of its own.
    private func expectThreePostsAnsweredOnceEach(keepAlive: String) async throws {
        let key = FaultServer.uniqueKey()
        for _ in 0..<3 {
            let post = try await client.send(
                FaultServer.bytes("drop-on-reuse", key: key, method: .post, [("keep_alive", keepAlive)]))
            #expect(post.status == .ok)
        }
        try await server.expectCounts(key, received: 3...3)
        let connections = try await server.counts(key).requests.map(\.connection)
        #expect(Set(connections).count == 3, "\(connections)")
    }

    /// POSTs one after another each go on a new connection, though the server keeps none open.
    @Test func postsInARowEachGoOnANewConnection() async throws {
        let key = FaultServer.uniqueKey()
        for _ in 0..<4 {
            let post = try await client.send(FaultServer.bytes("drop-on-reuse", key: key, method: .post))
            #expect(post.status == .ok)
        }
        try await server.expectCounts(key, received: 4...4)
        let connections = try await server.counts(key).requests.map(\.connection)
        #expect(Set(connections).count == 4, "\(connections)")
    }

    @Test func anIdempotencyKeyPostWithoutABodySharesTheWarmConnection() async throws {
        let key = FaultServer.uniqueKey()
        #expect(try await client.send(FaultServer.bytes("ok", key: "warm-\(key)")).status == .ok)
        let post = Endpoint<Data, Never> {
            Method(.post)
            Path("ok")
            Header("X-Count-Key", key)
            Header.idempotencyKey("post-\(key)")
        }
        #expect(try await client.send(post).status == .ok)
        try await server.expectCounts(key, received: 1...1)
        let warm = try #require(try await server.counts("warm-\(key)").requests.first)
        let request = try #require(try await server.counts(key).requests.first)
        #expect(request.header("Connection")?.lowercased() != "close")
        #expect(request.connection == warm.connection)
    }

    #if canImport(FoundationNetworking)
        /// libcurl would send an idempotent request again without its body when a reused
        /// connection turns out to be closed (FoundationNetworking does not rewind a body), so one
        /// with a body goes out on a connection of its own on Linux.
        @Test func anIdempotentPutWithABodyIsSentOnceOnAConnectionOfItsOwn() async throws {
            let key = FaultServer.uniqueKey()
            _ = try await client.send(FaultServer.bytes("drop-on-reuse", key: "warm-\(key)"))
            let put = Endpoint<Data, Never> {
                Method(.put)
                Path("drop-on-reuse")
                Header("X-Count-Key", key)
                Body.data(FaultServer.pattern(2000))
            }
            #expect(try await client.send(put).status == .ok)
            try await server.expectCounts(key, received: 1...1)
            let request = try #require(try await server.counts(key).requests.first)
            #expect(request.bodyLength == 2000)
            #expect(request.header("Connection")?.lowercased() == "close")
        }
    #endif

    @Test func aResponseHeadOfAHundredKilobytesArrives() async throws {
        // libcurl reads up to 300 KiB of headers; the suite checks only 36 KB, which every
        // transport reads (AsyncHTTPClient's parser stops at 80 KiB).
        let modest = try await client.send(
            FaultServer.bytes(
                "header-flood", key: FaultServer.uniqueKey(), [("count", "1000"), ("size", "100")]))
        #expect(modest.headers.values(for: HeaderName("X-Flood-999")).count == 1)
    }

    @Test func theIdleTimeoutIsCountedInWholeSeconds() async throws {
        let endpoint = Endpoint<Data, Never> {
            Method(.get)
            Path("stall-headers")
            Query("seconds", "30")
            Timeout(.seconds(40), idle: .milliseconds(500))
        }
        let start = ContinuousClock.now
        let error = await expectCourierError(.timedOut) { try await client.send(endpoint) }
        #expect(error?.message.contains("whole seconds") == true, "\(String(describing: error?.message))")
        // URLSession's timeout is whole seconds: 0.5 s waits 1 s, never less (a lower bound holds
        // on a busy machine).
        #expect(ContinuousClock.now - start >= .seconds(1))
    }

    @Test func postsAreAnsweredEvenWhenTheServerIgnoresConnectionClose() async throws {
        // The server keeps every connection open, so only a session per request keeps libcurl
        // from reusing one (and from re-sending a request on it when it is dropped).
        try await expectThreePostsAnsweredOnceEach(keepAlive: "force")
    }
}
