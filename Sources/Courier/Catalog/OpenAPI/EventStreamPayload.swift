import Foundation

/// An ``EventStream`` type, whatever its payload: how the OpenAPI export finds the type of its
/// events' data.
protocol EventStreamPayload {
    /// The type each event's `data` decodes as.
    static var payloadType: any Decodable.Type { get }
}

extension EventStream: EventStreamPayload {
    static var payloadType: any Decodable.Type { Payload.self }
}
