import Foundation

/// Writes entries as lines of text, `[level] message`, to standard output or another file handle.
///
/// Logging never blocks the request: ``log(_:)`` only appends the entry to a bounded buffer, and
/// one background thread writes the buffer out. When the output cannot keep up (a full pipe, a
/// stalled terminal) and the buffer is full, further entries are dropped and counted, and the
/// writer notes `[warning] N log entries dropped` once it can write again.
///
/// ```swift
/// let logging = LoggingMiddleware(level: .info, sink: TextLogSink(fileHandle: .standardError))
/// ```
public struct TextLogSink: LogSink {
    /// The buffer and thread this sink writes through; copies share it.
    let writer: LineWriter

    /// The sink to standard output that ``LoggingMiddleware`` uses by default, one for the whole
    /// process: however many clients log through it, one writer thread writes their lines, and
    /// lines of different clients never interleave. Its buffer (1000 entries) and its
    /// ``droppedEntries`` are shared by every middleware that logs through it.
    public static let standardOutput = TextLogSink()

    /// Creates a sink with a buffer and a writer thread of its own; for standard output, share
    /// ``standardOutput`` instead.
    ///
    /// - Parameters:
    ///   - fileHandle: Where the lines go; standard output by default.
    ///   - capacity: The most entries waiting to be written; more are dropped and counted.
    public init(fileHandle: FileHandle = .standardOutput, capacity: Int = 1_000) {
        writer = LineWriter(fileHandle: fileHandle, capacity: max(1, capacity))
    }

    /// Queues `entry` for the writer thread, or counts it as dropped when the buffer is full.
    public func log(_ entry: LogEntry) {
        writer.enqueue(entry.description + "\n")
    }

    /// How many entries this sink has dropped because its buffer was full.
    public var droppedEntries: Int {
        writer.droppedEntries
    }
}

/// The buffer of a ``TextLogSink`` and the thread that drains it.
///
/// `@unchecked Sendable` is safe: `pending`, `dropped`, `droppedEntries` and `isWriting` are only
/// read or changed while `condition` is locked, and `fileHandle` is only written by the single
/// writer thread (`isWriting` guarantees there is at most one).
final class LineWriter: @unchecked Sendable {
    /// How long an idle writer thread waits for more entries before it ends.
    private static let linger: TimeInterval = 1

    private let condition = NSCondition()
    private let fileHandle: FileHandle
    private let capacity: Int
    private var pending: [String] = []
    private var dropped = 0
    private var totalDropped = 0
    private var isWriting = false

    init(fileHandle: FileHandle, capacity: Int) {
        self.fileHandle = fileHandle
        self.capacity = capacity
    }

    var droppedEntries: Int {
        condition.lock()
        defer { condition.unlock() }
        return totalDropped
    }

    func enqueue(_ text: String) {
        condition.lock()
        guard pending.count < capacity else {
            dropped += 1
            totalDropped += 1
            condition.unlock()
            return
        }
        pending.append(text)
        let startsWriter = !isWriting
        isWriting = true
        condition.signal()
        condition.unlock()
        if startsWriter {
            let thread = Thread { [self] in drain() }
            thread.name = "Courier log writer"
            thread.start()
        }
    }

    /// Writes batches until the buffer has stayed empty for ``linger``.
    private func drain() {
        while let (batch, droppedCount) = nextBatch() {
            var text = batch.joined()
            if droppedCount > 0 {
                text += "[warning] \(droppedCount) log entries dropped: the output did not keep up.\n"
            }
            try? fileHandle.write(contentsOf: Data(text.utf8))
        }
    }

    /// Takes everything pending, waiting up to ``linger`` for something; `nil` ends the writer.
    private func nextBatch() -> ([String], Int)? {
        condition.lock()
        defer { condition.unlock() }
        let deadline = Date(timeIntervalSinceNow: Self.linger)
        while pending.isEmpty && dropped == 0 {
            guard condition.wait(until: deadline) || !pending.isEmpty || dropped > 0 else {
                isWriting = false
                return nil
            }
        }
        defer {
            pending.removeAll(keepingCapacity: true)
            dropped = 0
        }
        return (pending, dropped)
    }
}
