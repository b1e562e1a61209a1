import Courier
import Foundation
import Testing

@testable import CourierAsyncHTTPClient

/// Which request bodies go out in one piece: only in-memory ones of one chunk at most. A longer
/// one written in one piece is still going out when a server answers early and closes (nginx's
/// `413` past `client_max_body_size`), and the answer then fails as a connection closed mid-body.
@Suite struct RequestBodyChunksTests {
    @Test(arguments: [0, 1, RequestBodyChunks.chunkSize])
    func anInMemoryBodyOfOneChunkAtMostGoesInOnePiece(count: Int) {
        #expect(
            RequestBodyChunks.fitsOneChunk(RequestBody(data: Data(count: count), contentType: .octetStream)))
    }

    @Test(arguments: [RequestBodyChunks.chunkSize + 1, 3 * RequestBodyChunks.chunkSize])
    func aLongerInMemoryBodyGoesInChunks(count: Int) {
        #expect(
            !RequestBodyChunks.fitsOneChunk(RequestBody(data: Data(count: count), contentType: .octetStream)))
    }

    @Test func anInMemoryBodyOfSeveralPartsIsMeasuredWhole() {
        let half = Data(count: RequestBodyChunks.chunkSize / 2)
        #expect(
            RequestBodyChunks.fitsOneChunk(
                RequestBody(segments: [.data(half), .data(half)], contentType: .octetStream)))
        #expect(
            !RequestBodyChunks.fitsOneChunk(
                RequestBody(
                    segments: [.data(half), .data(half), .data(Data([1]))], contentType: .octetStream)))
    }

    @Test func aFileBodyGoesInChunks() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent(
            "courier-\(UUID().uuidString)")
        try Data("abc".utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let body = RequestBody(segments: [.file(file, length: 3)], contentType: .octetStream)
        #expect(!RequestBodyChunks.fitsOneChunk(body))
    }
}
