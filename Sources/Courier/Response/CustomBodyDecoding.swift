import Foundation

/// Success types with their own rules for turning a body into a value.
///
/// A ``CourierError`` one throws reaches the caller as it is; any other error as
/// ``CourierError/Kind/decodingFailed``.
protocol CustomBodyDecoding {
    static func decodeResponseBody(_ response: RawResponse, to request: EndpointRequest, decoder: JSONDecoder)
        throws -> Self
}

extension Data: CustomBodyDecoding {
    static func decodeResponseBody(_ response: RawResponse, to request: EndpointRequest, decoder: JSONDecoder)
        throws -> Data
    {
        response.body
    }
}

extension Empty: CustomBodyDecoding {
    static func decodeResponseBody(_ response: RawResponse, to request: EndpointRequest, decoder: JSONDecoder)
        throws -> Empty
    {
        Empty()
    }
}

extension String: CustomBodyDecoding {
    /// Text in the charset the `Content-Type` names: UTF-8 when it names none; also US-ASCII,
    /// ISO-8859-1, UTF-16 (a byte-order mark decides, big-endian without one), UTF-16LE and
    /// UTF-16BE. Another charset, or bytes invalid in the charset, fail to decode: nothing is
    /// replaced with U+FFFD.
    static func decodeResponseBody(_ response: RawResponse, to request: EndpointRequest, decoder: JSONDecoder)
        throws -> String
    {
        let name = response.headers[.contentType].flatMap(ResponseDecoding.charset) ?? "utf-8"
        guard let charset = Charset(name: name) else {
            throw DecodingError.dataCorrupted(
                .init(codingPath: [], debugDescription: "Courier does not decode charset \(name).")
            )
        }
        guard let text = charset.decode(response.body) else {
            throw DecodingError.dataCorrupted(
                .init(codingPath: [], debugDescription: "The body is not valid text in charset \(name).")
            )
        }
        return text
    }
}

extension Optional: CustomBodyDecoding where Wrapped: Decodable {
    /// `nil` for an empty body; otherwise the wrapped type's decoding.
    static func decodeResponseBody(_ response: RawResponse, to request: EndpointRequest, decoder: JSONDecoder)
        throws -> Wrapped?
    {
        response.body.isEmpty
            ? nil : try ResponseDecoding.decode(Wrapped.self, from: response, to: request, decoder: decoder)
    }
}
