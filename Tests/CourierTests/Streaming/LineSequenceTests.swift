import Courier
import Foundation
import Testing

struct LineSequenceTests {
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
}
