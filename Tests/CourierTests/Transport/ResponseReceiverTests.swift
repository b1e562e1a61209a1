import Foundation
import Testing

@testable import Courier

/// The transport-independent response rules, decided without any I/O framework.
struct ResponseReceiverTests {
    private static let url = URL(string: "https://api.example.com/items")!

    private static func request(
        _ method: HTTPMethod = .get, responseBodyFile: URL? = nil
    ) -> TransportRequest {
        TransportRequest(
            method: method, url: url, headers: [], body: nil, responseBodyFile: responseBodyFile)
    }

    private static func headers(_ pairs: [(String, String)]) -> HeaderFields {
        HeaderFields(pairs.map { HeaderField(name: HeaderName(validating: $0.0)!, value: $0.1) })
    }

    private static func receiver(
        _ method: HTTPMethod = .get, limit: Int = 100, downloadTo file: URL? = nil,
        downloadLimit: Int64? = nil,
        progress: ProgressSink? = nil
    ) -> ResponseReceiver {
        var request = request(method, responseBodyFile: file)
        if let progress { request.context = request.context.adding(progress) }
        return ResponseReceiver(request: request, responseLimit: limit, downloadLimit: downloadLimit)
    }

    /// The error a decision stops with, or `nil` when it proceeds.
    private static func stopped(_ decision: ResponseReceiver.Decision) -> CourierError? {
        if case .stop(let error) = decision { return error }
        return nil
    }

    /// The error a completion failed with, or `nil` when it succeeded.
    private static func failure(of result: Result<RawResponse, CourierError>) -> CourierError? {
        if case .failure(let error) = result { return error }
        return nil
    }

    @Test func chunksAreJoinedInOrderAndASliceStartsAtZero() throws {
        var receiver = Self.receiver()
        _ = receiver.receiveHead(status: .ok, headers: Self.headers([("Content-Length", "9")]))
        let backing = Data("xxabcxx".utf8)
        let slice = backing[2..<5]
        #expect(Self.stopped(receiver.receive(slice)) == nil)
        #expect(Self.stopped(receiver.receive(Data("def".utf8))) == nil)
        #expect(Self.stopped(receiver.receive(Data("ghi".utf8))) == nil)
        let response = try receiver.complete().get()
        #expect(response.body == Data("abcdefghi".utf8))
        #expect(response.body.startIndex == 0)
    }

    @Test func aWholeBodyInOneSliceStartsAtZero() throws {
        for (backing, range) in [(Data("xxabcxx".utf8), 2..<5), (Data("abcxx".utf8), 0..<3)] {
            var receiver = Self.receiver()
            _ = receiver.receiveHead(status: .ok, headers: Self.headers([("Content-Length", "3")]))
            #expect(Self.stopped(receiver.receive(backing[range])) == nil)
            let body = try receiver.complete().get().body
            #expect(body == Data("abc".utf8))
            #expect(body.startIndex == 0)
            #expect(Array(body.indices) == [0, 1, 2])
        }
    }

    @Test func aWholeBodyInOneChunkIsTheResponse() throws {
        var receiver = Self.receiver()
        _ = receiver.receiveHead(status: .ok, headers: Self.headers([("Content-Length", "3")]))
        #expect(Self.stopped(receiver.receive(Data("abc".utf8))) == nil)
        #expect(try receiver.complete().get().body == Data("abc".utf8))
    }

