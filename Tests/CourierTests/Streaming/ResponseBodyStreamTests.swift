import Courier
import Foundation
import Testing

struct ResponseBodyStreamTests {
    @Test func aStreamIsReadOnce() async throws {
        let stream = ResponseBodyStream(chunks: [Data("a".utf8), Data("b".utf8)])
        var first = Data()
        for try await chunk in stream { first.append(chunk) }
        #expect(first == Data("ab".utf8))
        var again = stream.makeAsyncIterator()
        let error = await #expect(throws: CourierError.self) { try await again.next() }
        #expect(error?.kind == .streamAlreadyRead)
    }

    @Test func streamsAreEqualOnlyToThemselves() {
        let stream = ResponseBodyStream(Data("x".utf8))
        #expect(stream == stream)
        #expect(stream != ResponseBodyStream(Data("x".utf8)))
        #expect(RawResponse(status: .ok, bodyStream: stream) == RawResponse(status: .ok, bodyStream: stream))
    }

    @Test func aSequenceIsReadAsTheReaderAsks() async throws {
        let source = AsyncStream<Data> { continuation in
            for word in ["one ", "two ", "three"] { continuation.yield(Data(word.utf8)) }
            continuation.finish()
        }
        var text = ""
        for try await chunk in ResponseBodyStream(reading: source) {
            text += String(decoding: chunk, as: UTF8.self)
        }
        #expect(text == "one two three")
    }
}
