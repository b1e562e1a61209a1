import CourierTestSupport
import Foundation
import Testing

@testable import Courier

struct PartialDownloadTests {
    private func folder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent(
            "courier-partial-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    private func fields(_ pairs: [(String, String)]) -> HeaderFields {
        HeaderFields(pairs.map { HeaderField(name: HeaderName(validating: $0.0)!, value: $0.1) })
    }

    private func contents(_ folder: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
    }

    // MARK: Rules

    @Test func onlyAStrongValidatorOfUncodedBytesMayResume() {
        #expect(PartialDownload.validator(in: fields([("ETag", #""a""#)])) == #""a""#)
        #expect(PartialDownload.validator(in: fields([("ETag", #"W/"a""#)])) == nil)
        #expect(
            PartialDownload.validator(in: fields([("ETag", #""a""#), ("Content-Encoding", "gzip")])) == nil)
        #expect(
            PartialDownload.validator(in: fields([("ETag", #""a""#), ("Content-Encoding", "identity")]))
                == #""a""#)
        // A date is strong only with a Date a minute or more after it (RFC 9110 §8.8.2.2).
        let modified = "Sun, 06 Nov 1994 08:49:37 GMT"
        #expect(
            PartialDownload.validator(
                in: fields([("Last-Modified", modified), ("Date", "Sun, 06 Nov 1994 08:50:37 GMT")]))
                == modified)
        #expect(
            PartialDownload.validator(
                in: fields([("Last-Modified", modified), ("Date", "Sun, 06 Nov 1994 08:50:36 GMT")])) == nil)
        #expect(PartialDownload.validator(in: fields([("Last-Modified", modified)])) == nil)
        #expect(PartialDownload.validator(in: HeaderFields()) == nil)
    }

    @Test func theRecordNamesTheURLByItsDigestOnly() throws {
        let folder = try folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let partial = PartialDownload(
            destination: folder.appendingPathComponent("f"), url: "https://h/f?token=s3cr3t")
        try partial.record(validator: #""v1""#)
        let record = try String(contentsOf: partial.recordFile, encoding: .utf8)
        #expect(!record.contains("s3cr3t") && !record.contains("h/f"))
        #expect(partial.recordedValidator() == #""v1""#)
    }

    @Test func keptBytesCountTowardsTheDownloadLimit() throws {
        let folder = try folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let destination = folder.appendingPathComponent("file.bin")
        let partial = PartialDownload(destination: destination, url: "u", offset: 6, validator: #""v1""#)
        try Data("012345".utf8).write(to: partial.file)
        var request = TransportRequest(
            method: .get, url: URL(string: "https://h/f")!, headers: [], body: nil,
            responseBodyFile: folder.appendingPathComponent("staging"))
        request.partialDownload = partial
        // 6 held and 6 more announced: over a limit of 10, though each part is under it.
        var receiver = ResponseReceiver(request: request, responseLimit: 1 << 20, downloadLimit: 10)
        let head = fields([("Content-Range", "bytes 6-11/12"), ("ETag", #""v1""#), ("Content-Length", "6")])
        guard case .stop(let error) = receiver.receiveHead(status: 206, headers: head) else {
            Issue.record("the rest was accepted past the download limit")
            return
        }
        #expect(error.kind == .responseTooLarge)
    }

    @Test func readsContentRangesAsRFC9110Writes() {
        #expect(PartialDownload.byteRange("bytes 0-499/1234")! == (0, 499, 1234))
        #expect(PartialDownload.byteRange("bytes 500-1233/*")! == (500, 1233, nil))
        for bad in [
            "bytes 5-4/10", "bytes 0-10/10", "bytes */10", "items 0-1/2", "bytes 0-1", "bytes -1-2/3",
        ] {
            #expect(PartialDownload.byteRange(bad) == nil, "\(bad)")
        }
    }

    @Test func aHeadIsTheWholeBodyTheRestOrRefused() {
        let destination = URL(fileURLWithPath: "/tmp/file.bin")
        let asking = PartialDownload(
            destination: destination, url: "http://h/f", offset: 100, validator: #""a""#)
        let whole = PartialDownload(destination: destination, url: "http://h/f")
        let rest = fields([("Content-Range", "bytes 100-199/200"), ("ETag", #""a""#)])
        #expect(asking.plan(status: .ok, headers: fields([("ETag", #""a""#)])) == .whole(validator: #""a""#))
        #expect(asking.plan(status: 206, headers: rest) == .rest(last: 199, completeLength: 200))
        for (status, headers) in [
            (HTTPStatus(206), fields([("Content-Range", "bytes 0-199/200")])),
            (HTTPStatus(206), fields([("Content-Type", "multipart/byteranges; boundary=x")])),
            (
                HTTPStatus(206),
                fields([("Content-Range", "bytes 100-199/200"), ("Content-Encoding", "gzip")])
            ),
            // The rest of another version, or of one the server does not name: never appended.
            (HTTPStatus(206), fields([("Content-Range", "bytes 100-199/200"), ("ETag", #""b""#)])),
            (HTTPStatus(206), fields([("Content-Range", "bytes 100-199/200"), ("ETag", #"W/"a""#)])),
            (HTTPStatus(206), fields([("Content-Range", "bytes 100-199/200")])),
        ] {
            guard case .refuse = asking.plan(status: status, headers: headers) else {
                Issue.record("\(headers) was not refused")
                continue
            }
        }
        guard case .refuse = whole.plan(status: 206, headers: rest) else {
            Issue.record("a 206 to a request for the whole body was not refused")
            return
        }
        #expect(asking.file.lastPathComponent == ".file.bin.courier-partial")
    }

    // MARK: Files

    @Test func anInterruptedWholeBodyIsKeptWithItsValidatorAndTheRestCompletesIt() throws {
        let folder = try folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let destination = folder.appendingPathComponent("file.bin")
        let staging = folder.appendingPathComponent("staging")
        let first = try DownloadFile(
            destination: staging, partial: PartialDownload(destination: destination, url: "u", offset: nil),
            status: .ok, headers: fields([("ETag", #""v1""#)]))
        try first.write(Data("hello ".utf8))
        first.keepForResumption()
        first.keepForResumption()  // settled once
        #expect(try contents(folder) == [".file.bin.courier-partial", ".file.bin.courier-partial.resume"])
        let partial = PartialDownload(destination: destination, url: "u", offset: 6, validator: #""v1""#)
        #expect(partial.recordedValidator() == #""v1""#)
        #expect(PartialDownload(destination: destination, url: "other").recordedValidator() == nil)

        let rest = try DownloadFile(
            destination: staging, partial: partial, status: 206,
            headers: fields([("Content-Range", "bytes 6-10/11"), ("ETag", #""v1""#)]))
        try rest.write(Data("world".utf8))
        #expect(try rest.complete() == staging)
        #expect(try Data(contentsOf: staging) == Data("hello world".utf8))
        #expect(try contents(folder) == [".file.bin.courier-partial.resume", "staging"])
    }

    @Test func anInterruptedRestIsAppendedAndARetryFromTheSameOffsetDropsItAgain() throws {
        let folder = try folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let destination = folder.appendingPathComponent("file.bin")
        let partial = PartialDownload(destination: destination, url: "u", offset: 3, validator: #""v1""#)
        try Data("abc".utf8).write(to: partial.file)
        try partial.record(validator: #""v1""#)
        let range = fields([("Content-Range", "bytes 3-9/10"), ("ETag", #""v1""#)])
        let interrupted = try DownloadFile(
            destination: destination, partial: partial, status: 206, headers: range)
        try interrupted.write(Data("de".utf8))
        interrupted.keepForResumption()
        #expect(try Data(contentsOf: partial.file) == Data("abcde".utf8))
        // A retry of the same request asks from 3 again: the appended bytes are dropped first.
        let retried = try DownloadFile(
            destination: destination, partial: partial, status: 206, headers: range)
        try retried.write(Data("defg".utf8))
        // Only 7 of 10 bytes: the bytes are kept, the download is not complete.
        let error = expectCourierError(.truncatedResponse) { try retried.complete() }
        #expect(error?.message.contains("7 of 10") == true)
        #expect(try Data(contentsOf: partial.file) == Data("abcdefg".utf8))
        #expect(!FileManager.default.fileExists(atPath: destination.path))
    }

    @Test func aRestOfUnknownCompleteLengthMustEndWhereItsRangeEnds() throws {
        let folder = try folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let destination = folder.appendingPathComponent("file.bin")
        let partial = PartialDownload(destination: destination, url: "u", offset: 3, validator: #""v1""#)
        let range = fields([("Content-Range", "bytes 3-9/*"), ("ETag", #""v1""#)])
        func rest(_ body: String) throws -> DownloadFile {
            try Data("abc".utf8).write(to: partial.file)
            let file = try DownloadFile(
                destination: destination, partial: partial, status: 206, headers: range)
            try file.write(Data(body.utf8))
            return file
        }
        // Cut short: kept to resume.
        let short = expectCourierError(.truncatedResponse) { try rest("defg").complete() }
        #expect(short?.message.contains("7 of 10") == true)
        #expect(try Data(contentsOf: partial.file) == Data("abcdefg".utf8))
        // Past the range: nothing kept, nothing at the destination.
        expectCourierError(.invalidResponse) { try rest("defghijklm").complete() }
        #expect(!FileManager.default.fileExists(atPath: partial.file.path))
        #expect(!FileManager.default.fileExists(atPath: destination.path))
        // Exactly the range: complete.
        #expect(try rest("defghij").complete() == destination)
        #expect(try Data(contentsOf: destination) == Data("abcdefghij".utf8))
    }

    @Test func aRefusedRestRemovesTheKeptBytes() throws {
        let folder = try folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let destination = folder.appendingPathComponent("file.bin")
        let partial = PartialDownload(destination: destination, url: "u", offset: 3, validator: #""v1""#)
        try Data("abc".utf8).write(to: partial.file)
        try partial.record(validator: #""v1""#)
        expectCourierError(.invalidResponse) {
            try DownloadFile(
                destination: destination, partial: partial, status: 206,
                headers: fields([("Content-Range", "bytes 0-9/10")]))
        }
        #expect(try contents(folder).isEmpty)
    }

    @Test func aWholeBodyWithoutAValidatorReplacesAndKeepsNothing() throws {
        let folder = try folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let destination = folder.appendingPathComponent("file.bin")
        let old = PartialDownload(destination: destination, url: "u", offset: 3, validator: #""v1""#)
        try Data("abc".utf8).write(to: old.file)
        try old.record(validator: #""v1""#)
        let download = try DownloadFile(
            destination: destination, partial: old, status: .ok, headers: HeaderFields())
        #expect(try contents(folder).allSatisfy { $0.hasPrefix(".courier-download-") })
        try download.write(Data("x".utf8))
        download.keepForResumption()
        #expect(try contents(folder).isEmpty)
    }
}
