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
/// Every value in it has been validated. Its properties are read-only outside Courier, and the
/// methods that change a copy (``addingHeader(_:)``, ``settingHeader(_:)``, …) validate again, so
/// an `EndpointRequest` is always sendable as it is.
public struct EndpointRequest: Sendable, Hashable {
    /// The method.
    public internal(set) var method: HTTPMethod
    /// The path segments, unencoded, one per declared value; a path declared with a trailing
    /// slash (`Path("users/")`) ends with an empty segment, as RFC 3986 reads `/users/`.
    public internal(set) var pathSegments: [String]
    /// The query parameters in declared order; names may repeat.
    public internal(set) var query: [QueryItem]
    /// The header fields in declared order, including `Content-Type` from the body.
    public internal(set) var headers: HeaderFields
    /// The body, if any.
    public internal(set) var body: RequestBody?
    /// How long the request may take: the endpoint's ``Timeout``, with the client's filling what it
    /// leaves unset (see ``Client/request(for:options:)``); a `nil` value is not limited by Courier (an
    /// unset idle timeout falls back to the total one, else to the transport's default).
    public internal(set) var timeout: Timeout
    /// Where a download's successful response body is written, when the request is a download
    /// (``Client/download(_:to:)``); `nil` keeps the body in memory.
    public internal(set) var responseBodyFile: URL?
    /// The bytes a resumable download kept from an interrupted attempt, which the response
    /// continues or replaces (``Client/download(_:to:resumable:)``).
    var partialDownload: PartialDownload?
    /// Whether a successful response's body is streamed as it arrives (``Client/stream(_:deadline:)``)
    /// rather than collected.
    public internal(set) var streamsResponse = false
    /// The endpoint's template, such as `GET /todos/{id}`, when the client sent a
    /// ``CatalogEndpoint``; metrics and logs can group by it instead of by URL.
    public internal(set) var template: String?
    /// Whether the endpoint declared itself ``Idempotent``.
    public internal(set) var declaresIdempotent: Bool
    /// The endpoint's own ``ResponseValidation``, if it declared one.
    public internal(set) var validation: ResponseValidation?
    /// The endpoint's declared ``SuccessStatus``, if any: what a server answers when it succeeds.
    public internal(set) var successStatus: HTTPStatus?
    /// How an ``HTTPCacheMiddleware`` treats this call, from ``CallOptions/cachePolicy``; `nil`
    /// leaves it to the middleware's own policy.
    public internal(set) var cachePolicy: CachePolicy?
    /// The path's values declared secret (`Path("bot\(secret: token)")`) and where they stand,
    /// when it has any.
    var secretPath: SecretPath?

    /// The secret values of a path, which every rendering of the request hides.
    struct SecretPath: Sendable, Hashable {
        /// The values' texts.
        var values: [String]
        /// ``EndpointRequest/pathSegments`` with each secret value replaced by
        /// ``PathLiteral/secretMark``.
        var markedSegments: [String]
    }

    /// The texts of the path's secret values.
    var pathSecrets: [String] { secretPath?.values ?? [] }

    /// ``pathSegments`` with each secret value replaced by ``PathLiteral/secretMark``, when the path
    /// holds one.
    var redactedPathSegments: [String]? { secretPath?.markedSegments }

    /// ``pathSegments`` as shown: each secret value as `<redacted>`.
    var shownPathSegments: [String] {
        guard let marked = secretPath?.markedSegments else { return pathSegments }
        return marked.map { $0.replacingOccurrences(of: String(PathLiteral.secretMark), with: "<redacted>") }
    }

    /// The text `render` makes of this request's URL, or part of it, with each secret path value
    /// as `<redacted>`: `render` is handed the request with its secrets marked, and the marks in
    /// its text become `<redacted>`. A request without a secret path value is rendered as it is.
    func hidingPathSecrets<Failure: Error>(
        in render: (EndpointRequest) throws(Failure) -> String
    ) throws(Failure) -> String {
        guard let marked = secretPath?.markedSegments else { return try render(self) }
        var request = self
        request.pathSegments = marked
        return LogRedaction.showingSecretMarks(in: try render(request))
    }

