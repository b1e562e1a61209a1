import Foundation
import Testing

@testable import Courier

@Suite(.timeLimit(.minutes(2))) struct TextLogSinkTests {
    /// Runs `work` on its own thread; `false` if it has not finished within `limit`.
    ///
    /// The work that is checked would block for ever when the sink is broken, and returns in
    /// well under a second when it works, so the limits are generous: on a busy machine the
    /// thread may wait seconds for a core.
    static func finishes(within limit: Duration, _ work: @escaping @Sendable () -> Void) async -> Bool {
        let resumed = LockedValue(false)
        return await withCheckedContinuation { continuation in
            let resume: @Sendable (Bool) -> Void = { finished in
                let first = resumed.withLock { done in
                    defer { done = true }
                    return !done
                }
                if first { continuation.resume(returning: finished) }
            }
            Thread {
                work()
                resume(true)
            }.start()
            Task {
                try? await Task.sleep(for: limit)
                resume(false)
            }
        }
    }

    @Test func aClosureSinkReceivesEveryEntryAsMade() {
        let received = LockedValue<[LogEntry]>([])
        let sink = ClosureLogSink { entry in received.withLock { $0.append(entry) } }
        let entry = LogEntry(level: .warning, message: "GET / → 503 (0 bytes, 1 ms)")
        sink.log(entry)
        #expect(received.withLock { $0 } == [entry])
        #expect(entry.description == "[warning] GET / → 503 (0 bytes, 1 ms)")
    }

    /// Every logging middleware made with the default sink writes through one writer thread.
    @Test func middlewareLoggingToStandardOutputShareOneWriter() throws {
        let sinks = [LoggingMiddleware().sink, LoggingMiddleware(level: .debug).sink]
        let writers = try sinks.map { try #require($0 as? TextLogSink).writer }
        #expect(writers[0] === writers[1])
        #expect(writers[0] === TextLogSink.standardOutput.writer)
        #expect(TextLogSink().writer !== TextLogSink.standardOutput.writer)
    }

    @Test func writesEachLineWithItsLevel() async {
        let pipe = Pipe()
        let sink = TextLogSink(fileHandle: pipe.fileHandleForWriting)
        sink.log(LogEntry(level: .info, message: "GET / → 200"))
        sink.log(LogEntry(level: .debug, message: "→ GET /\n  Accept: */*"))
        let expected = "[info] GET / → 200\n[debug] → GET /\n[debug]   Accept: */*\n"
        let output = LockedValue(Data())
        let read = await Self.finishes(within: .seconds(30)) {
            while output.withLock({ $0.count }) < expected.utf8.count {
                let chunk = pipe.fileHandleForReading.availableData
                output.withLock { $0.append(chunk) }
            }
        }
        #expect(read)
        #expect(String(decoding: output.withLock { $0 }, as: UTF8.self) == expected)
    }

    @Test func loggingNeverBlocksOnAFullPipe() async throws {
        // Nobody reads the pipe while 10 000 entries (over 1 MB) are logged: a sink that wrote
        // synchronously would block once the pipe's buffer (64 KiB) is full.
        let pipe = Pipe()
        let sink = TextLogSink(fileHandle: pipe.fileHandleForWriting, capacity: 100)
        let padding = String(repeating: "x", count: 100)
        let logged = await Self.finishes(within: .seconds(30)) {
            for index in 0..<10_000 {
                sink.log(LogEntry(level: .info, message: "entry \(index) \(padding)"))
            }
        }
        #expect(logged, "10 000 log calls did not return within 30 s")
        let dropped = sink.droppedEntries
        #expect(dropped > 0)

        // Reading now lets the writer go on: every entry is either written or counted in a note.
        let counts = LockedValue((written: 0, noted: 0))
        let accounted = await Self.finishes(within: .seconds(30)) {
            var pending = ""
            while counts.withLock({ $0.written + $0.noted }) < 10_000 {
                pending += String(decoding: pipe.fileHandleForReading.availableData, as: UTF8.self)
                while let newline = pending.firstIndex(of: "\n") {
                    let line = pending[..<newline]
                    pending = String(pending[pending.index(after: newline)...])
                    if let match = line.wholeMatch(of: /\[warning\] (\d+) log entries dropped: .*/) {
                        counts.withLock { $0.noted += Int(match.1)! }
                    } else if line.hasPrefix("[info] entry ") {
                        counts.withLock { $0.written += 1 }
                    }
                }
            }
        }
        #expect(accounted)
        #expect(counts.withLock { $0.noted } == dropped)
        #expect(counts.withLock { $0.written } == 10_000 - dropped)
        withExtendedLifetime(pipe) {}
    }
}
