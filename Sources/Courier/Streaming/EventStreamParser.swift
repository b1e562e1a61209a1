/// Reads a `text/event-stream` body incrementally, by the WHATWG HTML standard's rules for
/// interpreting an event stream.
///
/// Bytes may arrive in chunks of any size: a line, a UTF-8 sequence or a CR LF pair split between
/// chunks reads as if it had arrived whole. Lines end with CR LF, LF or CR; a byte-order mark is
/// dropped at the start of the stream only; a line starting with `:` is a comment; a field without
/// a colon has an empty value; one space after the colon is dropped; unknown fields are ignored;
/// an event is dispatched at an empty line when it has data, and an event the stream ends in the
/// middle of is discarded, never dispatched half.
struct EventStreamParser: Sendable {
    /// The most a line, or the data of one event, may hold.
    struct Limits: Sendable, Hashable {
        /// The longest line, in bytes, without its line ending.
        var lineBytes: Int
        /// The most data one event may carry, in bytes of UTF-8.
        var eventBytes: Int

        /// 1 MiB of data per event, and per line besides its field's name: an event's whole data
        /// fits on one `data:` line, even after a byte-order mark.
        static let standard = Limits(lineBytes: (1 << 20) + 16, eventBytes: 1 << 20)
    }

    let limits: Limits
    /// The last event ID so far, which a reconnection sends as `Last-Event-ID`; `""` for none.
    ///
    /// An `id:` field fills a buffer that becomes the last event ID only at the empty line ending
    /// its event (even an event without data): the ID of an event the stream was cut in the middle
    /// of is never sent.
    private(set) var lastEventID = ""
    /// The reconnection time the stream asked for in its latest valid `retry:` field.
    private(set) var reconnectionTime: Duration?

    private var line: [UInt8] = []
    private var data = ""
    private var eventType = ""
    private var idBuffer = ""
    private var isAtStreamStart = true
    private var skipsLineFeed = false

    init(limits: Limits = .standard) {
        self.limits = limits
    }

    /// Reads the next bytes of the stream, returning the events they complete, in order.
    ///
    /// - Throws: ``CourierError`` of kind ``CourierError/Kind/responseTooLarge`` when a line or an
    ///   event's data passes its limit.
    mutating func parse(_ bytes: some Sequence<UInt8>) throws(CourierError) -> [ServerSentEvent] {
        var events: [ServerSentEvent] = []
        try parse(bytes, into: &events)
        return events
    }

    /// Reads the next bytes of the stream, appending the events they complete to `events` as
    /// they complete: when a limit throws, the events before it are there.
    ///
    /// - Throws: ``CourierError`` of kind ``CourierError/Kind/responseTooLarge`` when a line or an
    ///   event's data passes its limit.
    mutating func parse(
        _ bytes: some Sequence<UInt8>, into events: inout [ServerSentEvent]
    ) throws(CourierError) {
        for byte in bytes {
            if skipsLineFeed {
                skipsLineFeed = false
                if byte == UInt8(ascii: "\n") { continue }
            }
            switch byte {
            case UInt8(ascii: "\r"), UInt8(ascii: "\n"):
                skipsLineFeed = byte == UInt8(ascii: "\r")
                if let event = try endLine() { events.append(event) }
            default:
                guard line.count < limits.lineBytes else {
                    throw Self.tooLarge("An event-stream line is longer than \(limits.lineBytes) bytes.")
                }
                line.append(byte)
            }
        }
    }

    /// Whether the bytes so far end in the middle of an event: `data` or `event` fields without
    /// the empty line that dispatches them, or a field line without its ending. A comment or an
    /// `id:` line without its ending loses nothing, so it does not count.
    var isInsideEvent: Bool {
        !data.isEmpty || !eventType.isEmpty || isInsideFieldLine
    }

    private var isInsideFieldLine: Bool {
        var bytes = line[...]
        if isAtStreamStart, bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes = bytes.dropFirst(3) }
        guard let first = bytes.first else { return false }
        if first == UInt8(ascii: ":") { return false }
        guard let colon = bytes.firstIndex(of: UInt8(ascii: ":")) else { return true }
        return !bytes[..<colon].elementsEqual("id".utf8)
    }

    /// A parser for the stream a reconnection opens: it starts afresh but keeps the last event ID
    /// and the reconnection time.
    func continuing() -> EventStreamParser {
        var next = EventStreamParser(limits: limits)
        next.lastEventID = lastEventID
        next.idBuffer = lastEventID
        next.reconnectionTime = reconnectionTime
        return next
    }

    /// Ends the stream: an event without its closing empty line is discarded.
    mutating func finish() {
        line.removeAll()
        data = ""
        eventType = ""
        idBuffer = lastEventID
    }

    private mutating func endLine() throws(CourierError) -> ServerSentEvent? {
        defer { line.removeAll(keepingCapacity: true) }
        var start = 0
        if isAtStreamStart {
            isAtStreamStart = false
            if line.starts(with: [0xEF, 0xBB, 0xBF]) { start = 3 }
        }
        let bytes = line[start...]
        guard !bytes.isEmpty else { return dispatch() }
        if bytes.first == UInt8(ascii: ":") { return nil }
        let colon = bytes.firstIndex(of: UInt8(ascii: ":"))
        let name = String(decoding: bytes[..<(colon ?? bytes.endIndex)], as: UTF8.self)
        var valueStart = colon.map { bytes.index(after: $0) } ?? bytes.endIndex
        if valueStart < bytes.endIndex, bytes[valueStart] == UInt8(ascii: " ") { valueStart += 1 }
        let value = String(decoding: bytes[valueStart...], as: UTF8.self)
        try process(field: name, value: value)
        return nil
    }

    private mutating func process(field name: String, value: String) throws(CourierError) {
        switch name {
        case "event":
            eventType = value
        case "data":
            // The buffer ends with a line feed that dispatching drops: the data as dispatched.
            guard data.utf8.count + value.utf8.count <= limits.eventBytes else {
                throw Self.tooLarge("An event's data is longer than \(limits.eventBytes) bytes.")
            }
            data += value
            data += "\n"
        case "id":
            if !value.unicodeScalars.contains("\0") { idBuffer = value }
        case "retry":
            if !value.isEmpty,
                value.utf8.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }),
                let milliseconds = Int(value)
            {
                reconnectionTime = .milliseconds(milliseconds)
            }
        default:
            break
        }
    }

    private mutating func dispatch() -> ServerSentEvent? {
        defer {
            data = ""
            eventType = ""
        }
        lastEventID = idBuffer
        // A `data` line always adds a line feed, so empty means no data line since the last event.
        guard !data.isEmpty else { return nil }
        return ServerSentEvent(
            type: eventType.isEmpty ? "message" : eventType, data: String(data.dropLast()),
            lastEventID: lastEventID.isEmpty ? nil : lastEventID, retry: reconnectionTime)
    }

    private static func tooLarge(_ message: String) -> CourierError {
        CourierError(stage: .transport, kind: .responseTooLarge, message: message)
    }
}
