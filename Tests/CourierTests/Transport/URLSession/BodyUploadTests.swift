import CourierTestSupport
import Foundation
import Testing

@testable import Courier

/// How `URLSessionTransport` turns a streamed body into one file to upload.
@Suite struct BodyUploadTests {
    static func multipartBody(file: URL) throws -> RequestBody {
        try #require(
            try Endpoint<Empty, Never> {
                Method.post
                Body.multipart(.text("title", "x"), .file("f", file), boundary: "b")
            }.request().body)
    }

    @Test func inMemoryBodiesAreNotUploadedFromAFile() throws {
        #expect(try BodyUpload(RequestBody(data: Data("x".utf8), contentType: .plainText)) == nil)
        #expect(try BodyUpload(nil) == nil)
    }

    @Test func aSingleFileIsUploadedAsItIs() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("courier-\(UUID()).bin")
        try Data(repeating: 1, count: 100).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let body = RequestBody(segments: [.file(file, length: 100)], contentType: .octetStream)
        guard case .file(let url, let isTemporary)? = try BodyUpload(body) else {
            Issue.record("expected a file upload")
            return
        }
        #expect(url == file && !isTemporary)
    }

    @Test func piecesAreCopiedToAPrivateTemporaryFileThatIsRemovedAfterwards() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("courier-\(UUID()).bin")
        try Data((0..<300_000).map { UInt8(truncatingIfNeeded: $0) }).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let body = try Self.multipartBody(file: file)
        let upload = try #require(try BodyUpload(body))
        guard case .file(let url, true) = upload else {
            Issue.record("expected a temporary file")
            return
        }
        #expect(try Data(contentsOf: url) == body.collectData())
        let permissions = try FileManager.default.attributesOfItem(atPath: url.path)[.posixPermissions]
        #expect((permissions as? NSNumber)?.intValue == 0o600)
        upload.removeTemporaryFile()
        #expect(!FileManager.default.fileExists(atPath: url.path))
    }

    @Test func aCancelledTaskStopsCopyingAndLeavesNoFile() async throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("courier-\(UUID()).bin")
        try Data(repeating: 2, count: 3 << 20).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let body = try Self.multipartBody(file: file)
        // Its own directory: other tests' uploads spool into the shared one at the same time.
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("courier-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let task = Task { () throws -> BodyUpload? in
            withUnsafeCurrentTask { $0?.cancel() }
            return try BodyUpload(body, directory: directory)
        }
        let result = await task.result
        expectCourierError(.cancelled) { try result.get() }
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).isEmpty)
    }
}
