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
    /// The total deadline: the endpoint's ``Timeout``, else the client's (see
    /// ``Client/request(for:)``); `nil` for none.
    public let timeout: Duration?
    /// The time allowed until the server shows a sign of life, if set.
    public let connectTimeout: Duration?
    /// The longest silence allowed while sending or receiving, if set (else ``timeout`` is used).
    public let idleTimeout: Duration?
    /// Where a download's successful response body is written, when the request is a download
    /// (``Client/download(_:to:)``); `nil` keeps the body in memory.
    public let responseBodyFile: URL?
    /// The endpoint's template, such as `GET /todos/{id}`, when the client sent a
    /// ``CatalogEndpoint``; metrics and logs can group by it instead of by URL.
    public let template: String?
    /// Whether the endpoint declared itself ``Idempotent``.
    public let declaresIdempotent: Bool
    /// The endpoint's own ``ResponseValidation``, if it declared one.
    public let validation: ResponseValidation?

    init(
        method: HTTPMethod, pathSegments: [String], query: [QueryItem], headers: HeaderFields,
        body: RequestBody?, timeout: Duration?, connectTimeout: Duration? = nil,
        idleTimeout: Duration? = nil, declaresIdempotent: Bool = false,
        validation: ResponseValidation? = nil, responseBodyFile: URL? = nil, template: String? = nil
    ) {
        self.method = method
        self.pathSegments = pathSegments
        self.query = query
        self.headers = headers
        self.body = body
        self.timeout = timeout
        self.connectTimeout = connectTimeout
        self.idleTimeout = idleTimeout
        self.responseBodyFile = responseBodyFile
        self.template = template
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
            headers: headers ?? self.headers, body: body, timeout: timeout,
            connectTimeout: connectTimeout, idleTimeout: idleTimeout,
            declaresIdempotent: declaresIdempotent, validation: validation,
            responseBodyFile: responseBodyFile,
            template: template
        )
    }

    /// A copy whose unset timeouts take the given defaults, and with a download destination.
    func applying(
        timeout defaultTimeout: Duration?, connectTimeout defaultConnect: Duration?,
        idleTimeout defaultIdle: Duration?, responseBodyFile file: URL? = nil
    ) -> EndpointRequest {
        EndpointRequest(
            method: method, pathSegments: pathSegments, query: query, headers: headers, body: body,
            timeout: timeout ?? defaultTimeout, connectTimeout: connectTimeout ?? defaultConnect,
            idleTimeout: idleTimeout ?? defaultIdle, declaresIdempotent: declaresIdempotent,
            validation: validation, responseBodyFile: file ?? responseBodyFile, template: template
        )
    }

    /// A copy that names its endpoint's template.
    func naming(template: String?) -> EndpointRequest {
        EndpointRequest(
            method: method, pathSegments: pathSegments, query: query, headers: headers, body: body,
            timeout: timeout, connectTimeout: connectTimeout, idleTimeout: idleTimeout,
            declaresIdempotent: declaresIdempotent, validation: validation,
            responseBodyFile: responseBodyFile,
            template: template)
    }
}
