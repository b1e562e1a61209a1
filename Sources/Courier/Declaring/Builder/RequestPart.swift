import Foundation

/// One declared piece of a request, kept as data so a declaration can be read back.
///
/// Components erase to this list as soon as they enter a builder; nothing is resolved or
/// validated until ``Endpoint/request(encoder:formEncoding:)`` builds the ``EndpointRequest``.
enum RequestPart: Sendable {
    case method(MethodToken)
    case path([String], PathDisplay)
    case query(QueryDeclaration, isSecret: Bool)
    case header(HeaderName, value: String, isSecret: Bool)
    case cookie(name: String, value: String)
    case body(BodySource)
    case timeout(Timeout)
    case formEncoding(FormEncoding)
    case idempotent
    case validation(ResponseValidation)
    /// A problem a component found when it was declared, reported when the request is built.
    indirect case invalid(CourierError)
    case successStatus(HTTPStatus)
    case absoluteURL(URL, sendsSecretsToOtherOrigin: Bool)
}

/// A method as declared: a known value, or a runtime token validated when the request is built.
enum MethodToken: Sendable, Hashable {
    case known(HTTPMethod)
    case unchecked(String)
}

/// A query declaration: text as it is, or a value written by the endpoint's ``FormEncoding``.
enum QueryDeclaration: Sendable {
    case text(name: String, value: String)
    case named(String, any EncodableValue)
    case whole(any EncodableValue)
}

/// Where a body's bytes come from; encoders run when the request is built, so the client's
/// defaults can apply.
enum BodySource: Sendable {
    case bytes(Data, MediaType)
    case json(JSONPayload)
    case form(FormPayload)
    case text(String, MediaType)
    case file(URL, MediaType?)
    case multipart([MultipartPart], boundary: String?)
    case stream(RequestBodyStream, MediaType)
}

/// An `Encodable` value waiting for an encoder.
struct JSONPayload: Sendable {
    let value: any EncodableValue
    /// The endpoint's own encoder, which wins over the client's.
    let encoder: JSONEncoder?
}

/// A form body: a value for the endpoint's ``FormEncoding``, or pairs as given.
enum FormPayload: Sendable {
    case value(any EncodableValue)
    case items([QueryItem])
}
