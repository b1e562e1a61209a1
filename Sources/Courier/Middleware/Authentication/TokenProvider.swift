/// Supplies the bearer tokens ``AuthenticationMiddleware`` signs requests with, and new ones
/// when the server rejects a token.
///
/// Both methods run detached from the requests that wait for them, so give the token endpoint a
/// ``Timeout`` of its own.
///
/// ```swift
/// struct SessionTokens: TokenProvider {
///     let auth: Client    // a client of the token endpoint, without AuthenticationMiddleware
///
///     func token() async throws -> String { try await auth.value(AuthAPI.token()).accessToken }
///     func refreshToken(rejected: String) async throws -> String { try await token() }
/// }
/// ```
///
/// See <doc:UsingMiddleware#Authenticate-requests>.
public protocol TokenProvider: Sendable {
    /// The token to sign requests with until the server rejects it, for example a stored one.
    func token() async throws -> String

    /// A new token, because the server answered 401 to a request signed with `rejected`.
    func refreshToken(rejected: String) async throws -> String
}
