/// Signs requests for one origin with credentials, and refreshes a rejected token once for all.
///
/// Fixed credentials:
///
/// ```swift
/// let api = BaseURL("api.example.com")
/// let client = Client(
///     baseURL: api,
///     middleware: [AuthenticationMiddleware(try .bearer(apiToken), for: api)]
/// )
/// ```
///
/// Tokens that expire, from a ``TokenProvider``:
///
/// ```swift
/// let client = Client(
///     baseURL: api,
///     middleware: [
///         RetryMiddleware(),
///         AuthenticationMiddleware(tokenProvider: SessionTokens(auth: authClient, grant: grant), for: api),
///     ]
/// )
/// ```
///
/// **Only its origin.** A request is signed only when the client's base URL has the scheme, host
/// and port of `origin` (the path does not matter); any other request passes unsigned, so the
/// middleware never sends a credential to a server it was not given for. A redirect to another
/// origin loses the credentials too: the header is marked secret, and Courier drops secret
/// headers on every cross-origin hop. A request whose endpoint set the header itself is sent as
/// the endpoint declared it.
///
/// **Refreshing.** With a token provider, the first request fetches the token with
/// ``TokenProvider/token()``. When a response is 401, the token is refreshed with
/// ``TokenProvider/refreshToken(rejected:)`` and the request is sent once more with the new
/// token; a second 401 is returned as it is. Any number of concurrent 401s cause a single
/// refresh that every one of them waits for; a request that was signed with a token older than
/// the current one is re-signed and replayed without a refresh. After a refresh ends, successful
/// or not, another one starts only when ``minimumRefreshInterval`` has passed: until then a 401
/// for the current token is returned to the caller. A provider that throws fails every waiting
/// request with ``CourierError/Kind/authenticationFailed`` (the provider's error is the
/// ``CourierError/underlying`` cause); a later request tries again. A cancelled request stops
/// waiting at once without cancelling the refresh the others wait for.
///
/// **Replaying.** A 401 means the server did not process the request (RFC 9110 §15.5.2), so the
/// one replay after a refresh is made for every method, `POST` included. Static credentials are
/// never replayed: there is nothing newer to send.
///
/// Copies of the middleware share the token and its refreshes; give each client its own
/// middleware, created once.
public struct AuthenticationMiddleware: Middleware {
    private enum Source: Sendable {
        case fixed(Credentials)
        case provider(TokenRefresher)
    }

    /// The origin the credentials are for.
    public let origin: BaseURL
    /// The least time between the end of one token refresh and the start of the next; zero for
    /// fixed credentials, which are never refreshed.
    public let minimumRefreshInterval: Duration
    private let source: Source

    /// Signs every request for `origin` with fixed credentials.
    ///
    /// - Parameters:
    ///   - credentials: The header to add, for example ``Credentials/bearer(_:)``.
    ///   - origin: The only scheme, host and port the credentials are sent to.
    public init(_ credentials: Credentials, for origin: BaseURL) {
        self.origin = origin
        self.minimumRefreshInterval = .zero
        self.source = .fixed(credentials)
    }

    /// Signs every request for `origin` with a bearer token from `tokenProvider`, refreshing it
    /// when the server answers 401.
    ///
    /// - Parameters:
    ///   - tokenProvider: Supplies the first token and new ones.
    ///   - origin: The only scheme, host and port the token is sent to.
    ///   - minimumRefreshInterval: The least time between the end of one refresh and the start
    ///     of the next; 5 s by default.
    ///   - clock: The clock that measures the interval; a `ContinuousClock` by default.
    public init(
        tokenProvider: any TokenProvider, for origin: BaseURL, minimumRefreshInterval: Duration = .seconds(5),
        clock: any Clock<Duration> = ContinuousClock()
    ) {
        self.origin = origin
        self.minimumRefreshInterval = minimumRefreshInterval
        self.source = .provider(
            TokenRefresher(provider: tokenProvider, minimumInterval: minimumRefreshInterval, clock: clock))
    }

    /// Signs `request` when `baseURL` is the credentials' origin, and refreshes a rejected token.
    public func intercept(_ request: EndpointRequest, baseURL: BaseURL, next: Next) async throws
        -> RawResponse
    {
        guard Self.sameOrigin(baseURL, origin) else { return try await next(request, baseURL) }
        switch source {
        case .fixed(let credentials):
            guard !request.headers.contains(credentials.field.name) else {
                return try await next(request, baseURL)
            }
            return try await next(request.settingHeader(credentials.field), baseURL)
        case .provider(let refresher):
            guard !request.headers.contains(.authorization) else { return try await next(request, baseURL) }
            let token = try await obtain(request) { try await refresher.token() }
            let response = try await next(Self.sign(request, with: token), baseURL)
            guard response.status == .unauthorized,
                let replacement = try await obtain(request, { try await refresher.replacement(for: token) })
            else { return response }
            return try await next(Self.sign(request, with: replacement), baseURL)
        }
    }

    /// How many requests wait for a token fetch or refresh in flight; always 0 for fixed
    /// credentials. Tests wait on it, instead of sleeping, until every request has joined.
    var requestsWaitingForToken: Int {
        get async {
            guard case .provider(let refresher) = source else { return 0 }
            return await refresher.waitingCount
        }
    }

    private static func sign(
        _ request: EndpointRequest, with token: TokenRefresher.Token
    ) throws(CourierError) -> EndpointRequest {
        try request.settingHeader(
            HeaderField(name: .authorization, value: "Bearer \(token.value)", isSecret: true))
    }

    /// Runs a token request, turning its failures into Courier errors.
    private func obtain<Value>(
        _ request: EndpointRequest, _ body: () async throws -> Value
    ) async throws(CourierError) -> Value {
        do {
            return try await body()
        } catch TokenRefresher.Failure.provider(let error) {
            throw CourierError(
                stage: .middleware, kind: .authenticationFailed,
                message: "The token provider failed: \(error).", request: request,
                underlying: error
            )
        } catch {
            throw CourierError(
                stage: .middleware, kind: .cancelled,
                message: "The request was cancelled while waiting for a token.", request: request,
                underlying: CancellationError()
            )
        }
    }

    /// Whether two bases share scheme, host and effective port.
    static func sameOrigin(_ lhs: BaseURL, _ rhs: BaseURL) -> Bool {
        func port(_ base: BaseURL) -> Int { base.port ?? (base.scheme == "https" ? 443 : 80) }
        return lhs.scheme == rhs.scheme && lhs.host == rhs.host && port(lhs) == port(rhs)
    }
}