    @Test func aBodyThatMatchesItsLengthIsTheResponse() throws {
        var receiver = Self.receiver()
        #expect(
            Self.stopped(receiver.receiveHead(status: .ok, headers: Self.headers([("Content-Length", "5")])))
                == nil)
        #expect(Self.stopped(receiver.receive(Data("he".utf8))) == nil)
        #expect(Self.stopped(receiver.receive(Data("llo".utf8))) == nil)
        let response = try receiver.complete().get()
        #expect(response.status == .ok)
        #expect(response.body == Data("hello".utf8))
        #expect(response.url == Self.url)
        #expect(response.headers[.contentLength] == "5")
    }

    @Test func conflictingLengthsStopAtTheHead() {
        var receiver = Self.receiver()
        let error = Self.stopped(
            receiver.receiveHead(
                status: .ok, headers: Self.headers([("Content-Length", "5"), ("Content-Length", "6")])))
        #expect(error?.kind == .invalidResponse)
    }

    @Test func anAnnouncedBodyOverTheLimitStopsAtTheHead() {
        var receiver = Self.receiver(limit: 10)
        let error = Self.stopped(
            receiver.receiveHead(status: .ok, headers: Self.headers([("Content-Length", "11")])))
        #expect(error?.kind == .responseTooLarge)
        #expect(error?.message == "The response body exceeded the limit of 10 bytes.")
    }

    /// Decoded bytes count, not announced ones: a gzip body's length says nothing about them.
    @Test func deliveredBytesOverTheLimitStopAndAreDropped() {
        var receiver = Self.receiver(limit: 10)
        #expect(
            Self.stopped(
                receiver.receiveHead(status: .ok, headers: Self.headers([("Content-Encoding", "gzip")])))
                == nil)
        #expect(Self.stopped(receiver.receive(Data(count: 10))) == nil)
        #expect(Self.stopped(receiver.receive(Data(count: 1)))?.kind == .responseTooLarge)
    }

    @Test func aShortBodyIsTruncatedAndALongOneInvalid() {
        var short = Self.receiver()
        _ = short.receiveHead(status: .ok, headers: Self.headers([("Content-Length", "5")]))
        _ = short.receive(Data("hel".utf8))
        #expect(Self.failure(of: short.complete())?.kind == .truncatedResponse)

        var long = Self.receiver()
        _ = long.receiveHead(status: .ok, headers: Self.headers([("Content-Length", "2")]))
        _ = long.receive(Data("hel".utf8))
        #expect(Self.failure(of: long.complete())?.kind == .invalidResponse)
    }

    /// A coded body, a HEAD, a 204 or a 304 announce lengths their delivered bytes need not match.
    @Test(arguments: [
        (HTTPMethod.get, HTTPStatus.ok, [("Content-Length", "50"), ("Content-Encoding", "gzip")]),
        (HTTPMethod.head, HTTPStatus.ok, [("Content-Length", "50")]),
        (HTTPMethod.get, HTTPStatus(304), [("Content-Length", "50")]),
    ])
    func lengthsThatDoNotDescribeTheDeliveredBytesAreNotChecked(
        method: HTTPMethod, status: HTTPStatus, fields: [(String, String)]
    ) throws {
        var receiver = Self.receiver(method)
        _ = receiver.receiveHead(status: status, headers: Self.headers(fields))
        #expect(try receiver.complete().get().status == status)
    }

    /// A HEAD or a 304 may repeat the length of a representation far over the response limit:
    /// no body comes, so nothing is refused. A GET announcing the same is refused at the head.
    @Test(arguments: [(HTTPMethod.head, HTTPStatus.ok), (HTTPMethod.get, HTTPStatus(304))])
    func aBodilessResponseAnnouncingMoreThanTheLimitArrives(method: HTTPMethod, status: HTTPStatus) throws {
        var receiver = Self.receiver(method, limit: 100)
        let head = receiver.receiveHead(
            status: status, headers: Self.headers([("Content-Length", "20971520")]))
        guard case .proceed = head else {
            Issue.record("the head was refused: \(head)")
            return
        }
        #expect(try receiver.complete().get().status == status)

        var get = Self.receiver(.get, limit: 100)
        guard
            case .stop(let error) = get.receiveHead(
                status: .ok, headers: Self.headers([("Content-Length", "20971520")]))
        else {
            Issue.record("a GET announcing more than the limit was not refused")
            return
        }
        #expect(error.kind == .responseTooLarge)
    }

    /// A transport that decodes one gzip or deflate layer, as AsyncHTTPClient's does.
    private static let oneLayer = ContentDecoding(codings: ["gzip", "Deflate"], maximumLayers: 1)

    @Test(arguments: [
        [("Content-Encoding", "gzip")], [("Content-Encoding", "DEFLATE")], [("Content-Encoding", "identity")],
        [("Content-Encoding", "identity, ")], [("Content-Encoding", "")], [],
    ])
    func aBodyInCodingsTheTransportDecodesArrives(fields: [(String, String)]) throws {
        var receiver = Self.receiver()
        receiver.contentDecoding = Self.oneLayer
        #expect(Self.stopped(receiver.receiveHead(status: .ok, headers: Self.headers(fields))) == nil)
        _ = receiver.receive(Data("decoded".utf8))
        #expect(try receiver.complete().get().body == Data("decoded".utf8))
    }

    @Test(arguments: [
        (
            [("Content-Encoding", "gzip, gzip")], "gzip, gzip",
            "that is more layers than the 1 the transport decodes"
        ),
        ([("Content-Encoding", "gzip"), ("Content-Encoding", "deflate")], "gzip, deflate", "more layers"),
        ([("Content-Encoding", "br")], "br", "the transport does not decode br;"),
        // A decoder that reads the first element only would decode nothing here.
        ([("Content-Encoding", "identity, gzip")], "identity, gzip", "does not decode identity;"),
        ([("Content-Encoding", "identity"), ("Content-Encoding", "gzip")], "identity, gzip", "identity;"),
        (
            [("Content-Encoding", "x-gzip, Compress")], "x-gzip, compress",
            "does not decode x-gzip or compress;"
        ),
    ])
    func aBodyInCodingsTheTransportDoesNotDecodeStopsAtTheHead(
        fields: [(String, String)], listed: String, reason: String
    ) throws {
        var receiver = Self.receiver()
        receiver.contentDecoding = Self.oneLayer
        let error = try #require(
            Self.stopped(receiver.receiveHead(status: .ok, headers: Self.headers(fields))))
        #expect(error.kind == .unsupportedContentCoding)
        #expect(error.stage == .transport)
        #expect(
            error.message.contains("content codings \(listed) (in the order applied), but "),
            "\(error.message)")
        #expect(error.message.contains(reason), "\(error.message)")
        #expect(error.message.contains("it decodes deflate or gzip, one layer."), "\(error.message)")
    }

    /// The codings are the server's text: a refusal names the first dozen, each cut short.
    @Test func aRefusalNamesAFewCodingsHoweverManyTheServerLists() throws {
        var receiver = Self.receiver()
        receiver.contentDecoding = Self.oneLayer
        let long = String(repeating: "x", count: 10_000)
        let value = ([long] + Array(repeating: "gzip", count: 5_000)).joined(separator: ", ")
        let error = try #require(
            Self.stopped(
                receiver.receiveHead(status: .ok, headers: Self.headers([("Content-Encoding", value)]))))
        #expect(error.kind == .unsupportedContentCoding)
        #expect(error.message.count < 600, "\(error.message.count) characters")
        #expect(error.message.contains("… (5001 in all)"), "\(error.message)")
        #expect(
            error.message.contains("does not decode \(String(repeating: "x", count: 32))…;"),
            "\(error.message)")
    }

    /// A HEAD or a 304 carries no body, so its codings describe nothing delivered; without a
    /// ``ContentDecoding`` the codings are not checked at all.
    @Test func codingsAreCheckedOnlyForABodyAndWhenTheTransportSaysWhatItDecodes() {
        let stacked = Self.headers([("Content-Encoding", "gzip, br")])
        var head = Self.receiver(.head)
        head.contentDecoding = Self.oneLayer
        #expect(Self.stopped(head.receiveHead(status: .ok, headers: stacked)) == nil)
        var notModified = Self.receiver()
        notModified.contentDecoding = Self.oneLayer
        #expect(Self.stopped(notModified.receiveHead(status: HTTPStatus(304), headers: stacked)) == nil)
        var unchecked = Self.receiver()
        #expect(Self.stopped(unchecked.receiveHead(status: .ok, headers: stacked)) == nil)
        var error = Self.receiver()
        error.contentDecoding = Self.oneLayer
        #expect(
            Self.stopped(error.receiveHead(status: HTTPStatus(500), headers: stacked))?.kind
                == .unsupportedContentCoding)
    }

    @Test func anEndWithoutAHeadIsNotHTTP() {
        let error = Self.failure(of: Self.receiver().complete())
        #expect(error?.kind == .invalidResponse)
        #expect(error?.message == "The server's response was not HTTP.")
    }

    @Test func aLostConnectionIsTruncationOnlyAfterTheHead() {
        let lost = CourierError(stage: .transport, kind: .connectionLost, message: "lost")
        var receiver = Self.receiver()
        #expect(receiver.interrupted(by: lost).kind == .connectionLost)
        _ = receiver.receiveHead(status: .ok, headers: [])
        #expect(receiver.interrupted(by: lost).kind == .truncatedResponse)
        let timedOut = CourierError(stage: .transport, kind: .timedOut, message: "late")
        #expect(receiver.interrupted(by: timedOut).kind == .timedOut)
    }

    @Test func aTruncationCarriesAHeadThatWasNoSuccessWithoutABody() {
        let lost = CourierError(stage: .transport, kind: .connectionLost, message: "lost")
        var receiver = Self.receiver(.post)
        #expect(receiver.interrupted(by: lost).response == nil)
        _ = receiver.receiveHead(status: HTTPStatus(413), headers: Self.headers([("Content-Length", "19")]))
        _ = receiver.receive(Data("{\"error\"".utf8))
        let truncated = receiver.interrupted(by: lost)
        #expect(truncated.kind == .truncatedResponse)
        #expect(truncated.response?.status.code == 413)
        #expect(truncated.response?.headers[.contentLength] == "19")
        #expect(truncated.response?.body.isEmpty == true)
        var success = Self.receiver()
        _ = success.receiveHead(status: .ok, headers: Self.headers([("Content-Length", "19")]))
        #expect(success.interrupted(by: lost).response == nil)
    }

    @Test func fieldValuesLoseTheWhitespaceAroundThem() throws {
        var receiver = Self.receiver()
        let head = receiver.receiveHead(
            status: .ok,
            headers: Self.headers([
                ("Content-Type", "text/plain \t"), ("X-Lead", " \tlead"), ("X-Inner", "a  b"),
                ("Content-Length", " 2 "),
            ]))
        #expect(Self.stopped(head) == nil)
        _ = receiver.receive(Data("ok".utf8))
        let completed = try receiver.complete().get()
        #expect(completed.headers.map(\.value) == ["text/plain", "lead", "a  b", "2"])
    }

    @Test func anInterimStatusIsNoFinalResponse() {
        for code in [100, 101, 103] {
            var receiver = Self.receiver()
            let error = Self.stopped(receiver.receiveHead(status: HTTPStatus(code), headers: []))
            #expect(error?.kind == .invalidResponse, "\(code)")
            #expect(error?.message.contains("\(code)") == true, "\(code)")
        }
        var receiver = Self.receiver()
        #expect(Self.stopped(receiver.receiveHead(status: .ok, headers: [])) == nil)
    }

    @Test func aTLSFailureAfterTheHeadIsTruncationNotAHandshakeFailure() {
        let broken = CourierError(stage: .transport, kind: .tlsHandshakeFailed, message: "bad record")
        var receiver = Self.receiver()
        #expect(receiver.interrupted(by: broken).kind == .tlsHandshakeFailed)
        _ = receiver.receiveHead(status: .ok, headers: [])
        let truncated = receiver.interrupted(by: broken)
        #expect(truncated.kind == .truncatedResponse)
        #expect(
            truncated.message
                == "The TLS connection failed before the whole response body arrived; the partial body was discarded."
        )
    }

    @Test func aDownloadReplacesItsDestinationOnlyWhenComplete() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let destination = directory.appendingPathComponent("report.txt")
        try Data("old".utf8).write(to: destination)

        var receiver = Self.receiver(limit: 1, downloadTo: destination)
        _ = receiver.receiveHead(status: .ok, headers: Self.headers([("Content-Length", "11")]))
        #expect(Self.stopped(receiver.receive(Data("new report!".utf8))) == nil)
        #expect(try Data(contentsOf: destination) == Data("old".utf8))
        let response = try receiver.complete().get()
        #expect(response.bodyFile == destination)
        #expect(response.body.isEmpty)
        #expect(try Data(contentsOf: destination) == Data("new report!".utf8))
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["report.txt"])
    }

    @Test func anAbandonedOrOversizedDownloadLeavesNoFile() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let destination = directory.appendingPathComponent("report.txt")

        // A stop cleans up by itself: over the limit while streaming, or announced at the head.
        var receiver = Self.receiver(downloadTo: destination, downloadLimit: 4)
        _ = receiver.receiveHead(status: .ok, headers: [])
        #expect(Self.stopped(receiver.receive(Data("abcd".utf8))) == nil)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).count == 1)
        #expect(Self.stopped(receiver.receive(Data("e".utf8)))?.kind == .responseTooLarge)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).isEmpty)

        var announced = Self.receiver(downloadTo: destination, downloadLimit: 4)
        let error = Self.stopped(
            announced.receiveHead(status: .ok, headers: Self.headers([("Content-Length", "10")])))
        #expect(error?.kind == .responseTooLarge)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).isEmpty)

        // A response without a body announces the length of one not sent: no limit applies.
        for (method, status) in [(HTTPMethod.head, HTTPStatus.ok), (.get, .noContent)] {
            var bodiless = ResponseReceiver(
                request: Self.request(method, responseBodyFile: destination), responseLimit: 100,
                downloadLimit: 4)
            let head = bodiless.receiveHead(status: status, headers: Self.headers([("Content-Length", "10")]))
            #expect(Self.stopped(head) == nil, "\(method) \(status)")
            bodiless.abandon()
        }

        // A transport that fails on its own abandons the receiver.
        var cut = Self.receiver(downloadTo: destination)
        _ = cut.receiveHead(status: .ok, headers: [])
        _ = cut.receive(Data("ab".utf8))
        cut.abandon()
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).isEmpty)
    }

    /// Only a 2xx body goes to the file; an error body stays in memory for decoding.
    @Test func anErrorStatusIsNotDownloaded() throws {
        let destination = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString)
        var receiver = Self.receiver(downloadTo: destination)
        _ = receiver.receiveHead(status: .notFound, headers: [])
        _ = receiver.receive(Data("missing".utf8))
        let response = try receiver.complete().get()
        #expect(response.bodyFile == nil)
        #expect(response.body == Data("missing".utf8))
        #expect(!FileManager.default.fileExists(atPath: destination.path))
    }

    /// A receiver reports to the observers its request carries.
    @Test func aReceiverReportsToItsRequestsObservers() {
        let reports = LockedValue<[TransferProgress]>([])
        var request = Self.request()
        request.context = request.context.adding(
            ProgressSink { progress in reports.withLock { $0.append(progress) } })
        var receiver = ResponseReceiver(request: request, responseLimit: 10)
        _ = receiver.receiveHead(status: .ok, headers: [])
        #expect(
            reports.withLock { $0 } == [
                TransferProgress(direction: .download, completedBytes: 0, expectedBytes: nil)
            ])
    }

    @Test func progressCountsDeliveredBytesAgainstAnUncodedLength() {
        let reports = LockedValue<[TransferProgress]>([])
        let sink = ProgressSink { progress in reports.withLock { $0.append(progress) } }
        var receiver = Self.receiver(progress: sink)
        receiver.sent(3, of: 6)
        _ = receiver.receiveHead(status: .ok, headers: Self.headers([("Content-Length", "4")]))
        _ = receiver.receive(Data("ab".utf8))
        _ = receiver.receive(Data("cd".utf8))
        #expect(
            reports.withLock { $0 } == [
                TransferProgress(direction: .upload, completedBytes: 3, expectedBytes: 6),
                TransferProgress(direction: .download, completedBytes: 0, expectedBytes: 4),
                TransferProgress(direction: .download, completedBytes: 2, expectedBytes: 4),
                TransferProgress(direction: .download, completedBytes: 4, expectedBytes: 4),
            ])
    }

    @Test func uploadProgressReportsLikeSentAndIsNilWithoutAListener() {
        let reports = LockedValue<[TransferProgress]>([])
        let sink = ProgressSink { progress in reports.withLock { $0.append(progress) } }
        let reportSent = Self.receiver(progress: sink).uploadProgress
        reportSent?(5, 10)
        reportSent?(10, nil)
        #expect(
            reports.withLock { $0 } == [
                TransferProgress(direction: .upload, completedBytes: 5, expectedBytes: 10),
                TransferProgress(direction: .upload, completedBytes: 10, expectedBytes: nil),
            ])
        #expect(Self.receiver().uploadProgress == nil)
    }
}
