import Foundation

/// A `text/event-stream` response (Server-Sent Events), as typed events: the success type of an
/// endpoint that streams them.
///
/// Each event's `data` decodes as `Payload` with the endpoint's decoder (the client's when it
/// declares none); with `String` as `Payload` the data is delivered as it is. ``Client/send(_:)``
/// returns the stream as soon as its head arrives. Events are read only from `200 OK` (or the
/// endpoint's ``SuccessStatus``) with a `text/event-stream` `Content-Type`: another 2xx status
/// throws ``CourierError/Kind/unacceptableStatus``, another type or none
/// ``CourierError/Kind/unacceptableContentType`` (204 No Content is a stream without events), and
/// neither is reconnected. A non-2xx answer decodes as the endpoint's
/// documented `Failure`, as for any endpoint. ``Client/events(_:reconnection:)`` adds
/// reconnection.
///
/// ```swift
/// struct Delta: Decodable, Sendable { let text: String }
///
/// let completions = Endpoint<EventStream<Delta>, APIError> {
///     Method.post
///     Path("completions")
/// }
/// for try await event in try await client.send(completions).get() {
///     print(event.id ?? "-", event.data.text)
/// }
/// ```
///
/// The request asks for `text/event-stream` with `Cache-Control: no-cache`, as a browser's
/// `EventSource` does, unless the endpoint or the call sets those fields.
///
/// Events follow the WHATWG HTML rules for event streams: `event`, multi-line `data`, `id`,
/// `retry`, comments, CR, LF or CR LF line endings, a leading byte-order mark. A body that ends in
/// the middle of an event throws ``CourierError/Kind/truncatedResponse`` instead of delivering half
/// of it. An event's data over 1 MiB, or a line over 1 MiB and 16 bytes (room for a field's name
/// before 1 MiB of data), throws ``CourierError/Kind/responseTooLarge``.
public struct EventStream<Payload: Decodable & Sendable>: AsyncSequence, Sendable {
    /// One event.
    public typealias Element = Event

    let body: ResponseBodyStream
    let decoder: JSONDecoder
    let limits: EventStreamParser.Limits
    let reconnection: EventStreamReconnection?

    init(
        body: ResponseBodyStream, decoder: JSONDecoder, limits: EventStreamParser.Limits = .standard,
        reconnection: EventStreamReconnection? = nil
    ) {
        self.body = body
        self.decoder = decoder
        self.limits = limits
        self.reconnection = reconnection
    }

    /// Reads the events.
    public func makeAsyncIterator() -> Iterator {
        Iterator(stream: self)
    }

    /// Reads the events of an ``EventStream``.
    public struct Iterator: AsyncIteratorProtocol {
        private var chunks: ResponseBodyStream.Iterator
        private var parser: EventStreamParser
        private var ready: [ServerSentEvent] = []
        private var index = 0
        private var isDone = false
        /// A parser error, thrown once the events completed before it are delivered.
        private var pendingError: CourierError?
        private var reconnecting: EventStreamReconnection.Run?
        private let decoder: JSONDecoder

        init(stream: EventStream) {
            chunks = stream.body.makeAsyncIterator()
            parser = EventStreamParser(limits: stream.limits)
            decoder = stream.decoder
            reconnecting = stream.reconnection.map { EventStreamReconnection.Run(policy: $0) }
        }

        /// The next event, or `nil` when the stream ended (with reconnection: when the server
        /// answered 204 No Content).
        ///
        /// - Throws: ``CourierError``: ``CourierError/Kind/truncatedResponse`` for a body that ended
        ///   in the middle of an event, ``CourierError/Kind/decodingFailed`` for data that did not
        ///   decode, ``CourierError/Kind/responseTooLarge`` past a limit, and the body's errors.
        public mutating func next() async throws -> Event? {
            while index == ready.count {
                ready.removeAll(keepingCapacity: true)
                index = 0
                if isDone { return nil }
                do {
                    if let pendingError {
                        self.pendingError = nil
                        throw pendingError
                    }
                    if let chunk = try await chunks.next() {
                        do {
                            try parser.parse(chunk, into: &ready)
                        } catch {
                            pendingError = error
                        }
                        if !ready.isEmpty { reconnecting?.receivedEvent() }
                        continue
                    }
                    if parser.isInsideEvent {
                        throw CourierError(
                            stage: .transport, kind: .truncatedResponse,
                            message: "The event stream ended in the middle of an event; it was discarded.")
                    }
                    guard reconnecting != nil else {
                        isDone = true
                        return nil
                    }
                    try await reconnect(after: nil)
                } catch let error as CourierError {
                    guard reconnecting != nil, EventStreamReconnection.retries(error) else { throw error }
                    try await reconnect(after: error)
                }
            }
            defer { index += 1 }
            return try decode(ready[index])
        }

        /// Waits and connects again; ends the iteration on 204.
        private mutating func reconnect(after error: CourierError?) async throws {
            guard var run = reconnecting else { return }
            defer { reconnecting = run }
            let lastEventID = parser.lastEventID
            guard
                let body = try await run.reconnect(
                    after: error, lastEventID: lastEventID, retry: parser.reconnectionTime)
            else {
                isDone = true
                return
            }
            chunks = body.makeAsyncIterator()
            parser = parser.continuing()
        }

        private func decode(_ event: ServerSentEvent) throws(CourierError) -> Event {
            let data: Payload
            if let text = event.data as? Payload {
                data = text
            } else {
                do {
                    data = try decoder.decode(Payload.self, from: Data(event.data.utf8))
                } catch {
                    var message = "The data of event '\(event.type)'"
                    if let id = event.lastEventID { message += " (ID \(id))" }
                    message += " did not decode as \(Payload.self)"
                    if let decodingError = error as? DecodingError {
                        message += ": " + CourierError.describe(decodingError)
                    }
                    throw CourierError(
                        stage: .decoding, kind: .decodingFailed, message: message, underlying: error)
                }
            }
            return Event(type: event.type, id: event.lastEventID, retry: event.retry, data: data)
        }
    }
}
