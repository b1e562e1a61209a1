import Foundation

/// Success types whose body streams: ``Client/send(_:)`` asks the transport to return their
/// response at its head (``EndpointRequest/streamsResponse``).
protocol StreamedResponseBody: CustomBodyDecoding {
    /// The header fields a request for this body carries when neither its endpoint nor the
    /// call sets one of the same name; they come before the client's defaults.
    static var requestHeaders: HeaderFields { get }
}

extension ResponseBodyStream: StreamedResponseBody, Decodable {
    /// None: a body stream may be of any type.
    static var requestHeaders: HeaderFields { [] }

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
    /// What a browser's `EventSource` sends (WHATWG HTML §9.2.2): it asks for an event stream,
    /// and for one no cache on the way answers from storage.
    static var requestHeaders: HeaderFields {
        [
            HeaderField(name: .accept, value: MediaType.eventStream.description),
            HeaderField(name: .cacheControl, value: "no-cache"),
        ]
    }

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
