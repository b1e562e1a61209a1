/// Rejects responses whose status or content type the endpoint or client does not accept.
///
/// The middleware's ``validation`` is the client's rule; an endpoint that declares its own
/// ``ResponseValidation`` is held to that one instead. Put it before (outside) a retry middleware,
/// so the retry still sees a 503 as a response.
///
/// ```swift
/// let client = Client(
///     baseURL: BaseURL("api.example.com"),
///     middleware: [ValidationMiddleware(ResponseValidation(contentTypes: [.json])), retry]
/// )
/// ```
///
/// The errors it throws and how it meets documented errors:
/// <doc:UsingMiddleware#Validate-responses>.
public struct ValidationMiddleware: Middleware {
    /// The rules for endpoints that declare no ``ResponseValidation``.
    public let validation: ResponseValidation

    /// Creates a validation middleware.
    ///
    /// - Parameter validation: The rules for endpoints that declare none; by default 2xx
    ///   statuses and any content type.
    public init(_ validation: ResponseValidation = ResponseValidation()) {
        self.validation = validation
    }

    /// Passes `request` on and checks the response against the endpoint's or the client's rules.
    public func intercept(_ request: EndpointRequest, baseURL: BaseURL, next: Next) async throws
        -> RawResponse
    {
        let response = try await next(request, baseURL)
        try Self.check(
            response, for: request, against: request.validation ?? validation,
            accepter: request.validation == nil ? "the client accepts" : "the endpoint accepts",
            stage: .middleware)
        return response
    }

    /// Throws ``CourierError/Kind/unacceptableStatus`` or ``CourierError/Kind/unacceptableContentType``
    /// when `response` breaks `rules`: the one check behind this middleware and behind the
    /// client's own check of an endpoint's ``ResponseValidation``. The `504` a cache made for a
    /// cache-only call is ``CourierError/Kind/notCached``, whatever the rules: no server answered.
    static func check(
        _ response: RawResponse, for request: EndpointRequest, against rules: ResponseValidation,
        accepter: String, stage: CourierError.Stage
    ) throws(CourierError) {
        if response.cacheOutcome == .unsatisfiable {
            throw .notCached(response, request: request, stage: stage)
        }
        guard rules.accepts(status: response.status) else {
            let accepted =
                rules.statuses.isEmpty
                ? "no status" : rules.statuses.map(Self.describe).joined(separator: ", ")
            throw CourierError(
                stage: stage, kind: .unacceptableStatus,
                statement: "The server answered \(response.status); \(accepter) \(accepted).",
                request: request, url: response.url, response: response, notes: response.notes)
        }
        guard response.bodyLength > 0 else { return }
        let declared = response.headers[.contentType]
        // A declared type written exactly as an accepted one (`application/json`) is valid, as
        // every `MediaType` is, and accepted by it: no need to parse it.
        if let declared, rules.contentTypes.contains(where: { $0.rawValue == declared }) { return }
        let contentType = declared.flatMap(MediaType.init(headerValue:))
        guard rules.accepts(contentType: contentType) else {
            let arrived =
                switch (declared, contentType) {
                case (nil, _): "The response body declares no Content-Type"
                case (let text?, nil): "The response body's Content-Type \(text.debugDescription) is invalid"
                case (_, let type?): "The response body is \(type.essence)"
                }
            let accepted = rules.contentTypes.map(\.essence).joined(separator: ", ")
            throw CourierError(
                stage: stage, kind: .unacceptableContentType,
                statement: "\(arrived); \(accepter) \(accepted).", request: request, url: response.url,
                response: response, notes: response.notes)
        }
    }

    /// `404` for a single code, `200...299` for a range.
    private static func describe(_ range: ClosedRange<HTTPStatus>) -> String {
        range.lowerBound == range.upperBound
            ? "\(range.lowerBound)" : "\(range.lowerBound)...\(range.upperBound)"
    }
}
