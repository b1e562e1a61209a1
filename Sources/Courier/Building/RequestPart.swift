import Foundation

/// One declared piece of a request, kept as data so a declaration can be read back.
///
/// Components erase to this list as soon as they enter a builder; nothing is resolved or
/// validated until ``Endpoint/request(encoder:)`` builds the ``EndpointRequest``.
enum RequestPart: Sendable {
    case method(MethodToken)
    case pathSegment(String)
    case query(name: String, value: String)
    case header(name: String, value: String, isSecret: Bool)
    case body(BodySource)
    case timeout(Duration)
}

/// A method as declared: a known value, or a runtime token validated when the request is built.
enum MethodToken: Sendable, Hashable {
    case known(HTTPMethod)
    case unchecked(String)
}

/// Where a body's bytes come from; JSON is encoded when the request is built, so the
/// client's default encoder can apply.
enum BodySource: Sendable {
    case bytes(Data, MediaType)
    case json(JSONPayload)
}

/// An `Encodable` value waiting for an encoder.
struct JSONPayload: Sendable {
    let value: any Encodable & Sendable
    let encoder: JSONEncoder?

    func encode(defaultEncoder: JSONEncoder) throws -> Data {
        try (encoder ?? defaultEncoder).encode(value)
    }
}
