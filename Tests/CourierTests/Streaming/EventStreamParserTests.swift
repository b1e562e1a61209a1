import Foundation
import Testing

@testable import Courier

@Suite struct EventStreamParserTests {
    /// The events of `text` read in one chunk, after checking that reading it one byte at a time,
    /// and split at every position, gives the same events.
    private func events(
        _ text: String, limits: EventStreamParser.Limits = .standard,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> [ServerSentEvent] {
        try events(Array(text.utf8), limits: limits, sourceLocation: sourceLocation)
    }

    private func events(
        _ bytes: [UInt8], limits: EventStreamParser.Limits = .standard,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> [ServerSentEvent] {
        var whole = EventStreamParser(limits: limits)
        let expected = try whole.parse(bytes)
        var byByte = EventStreamParser(limits: limits)
        var fromBytes: [ServerSentEvent] = []
        for byte in bytes { fromBytes += try byByte.parse([byte]) }
        #expect(fromBytes == expected, "read byte by byte", sourceLocation: sourceLocation)
        for split in 0...bytes.count {
            var parser = EventStreamParser(limits: limits)
            let halves = try parser.parse(bytes[..<split]) + parser.parse(bytes[split...])
            #expect(halves == expected, "split at \(split)", sourceLocation: sourceLocation)
        }
        return expected
    }

    @Test func dataLinesAreJoinedByLineFeeds() throws {
        #expect(try events("data: YHOO\ndata: +2\ndata: 10\n\n") == [ServerSentEvent(data: "YHOO\n+2\n10")])
    }

    @Test func commentsAreSkippedAndIDsPersistUntilReset() throws {
        let stream =
            ": test stream\n\ndata: first event\nid: 1\n\ndata:second event\nid\n\ndata:  third event\n\n"
        #expect(
            try events(stream) == [
                ServerSentEvent(data: "first event", lastEventID: "1"),
                ServerSentEvent(data: "second event"),
                ServerSentEvent(data: " third event"),
            ])
    }

    @Test func anIDCarriesOverToLaterEvents() throws {
        #expect(
            try events("id: 7\ndata: a\n\ndata: b\n\n") == [
                ServerSentEvent(data: "a", lastEventID: "7"), ServerSentEvent(data: "b", lastEventID: "7"),
            ])
    }

