import Foundation

/// The shape of a ``CatalogEndpoint`` without values: which parts are fixed and which carry its
/// parameters, for routing tables, documentation and logs.
///
/// ```swift
/// let shape = try GetTodo.shape()
/// print(shape)    // GET /todos/{id}?include
/// ```
///
/// Courier finds the shape by building the endpoint's request from probe values, once per
/// parameter, and seeing which parts change; nothing is declared twice.
public struct EndpointShape: Sendable, Hashable, CustomStringConvertible {
    /// One path segment: fixed text, or the parameter that fills it.
    public enum Segment: Sendable, Hashable {
        /// Fixed text (unencoded).
        case literal(String)
        /// A segment filled by the model property with this coding key, between fixed text
        /// (unencoded): `"\(sid).json"` is the parameter `sid` with the suffix `.json`.
        case parameter(String, prefix: String = "", suffix: String = "")

        /// The coding key of the property that fills the segment, or `nil` for fixed text.
        public var parameter: String? {
            if case .parameter(let key, _, _) = self { key } else { nil }
        }

        /// The segment in a path template: its text percent-encoded, the parameter as `{key}`.
        var template: String {
            switch self {
            case .literal(let text): PercentEncoding.encode(text)
            case .parameter(let key, let prefix, let suffix):
                PercentEncoding.encode(prefix) + "{\(key)}" + PercentEncoding.encode(suffix)
            }
        }
    }

    /// One query item, header field or cookie: a fixed value, or a parameter.
    public struct Field: Sendable, Hashable {
        /// The query item, header or cookie name on the wire.
        public let name: String
        /// The coding key of the property that fills it, or `nil` for a fixed value.
        public let parameter: String?
        /// The fixed value, for a field without a parameter.
        public let value: String?
        /// Whether a request must carry it: `false` for an optional property.
        public let isRequired: Bool
        /// Fixed text before the parameter's value, such as `Bearer ` in `Authorization`.
        public let valuePrefix: String
        /// Fixed text after the parameter's value.
        public let valueSuffix: String
        /// For a query parameter whose value is an array, how its elements are written (the
        /// ``name`` is then the array's name, without `[]` or `[0]`); `nil` for a single value.
        public internal(set) var arrayStrategy: FormEncoding.ArrayStrategy? = nil
        /// Whether the value is secret (``QueryItem/isSensitive``, ``HeaderField/isSensitive``, and
        /// every cookie): a fixed query item's reads `<redacted>` in the template.
        public internal(set) var isSecret = false
        /// Whether the endpoint declares the value secret itself (`isSecret: true`,
        /// ``Header/apiKey(_:in:)``), which makes a bare header or query parameter an API key.
        var isDeclaredSecret = false
    }

    /// The body: absent, fixed, filled by a parameter, or a multipart form of parts.
    public struct BodyShape: Sendable, Hashable {
        /// The coding key of the property the body encodes, or `nil` for a fixed body or a
        /// multipart form (whose ``parts`` carry the parameters).
        public let parameter: String?
        /// The body's media type; for a multipart form `multipart/form-data` without its
        /// boundary, which each request chooses.
        public let contentType: MediaType
        /// Whether a request must carry it.
        public let isRequired: Bool
        /// The parts of a `multipart/form-data` body, in order; empty for any other body.
        public let parts: [Part]
        /// Whether a server reads the body's parameter back from the bytes or text as sent, never
        /// as JSON or a form: a body sent as it is (``Body/data(_:contentType:)``,
        /// ``Body/text(_:contentType:)``) whatever its media type, and any other body whose media
        /// type is neither JSON nor a form.
        var isVerbatim = false
    }

    /// One part of a `multipart/form-data` body: its content, file name and content type are
    /// each fixed or filled by a parameter.
    public struct Part: Sendable, Hashable {
        /// The field name.
        public let name: String
        /// The coding key of the property that fills its content, or `nil` for fixed content.
        public let parameter: String?
        /// The fixed content, for a part without a parameter.
        public let value: Data?
        /// Its file name, named `filename`, if it sends one.
        public let filename: Field?
        /// Its `Content-Type`, if it sends one; a text field (``MultipartPart/text(_:_:)``)
        /// sends none.
        public let contentType: Field?
        /// Whether a request must carry it: `false` for a part an optional property adds.
        public let isRequired: Bool
        /// Fixed text before the parameter's value in a text field, such as `Re: `.
        public let valuePrefix: String
        /// Fixed text after the parameter's value in a text field.
        public let valueSuffix: String

        /// Whether the part is a text field: no file name and no content type. Its content is
        /// read as UTF-8 text, like a query value; any other part's content is bytes.
        public var isText: Bool { filename == nil && contentType == nil }
    }

    /// The method.
    public let method: HTTPMethod
    /// The path segments.
    public let path: [Segment]
    /// The query items, in declared order.
    public let query: [Field]
    /// The header fields the endpoint declares, in order (fixed ones included), but `Cookie`,
    /// whose cookies are ``cookies``.
    public let headers: [Field]
    /// The cookies the endpoint declares with ``Cookie``, in order (fixed ones included); each
    /// field's ``Field/name`` is the cookie's name.
    public internal(set) var cookies: [Field] = []
    /// The coding keys of the path parameters interpolated as `secret:`, whose values nothing
    /// shows.
    var secretPathParameters: Set<String> = []
    /// The body, if the endpoint has one.
    public let body: BodyShape?
    /// The status a server answers when the endpoint succeeds: its ``SuccessStatus``, else 204
    /// No Content for an ``Empty`` success and 200 OK for any other.
    public let successStatus: HTTPStatus

    /// The template: method, path with `{parameter}` segments, and query names, such as
    /// `GET /users/{id}?page`. Fixed query items show their value, except a secret one
    /// (`?api_key=<redacted>`), since the template reaches metrics and logs.
    public var description: String {
        var text = "\(method.rawValue) " + pathTemplate
        let items = query.map { field in
            field.parameter == nil
                ? "\(field.name)=\(field.isSecret ? "<redacted>" : field.value ?? "")" : field.name
        }
        if !items.isEmpty { text += "?" + items.joined(separator: "&") }
        return text
    }

    /// The path with `{parameter}` in place of each value, such as `/users/{id}` or
    /// `/messages/{sid}.json`.
    var pathTemplate: String {
        "/" + path.map(\.template).joined(separator: "/")
    }

    /// The coding keys of every parameter, in the order the request carries them.
    public var parameters: [String] {
        let fromPath = path.compactMap(\.parameter)
        let fromParts = (body?.parts ?? []).flatMap { part in
            [part.parameter, part.filename?.parameter, part.contentType?.parameter].compactMap { $0 }
        }
        return fromPath + query.compactMap(\.parameter) + headers.compactMap(\.parameter)
            + cookies.compactMap(\.parameter)
            + (body?.parameter.map { [$0] } ?? []) + fromParts
    }
}
