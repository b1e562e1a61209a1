import Courier
import TodoCatalog

/// The todo server another one imports from (``ImportTodo``): where it is, and the bearer
/// token it accepts from the importing server.
///
/// The token is a credential of the server, provisioned like any other secret, never of the
/// user making the import; it is not printed (``BearerToken`` describes itself as `<redacted>`).
public struct Upstream: Sendable {
    /// The upstream server's base URL.
    public var baseURL: BaseURL
    /// The token sent to it as `Authorization: Bearer …`.
    public var token: BearerToken

    /// Describes an upstream server.
    public init(baseURL: BaseURL, token: BearerToken) {
        self.baseURL = baseURL
        self.token = token
    }
}
