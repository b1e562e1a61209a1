import CourierTestSupport
import Foundation
import Testing

@testable import Courier

struct DownloadFileTests {
    private func directory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent(
            "courier-download-file-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    @Test func aCompletedDownloadReplacesTheDestinationAndLeavesNoTemporaryFile() throws {
        let folder = try directory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let destination = folder.appendingPathComponent("file.bin")
        try Data("old".utf8).write(to: destination)
        let download = try DownloadFile(destination: destination)
        try download.write(Data("new ".utf8))
        try download.write(Data("bytes".utf8))
        // Until completion the destination still holds the old bytes.
        #expect(try Data(contentsOf: destination) == Data("old".utf8))
        #expect(try download.complete() == destination)
        #expect(try Data(contentsOf: destination) == Data("new bytes".utf8))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["file.bin"])
    }

    @Test func aDiscardedDownloadLeavesNothing() throws {
        let folder = try directory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let download = try DownloadFile(destination: folder.appendingPathComponent("file.bin"))
        try download.write(Data(count: 1000))
        download.discard()
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
    }

    @Test func aMissingDirectoryIsATypedError() {
        let destination = FileManager.default.temporaryDirectory.appendingPathComponent(
            "courier-missing-\(UUID().uuidString)/file.bin")
        expectCourierError(.downloadFileUnwritable) {
            try DownloadFile(destination: destination)
        }
    }
}
