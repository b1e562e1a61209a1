/// Signs requests for one origin with credentials, and refreshes a rejected token once for all.
///
/// A request is signed only when the client's base URL has the scheme, host and port of
/// `origin`. Create the middleware once per client: its copies share the token and its refreshes.
///
/// ```swift
/// let api = BaseURL("api.example.com")
/// let client = Client(
///     baseURL: api,
///     middleware: [AuthenticationMiddleware(try .bearer(apiToken), for: api)]
/// )
/// ```
///
/// Tokens that expire come from a ``TokenProvider``; see <doc:UsingMiddleware#Authenticate-requests>.
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
    ///
    /// A 401 it returns says, in the error the client makes from it, why it stands: the request
    /// was sent again with a newer token and refused too, the last refresh ended less than
    /// ``minimumRefreshInterval`` ago, or the body is streamed and read once.
    public func intercept(_ request: EndpointRequest, baseURL: BaseURL, next: Next) async throws
        -> RawResponse
    {
        guard baseURL.isSameOrigin(as: origin) else { return try await next(request, baseURL) }
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
            // A streamed body is read once: sending it again could only fail, hiding the 401. A
            // 401 after a redirect to another origin never saw the token. A 401 after a redirect
            // that changed the method (a 303 after a POST) answers the GET it made: the request
            // itself may have been applied, so only an idempotent one is sent again.
            guard response.status == .unauthorized, !response.carriedNoSecrets,
                !response.answersChangedMethod || request.isIdempotent
            else { return response }
            guard request.body?.stream == nil else {
                return response.noting(
                    "AuthenticationMiddleware did not refresh the token and send the request again: its "
                        + "body is a stream, which is read once.")
            }
            guard let replacement = try await obtain(request, { try await refresher.replacement(for: token) })
            else {
                return response.noting(
                    "AuthenticationMiddleware did not refresh the token: its last refresh ended less than "
                        + "its minimumRefreshInterval of \(minimumRefreshInterval.spoken) ago.")
            }
            let replayed = try await next(Self.sign(request, with: replacement), baseURL)
            guard replayed.status == .unauthorized, !replayed.carriedNoSecrets else { return replayed }
            return replayed.noting(
                "AuthenticationMiddleware sent the request again with a newer token, and the server answered 401 "
                    + "to that too.")
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
}
