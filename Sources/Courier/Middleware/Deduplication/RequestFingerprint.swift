/// What makes two requests the same request for ``DeduplicationMiddleware``: the whole request
/// value and the base URL it is sent to.
///
/// The request value carries the method, the path, the query, every header field in order
/// (credentials included) and the body, plus the endpoint's own timeout, idempotency and
/// validation declarations. Together with the base URL (scheme, host, port, base path) that is
/// the full URL as sent. The identities of the call's hop hooks (``HopHooks/identities``) count
/// too: they decide what the redirect hops send, so requests with different cookie jars are
/// never merged, even when their first hops are equal.
///
/// Used as a dictionary key, a fingerprint is compared with `==` after the hashes match, so two
/// different requests never share a call because of a hash collision: bodies are compared byte
/// for byte (``RequestBody`` is `Hashable`), and file segments by file URL and length.
struct RequestFingerprint: Hashable, Sendable {
    /// The base URL the request is resolved against.
    let baseURL: BaseURL
    /// The request as the middleware received it.
    let request: EndpointRequest
    /// The identities of the request's hop hooks.
    let hopHooks: [HopHookIdentity]

    /// The fingerprint of `request` sent to `baseURL`.
    init(baseURL: BaseURL, request: EndpointRequest) {
        self.baseURL = baseURL
        self.request = request
        self.hopHooks = request.context.hopHooks.identities
    }
}
