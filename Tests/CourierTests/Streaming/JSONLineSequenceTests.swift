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

    @Test func datesAreReadAsCourierReadsThemUnlessADecoderIsGiven() async throws {
        struct Stamp: Decodable, Sendable {
            let at: Date
        }
        let line = Data("{\"at\":\"2024-05-01T12:00:00Z\"}\n".utf8)
        var stamps: [Date] = []
        for try await stamp in ResponseBodyStream(line).jsonLines(of: Stamp.self) { stamps.append(stamp.at) }
        #expect(stamps == [Date(timeIntervalSince1970: 1_714_564_800)])
        var plain = ResponseBodyStream(line).jsonLines(of: Stamp.self, decoder: JSONDecoder())
            .makeAsyncIterator()
        await #expect(throws: (any Error).self) { _ = try await plain.next() }
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