    /// The absolute URL the request targets instead of the base URL, from ``AbsoluteURL`` or
    /// ``CallOptions/url``.
    var absoluteTarget: AbsoluteTarget?
    /// The call's change to the `URLRequest`, from ``CallOptions/configureURLRequest``.
    var urlRequestConfiguration: URLRequestConfiguration?
    /// The call's deadline and observers, which are not part of the request's value.
    var context = CallContext.empty

    /// The absolute URL the request targets instead of the client's base URL (its path segments
    /// and query items follow the URL's own; a ``CallOptions/url`` request has none of the
    /// endpoint's), or `nil` for a request resolved against the base.
    ///
    /// Declared with ``AbsoluteURL`` or per call with ``CallOptions/url``.
    public var absoluteURL: URL? { absoluteTarget?.url }

    init(
        method: HTTPMethod, pathSegments: [String], query: [QueryItem], headers: HeaderFields,
        body: RequestBody?, timeout: Timeout = Timeout(), declaresIdempotent: Bool = false,
        validation: ResponseValidation? = nil, successStatus: HTTPStatus? = nil
    ) {
        self.method = method
        self.pathSegments = pathSegments
        self.query = query
        self.headers = headers
        self.body = body
        self.timeout = timeout
        self.declaresIdempotent = declaresIdempotent
        self.validation = validation
        self.successStatus = successStatus
    }

    /// A copy changed by `change`. Callers validate what they add.
    func with<Failure: Error>(_ change: (inout EndpointRequest) throws(Failure) -> Void) throws(Failure)
        -> EndpointRequest
    {
        var copy = self
        try change(&copy)
        return copy
    }

    /// Whether sending the request twice has the effect of sending it once: an idempotent method
    /// (`GET`, `HEAD`, `OPTIONS`, `PUT`, `DELETE`), a declared ``Idempotent``, or an
    /// `Idempotency-Key` header that is not empty.
    public var isIdempotent: Bool {
        method.isIdempotent || declaresIdempotent || headers.hasIdempotencyKey
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

    /// A copy whose sensitive header, query and path values read `<redacted>`: credential headers,
    /// headers and query items marked secret, query items sensitive by name
    /// (``QueryItem/isSensitiveByDefault(name:)``), and path values interpolated as `secret:`
    /// (``PathLiteral``).
    public func redacted() -> EndpointRequest {
        let fields = headers.map { field in
            field.isSensitive ? HeaderField(name: field.name, value: "<redacted>", isSecret: true) : field
        }
        return with {
            $0.headers = HeaderFields(fields)
            if $0.query.contains(where: \.isSensitive) { $0.query = $0.query.map(\.redacted) }
            if $0.secretPath != nil {
                $0.pathSegments = $0.shownPathSegments
                $0.secretPath = nil
            }
        }
    }
}

extension EndpointRequest: CustomReflectable {
    /// The request's public values, its secret path values as `<redacted>`, so that `print`,
    /// `dump` and a failed test's description show no path secret; headers and query items
    /// hide their own secrets.
    public var customMirror: Mirror {
        Mirror(
            self,
            children: [
                "method": method, "pathSegments": shownPathSegments, "query": query, "headers": headers,
                "body": body as Any,
                "timeout": timeout, "absoluteURL": absoluteURL as Any,
                "responseBodyFile": responseBodyFile as Any,
                "streamsResponse": streamsResponse, "template": template as Any,
                "declaresIdempotent": declaresIdempotent, "validation": validation as Any,
                "successStatus": successStatus as Any, "cachePolicy": cachePolicy as Any,
            ],
            displayStyle: .struct)
    }
}
