extension EventStream {
    /// One event: its type, ID, reconnection time and decoded data.
    public struct Event: Sendable {
        /// The event's type: its `event:` field, or `"message"` when it has none.
        public let type: String
        /// The stream's last event ID when the event arrived: its own `id:` field or an earlier
        /// event's; `nil` when there is none.
        public let id: String?
        /// The reconnection time in force when the event arrived: the stream's latest `retry:`
        /// field before the event's end, if any (a later one applies to later events only).
        public let retry: Duration?
        /// The event's `data:` lines, decoded.
        public let data: Payload

        /// Creates an event; for test doubles.
        ///
        /// - Parameters:
        ///   - type: The event's type.
        ///   - id: The last event ID, if any.
        ///   - retry: The reconnection time, if any.
        ///   - data: The decoded data.
        public init(type: String = "message", id: String? = nil, retry: Duration? = nil, data: Payload) {
            self.type = type
            self.id = id
            self.retry = retry
            self.data = data
        }
    }
}
