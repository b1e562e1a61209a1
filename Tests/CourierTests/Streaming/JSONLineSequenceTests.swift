import Courier
import Foundation
import Testing

struct JSONLineSequenceTests {
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
