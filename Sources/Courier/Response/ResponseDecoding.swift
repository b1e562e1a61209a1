import Foundation

/// Decoding of success and documented-error bodies.
enum ResponseDecoding {
    /// A success body of the response to `request`, decoded as `type`: by its own
    /// ``CustomBodyDecoding``, else as JSON.
    static func decode<Value: Decodable>(
        _ type: Value.Type, from response: RawResponse, to request: EndpointRequest, decoder: JSONDecoder
    ) throws -> Value {
        if let value = try decodedItself(type, from: response, to: request, decoder: decoder) { return value }
        return try decoder.decode(Value.self, from: response.body)
    }

    /// The body decoded by `type`'s own ``CustomBodyDecoding``, or `nil` when `type` is not one.
    static func decodedItself<Value>(
        _ type: Value.Type, from response: RawResponse, to request: EndpointRequest, decoder: JSONDecoder
    ) throws -> Value? {
        guard let special = type as? any CustomBodyDecoding.Type else { return nil }
        let value = try special.decodeResponseBody(response, to: request, decoder: decoder)
        guard let typed = value as? Value else {
            throw DecodingError.typeMismatch(
                Value.self, .init(codingPath: [], debugDescription: "Unexpected type"))
        }
        return typed
    }

    /// The documented failure for a non-2xx response, or `nil` when the status is undocumented.
    ///
    /// The second value is the decoding error of a documented model that failed to decode.
    static func documentedFailure<Failure: Error>(
        _ type: Failure.Type, from response: RawResponse, to request: EndpointRequest, decoder: JSONDecoder
    ) -> (failure: Failure?, decodingError: (any Error)?) {
        if let documented = type as? any DocumentedErrors.Type {
            return documentedFailure(documented, from: response, to: request, decoder: decoder)
        }
        guard type != Never.self, let decodable = type as? any Decodable.Type else { return (nil, nil) }
        do {
            return (try decoder.decode(decodable, from: response.body) as? Failure, nil)
        } catch {
            return (nil, error)
        }
    }

    private static func documentedFailure<Documented: DocumentedErrors, Failure>(
        _ type: Documented.Type, from response: RawResponse, to request: EndpointRequest, decoder: JSONDecoder
    ) -> (failure: Failure?, decodingError: (any Error)?) {
        guard
            let entry = Documented.documentedStatuses.first(where: {
                $0.statuses.contains(response.status.code)
            })
        else { return (nil, nil) }
        do {
            return (try entry.decode(response, request, decoder) as? Failure, nil)
        } catch {
            return (nil, error)
        }
    }

    /// The name of the model `type` documents for `status`, when `type` is ``DocumentedErrors``.
    static func documentedModelName(_ type: Any.Type, for status: HTTPStatus) -> String? {
        guard let documented = type as? any DocumentedErrors.Type else { return nil }
        return modelName(documented, for: status)
    }

    private static func modelName<Documented: DocumentedErrors>(
        _ type: Documented.Type, for status: HTTPStatus
    )
        -> String?
    {
        type.documentedStatuses.first { $0.statuses.contains(status.code) }?.modelName
    }

    /// The lowercased `charset` parameter of a `Content-Type` value, if any.
    static func charset(in contentType: String) -> String? {
        MediaType(headerValue: contentType)?.charset
    }
}
