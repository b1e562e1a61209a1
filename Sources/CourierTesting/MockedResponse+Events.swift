import Courier
import Foundation

extension MockedResponse {
    /// Answers an `EventStream` endpoint with `events`, written as a `text/event-stream` body:
    /// each event's data encoded as JSON (a `String` as it is), with its type, ID and retry time.
    ///
    /// ```swift
    /// try await mocks.stub(
    ///     API.changes(), for: client,
    ///     with: .events([EventStream.Event(type: "add", id: "7", data: Change(id: 7))]))
    /// ```
    ///
    /// - Parameters:
    ///   - events: The events the stream delivers, in order.
    ///   - status: A 2xx status; `200 OK` by default. Events are read only from `200 OK` or the
    ///     endpoint's `SuccessStatus`: another status tests how the client refuses it.
    ///   - headers: More response headers.
    ///   - encoder: The encoder for each event's data; `nil` uses the client's.
    public static func events<Payload: Encodable & Sendable>(
        _ events: [EventStream<Payload>.Event], status: HTTPStatus = .ok, headers: HeaderFields = [],
        encoder: JSONEncoder? = nil
    ) -> MockedResponse where Success == EventStream<Payload> {
        MockedResponse { clientEncoder throws(CourierError) in
            try MockAnswer.checkSuccess(status)
            var text = ""
            for event in events {
                let data: String
                if let string = event.data as? String {
                    data = string
                } else {
                    let (_, encoded) = try MockAnswer.encode(event.data, with: encoder ?? clientEncoder)
                    data = String(decoding: encoded, as: UTF8.self)
                }
                if event.type != "message" { text += "event: \(event.type)\n" }
                if let id = event.id { text += "id: \(id)\n" }
                if let retry = event.retry {
                    let milliseconds =
                        retry.components.seconds * 1000 + retry.components.attoseconds / 1_000_000_000_000_000
                    text += "retry: \(milliseconds)\n"
                }
                for line in data.split(separator: "\n", omittingEmptySubsequences: false) {
                    text += "data: \(line)\n"
                }
                text += "\n"
            }
            return .response(
                status: status, headers: MockAnswer.headers(headers, contentType: .eventStream),
                body: Data(text.utf8))
        }
    }
}
