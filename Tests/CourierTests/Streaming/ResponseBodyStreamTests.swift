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

    @Test func linesSplitAtEveryLineEndingAcrossChunks() async throws {
        let stream = ResponseBodyStream(chunks: [
            Data("a\r".utf8), Data("\nb\rc\n".utf8), Data("\nlast".utf8),
        ])
        var lines: [String] = []
        for try await line in stream.lines { lines.append(line) }
        #expect(lines == ["a", "b", "c", "", "last"])
    }

    @Test func aLineOverItsLimitThrows() async throws {
        let stream = ResponseBodyStream(Data("12345678\n".utf8))
        var lines = stream.lines(limit: 4).makeAsyncIterator()
        let error = await #expect(throws: CourierError.self) { try await lines.next() }
        #expect(error?.kind == .responseTooLarge)
        #expect(error?.message == "A line of the response body is longer than 4 bytes.")
    }

    struct Row: Decodable, Sendable, Equatable {
        let id: Int
    }

    @Test func jsonLinesDecodeEachLineAndSkipBlankOnes() async throws {
        let stream = ResponseBodyStream(chunks: [Data("{\"id\":1}\n\n{\"i".utf8), Data("d\":2}\n".utf8)])
        var rows: [Row] = []
        for try await row in stream.jsonLines(of: Row.self) { rows.append(row) }
        #expect(rows == [Row(id: 1), Row(id: 2)])
    }

    @Test func aJSONLineThatDoesNotDecodeNamesItsLine() async throws {
        let stream = ResponseBodyStream(Data("{\"id\":1}\n{\"id\":\"x\"}\n".utf8))
        var rows = stream.jsonLines(of: Row.self).makeAsyncIterator()
        #expect(try await rows.next() == Row(id: 1))
        let error = await #expect(throws: CourierError.self) { try await rows.next() }
        #expect(error?.kind == .decodingFailed)
        #expect(error?.message.hasPrefix("Line 2 of the response body did not decode as Row") == true)
    }
}