    @Test func aFieldWithoutAColonHasAnEmptyValue() throws {
        #expect(
            try events("data\n\ndata\ndata\n\ndata:") == [
                ServerSentEvent(data: ""), ServerSentEvent(data: "\n"),
            ])
    }

    @Test func onlyOneSpaceAfterTheColonIsDropped() throws {
        #expect(
            try events("data:test\n\ndata: test\n\ndata:  test\n\n") == [
                ServerSentEvent(data: "test"), ServerSentEvent(data: "test"), ServerSentEvent(data: " test"),
            ])
    }

    @Test func everyLineEndingIsAccepted() throws {
        let expected = [ServerSentEvent(type: "add", data: "1\n2")]
        #expect(try events("event: add\ndata: 1\ndata: 2\n\n") == expected)
        #expect(try events("event: add\r\ndata: 1\r\ndata: 2\r\n\r\n") == expected)
        #expect(try events("event: add\rdata: 1\rdata: 2\r\r") == expected)
        #expect(try events("event: add\r\ndata: 1\rdata: 2\n\r\n") == expected)
    }

    @Test func aCRLFIsOneLineEndingEvenWhenSplitBetweenChunks() throws {
        var parser = EventStreamParser()
        #expect(try parser.parse(Array("data: a\r".utf8)).isEmpty)
        // The LF completes the CR LF pair; only the next CR LF is the empty line.
        #expect(try parser.parse(Array("\n".utf8)).isEmpty)
        #expect(try parser.parse(Array("\r\n".utf8)) == [ServerSentEvent(data: "a")])
    }

    @Test func theEventTypeResetsAfterEachEvent() throws {
        #expect(
            try events("event: add\ndata: 1\n\ndata: 2\n\nevent\ndata: 3\n\n") == [
                ServerSentEvent(type: "add", data: "1"), ServerSentEvent(data: "2"),
                ServerSentEvent(data: "3"),
            ])
    }

    @Test func anEventWithoutDataIsNotDispatched() throws {
        #expect(
            try events("event: ping\n\nid: 3\n\ndata: x\n\n") == [
                ServerSentEvent(data: "x", lastEventID: "3")
            ])
    }

    @Test func anEventTheStreamEndsInIsDiscarded() throws {
        var parser = EventStreamParser()
        #expect(try parser.parse(Array("data: whole\n\ndata: half".utf8)) == [ServerSentEvent(data: "whole")])
        parser.finish()
        #expect(try parser.parse(Array("\n\n".utf8)).isEmpty)
        #expect(try events("data: a\ndata: b\n") == [])
    }

    @Test func aByteOrderMarkIsDroppedAtTheStartOnly() throws {
        let bom: [UInt8] = [0xEF, 0xBB, 0xBF]
        #expect(try events(bom + Array("data: a\n\n".utf8)) == [ServerSentEvent(data: "a")])
        // A second one makes the field name "\u{FEFF}data", which is ignored.
        #expect(try events(bom + bom + Array("data: a\n\n".utf8)) == [])
        #expect(
            try events(Array("data: a\n\n".utf8) + bom + Array("data: b\n\n".utf8)) == [
                ServerSentEvent(data: "a")
            ])
    }

    @Test func retryTakesDigitsOnly() throws {
        for (line, expected) in [
            ("retry: 3000", Duration.milliseconds(3000)), ("retry: 0", .zero), ("retry: 3s", nil),
            ("retry: -1", nil),
            ("retry:", nil), ("retry: 1 ", nil), ("retry: 99999999999999999999999", nil),
        ] {
            var parser = EventStreamParser()
            _ = try parser.parse(Array("\(line)\n\n".utf8))
            #expect(parser.reconnectionTime == expected, "\(line)")
        }
        var parser = EventStreamParser()
        _ = try parser.parse(Array("retry: 100\n\nretry: x\n\n".utf8))
        #expect(parser.reconnectionTime == .milliseconds(100))
    }

    @Test func anEventCarriesTheRetryTimeInForceWhenItEnds() throws {
        #expect(
            try events("data: a\n\nretry: 5\ndata: b\nretry: 7\n\nretry: 9\ndata: c\n\nretry: 11\n") == [
                ServerSentEvent(data: "a"), ServerSentEvent(data: "b", retry: .milliseconds(7)),
                ServerSentEvent(data: "c", retry: .milliseconds(9)),
            ])
    }

    @Test func anIDBecomesTheLastEventIDOnlyWhenItsEventEnds() throws {
        var parser = EventStreamParser()
        let events = try parser.parse(Array("id: 6\ndata: six\n\nid: 7\ndata: {\"half".utf8))
        #expect(events == [ServerSentEvent(data: "six", lastEventID: "6")])
        #expect(parser.lastEventID == "6")
        parser.finish()
        #expect(parser.lastEventID == "6")
        // A reconnection's parser starts from the committed ID, not the discarded one.
        var next = parser.continuing()
        #expect(
            try next.parse(Array("data: again\n\n".utf8)) == [
                ServerSentEvent(data: "again", lastEventID: "6")
            ])
    }

    @Test func anIDIsCommittedAtAnEmptyLineEvenWithoutData() throws {
        var parser = EventStreamParser()
        #expect(try parser.parse(Array("id: 8\n".utf8)).isEmpty)
        #expect(parser.lastEventID == "")
        #expect(try parser.parse(Array("\n".utf8)).isEmpty)
        #expect(parser.lastEventID == "8")
    }

    @Test(arguments: [
        ("data: a\n\n: keep-alive", false), ("data: a\n\nid: 5", false), ("data: a\n\nid: 5\n", false),
        ("data: a\n\ndata: b", true), ("data: a\n\ndata: b\n", true), ("data: a\n\nevent: x\n", true),
        ("data: a\n\nretry: 5", true), ("data: a\n\nda", true), ("data: a\n\n", false),
    ])
    func onlyAPendingFieldOrAnUnfinishedFieldLineIsInsideAnEvent(text: String, isInside: Bool) throws {
        var parser = EventStreamParser()
        _ = try parser.parse(Array(text.utf8))
        #expect(parser.isInsideEvent == isInside)
    }

    @Test func anIDWithNULIsIgnored() throws {
        var parser = EventStreamParser()
        let events = try parser.parse(Array("id: 1\n\nid: 2\0x\ndata: a\n\n".utf8))
        #expect(events == [ServerSentEvent(data: "a", lastEventID: "1")])
        #expect(parser.lastEventID == "1")
    }

    @Test func unknownFieldsAreIgnored() throws {
        #expect(try events("foo: bar\nData: x\ndata: y\n\n") == [ServerSentEvent(data: "y")])
    }

    @Test func textIsUTF8WithInvalidBytesReplaced() throws {
        #expect(
            try events(Array("data: é🙂 ".utf8) + [0xFF] + Array("\n\n".utf8)) == [
                ServerSentEvent(data: "é🙂 \u{FFFD}")
            ])
    }

    @Test func aLineOverItsLimitThrows() throws {
        let limits = EventStreamParser.Limits(lineBytes: 16, eventBytes: 1024)
        #expect(try events("data: 0123456789\n\n", limits: limits) == [ServerSentEvent(data: "0123456789")])
        var parser = EventStreamParser(limits: limits)
        let error = #expect(throws: CourierError.self) {
            try parser.parse(Array("data: 01234567890\n\n".utf8))
        }
        #expect(error?.kind == .responseTooLarge)
        #expect(error?.message == "An event-stream line is longer than 16 bytes.")
    }

    @Test func anEventOverItsDataLimitThrows() throws {
        let limits = EventStreamParser.Limits(lineBytes: 1024, eventBytes: 8)
        #expect(
            try events("data: 123\ndata: 1234\n\n", limits: limits) == [ServerSentEvent(data: "123\n1234")])
        var parser = EventStreamParser(limits: limits)
        let error = #expect(throws: CourierError.self) {
            try parser.parse(Array("data: 123\ndata: 12345\n\n".utf8))
        }
        #expect(error?.kind == .responseTooLarge)
    }

    @Test func anEventOfAsMuchDataAsItsLimitFitsOnOneLine() throws {
        // One parse each: reading 1 MiB split at every place, as `events` does, would take long.
        let data = String(repeating: "x", count: 1 << 20)
        var parser = EventStreamParser()
        #expect(try parser.parse(Array("\u{FEFF}data: \(data)\n\n".utf8)) == [ServerSentEvent(data: data)])
        parser = EventStreamParser()
        let error = #expect(throws: CourierError.self) {
            try parser.parse(Array("data: \(data)x\n\n".utf8))
        }
        #expect(error?.kind == .responseTooLarge)
    }

    @Test func theDataLimitCountsOneEventAtATime() throws {
        let limits = EventStreamParser.Limits(lineBytes: 1024, eventBytes: 8)
        let stream = String(repeating: "data: 1234567\n\n", count: 50)
        #expect(try events(stream, limits: limits).count == 50)
    }
}
