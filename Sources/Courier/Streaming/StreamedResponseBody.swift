import Foundation

/// Success types whose body streams: ``Client/send(_:)`` asks the transport to return their
/// response at its head (``EndpointRequest/streamsResponse``).
protocol StreamedResponseBody: CustomBodyDecoding {}

extension ResponseBodyStream: StreamedResponseBody, Decodable {
    /// Always throws: a body stream comes from a response, never from a decoder.
    ///
    /// It is `Decodable` only so that it can be an endpoint's success type.
    public init(from decoder: any Decoder) throws {
        throw DecodingError.typeMismatch(
            ResponseBodyStream.self,
            .init(
                codingPath: decoder.codingPath,
                debugDescription:
                    "A ResponseBodyStream is the body of a streamed response; it does not decode."))
    }

    static func decodeResponseBody(_ response: RawResponse, to request: EndpointRequest, decoder: JSONDecoder)
        throws -> ResponseBodyStream
    {
        response.bodyStream ?? ResponseBodyStream(response.body)
    }
}

extension EventStream: StreamedResponseBody, Decodable {
    /// Always throws: an event stream comes from a response, never from a decoder.
    ///
    /// It is `Decodable` only so that it can be an endpoint's success type.
    public init(from decoder: any Decoder) throws {
        throw DecodingError.typeMismatch(
            EventStream.self,
            .init(
                codingPath: decoder.codingPath,
                debugDescription: "An EventStream is the body of a streamed response; it does not decode."))
    }

    /// The events of `response`, once ``EventStreamHead`` found it an event stream.
    static func decodeResponseBody(_ response: RawResponse, to request: EndpointRequest, decoder: JSONDecoder)
        throws -> EventStream
    {
        try EventStreamHead.check(response, for: request)
        return EventStream(body: response.bodyStream ?? ResponseBodyStream(response.body), decoder: decoder)
    }
}
