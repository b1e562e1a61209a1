/// One event of a `text/event-stream` response, as the WHATWG HTML standard's Server-Sent Events
/// define it, before its data is decoded into an ``EventStream/Event``.
///
/// ```swift
/// let event = ServerSentEvent(type: "add", data: #"{"id":7}"#, lastEventID: "7")
/// // event: add
/// // id: 7
/// // data: {"id":7}
/// ```
struct ServerSentEvent: Sendable, Hashable {
    /// The event's type: its `event:` field, or `"message"` when the stream named none.
    var type: String
    /// The event's `data:` lines, joined by `"\n"`.
    var data: String
    /// The stream's last event ID when this event was dispatched: the latest `id:` field so far,
    /// in this event or an earlier one; `nil` when there is none or it was reset by an empty `id:`.
    var lastEventID: String?
    /// The reconnection time in force when this event was dispatched: the latest valid `retry:`
    /// field before the empty line that ended it, whatever came after it in the same bytes.
    var retry: Duration?

    /// Creates an event.
    ///
    /// - Parameters:
    ///   - type: The event's type; `"message"` by default, as a stream without `event:` gives.
    ///   - data: The event's data.
    ///   - lastEventID: The stream's last event ID, if any.
    ///   - retry: The reconnection time when the event was dispatched, if any.
    init(type: String = "message", data: String, lastEventID: String? = nil, retry: Duration? = nil) {
        self.type = type
        self.data = data
        self.lastEventID = lastEventID
        self.retry = retry
    }
}
