/// Supplies the bearer tokens ``AuthenticationMiddleware`` signs requests with, and new ones
/// when the server rejects a token.
///
/// ```swift
/// struct SessionTokens: TokenProvider {
///     let auth: Client              // a client of the token endpoint, without this middleware
///     let grant: String
///
///     func token() async throws -> String {
///         try await auth.value(AuthAPI.token(grant: grant)).accessToken
///     }
///
///     func refreshToken(rejected: String) async throws -> String {
///         try await token()
///     }
/// }
/// ```
///
/// The middleware calls ``token()`` once, for the first request, and ``refreshToken(rejected:)``
/// once per rejected token however many requests were rejected together. Both run detached
/// from the requests that wait for them: no request's deadline, cancellation or metrics apply,
/// so give the token endpoint a ``Timeout`` of its own. A thrown error fails every waiting
/// request with ``CourierError/Kind/authenticationFailed``.
public protocol TokenProvider: Sendable {
    /// The token to sign requests with until the server rejects it, for example a stored one.
    func token() async throws -> String

    /// A new token, because the server answered 401 to a request signed with `rejected`.
    func refreshToken(rejected: String) async throws -> String
}
