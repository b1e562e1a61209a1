import Foundation

/// The immutable request an endpoint describes: method, path, query, headers, body and timeout.
///
/// Build one from an ``Endpoint`` without any client or I/O, then inspect or compare it:
///
/// ```swift
/// let request = try API.user(42).request()
/// #expect(request.method == .get)
/// #expect(request.percentEncodedPath == "/users/42")
/// ```
///
/// Every value in it has been validated; it can only be changed through methods that validate
/// again, so an `EndpointRequest` is always sendable as it is.
public struct EndpointRequest: Sendable, Hashable {
    /// The method.
    public let method: HTTPMethod
    /// The path segments, unencoded, one per declared value.
    public let pathSegments: [String]
    /// The query parameters in declared order; names may repeat.
    public let query: [QueryItem]
    /// The header fields in declared order, including `Content-Type` from the body.
    public let headers: HeaderFields
    /// The body, if any.
    public let body: RequestBody?
    /// The endpoint's timeout, if it declared one.
    public let timeout: Duration?
    /// Whether the endpoint declared itself ``Idempotent``.
    public let declaresIdempotent: Bool
    /// The endpoint's own ``ResponseValidation``, if it declared one.
    public let validation: ResponseValidation?

    init(
        method: HTTPMethod, pathSegments: [String], query: [QueryItem], headers: HeaderFields,
        body: RequestBody?, timeout: Duration?, declaresIdempotent: Bool = false,
        validation: ResponseValidation? = nil
    ) {
        self.method = method
        self.pathSegments = pathSegments
        self.query = query
        self.headers = headers
        self.body = body
        self.timeout = timeout
        self.declaresIdempotent = declaresIdempotent
        self.validation = validation
    }

    /// Whether sending the request twice has the effect of sending it once: an idempotent method
    /// (`GET`, `HEAD`, `OPTIONS`, `PUT`, `DELETE`), a declared ``Idempotent``, or an
    /// `Idempotency-Key` header.
    public var isIdempotent: Bool {
        method.isIdempotent || declaresIdempotent || headers.contains(.idempotencyKey)
    }

    /// The path, percent-encoded, with a leading `/` (`"/"` when there are no segments).
    public var percentEncodedPath: String {
        "/" + pathSegments.map(PercentEncoding.encode).joined(separator: "/")
    }

    /// The query string without `?`, percent-encoded, or `nil` when there are no parameters.
    public var percentEncodedQuery: String? {
        query.isEmpty ? nil : query.map(\.percentEncoded).joined(separator: "&")
    }

    /// The path and query as sent in an HTTP/1.1 request line.
    public var percentEncodedTarget: String {
        percentEncodedPath + (percentEncodedQuery.map { "?" + $0 } ?? "")
    }

    /// A copy whose sensitive header values read `<redacted>`.
    public func redacted() -> EndpointRequest {
        let fields = headers.map { field in
            field.isSensitive ? HeaderField(name: field.name, value: "<redacted>", isSecret: true) : field
        }
        return replacing(headers: HeaderFields(fields))
    }

    /// A copy with other query parameters or headers; callers validate what they add.
    func replacing(query: [QueryItem]? = nil, headers: HeaderFields? = nil) -> EndpointRequest {
        EndpointRequest(
            method: method, pathSegments: pathSegments, query: query ?? self.query,
            headers: headers ?? self.headers,
            body: body, timeout: timeout, declaresIdempotent: declaresIdempotent, validation: validation
        )
    }
}
