import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// An authentication challenge `URLSession` received for a request of a ``URLSessionTransport``,
/// as its challenge handler sees it.
///
/// The handler decides with a ``URLSessionChallengeAnswer``; what each platform delivers, and
/// what Courier decides when the handler leaves it to Courier: <doc:ConnectingSecurely>.
///
/// ```swift
/// let transport = URLSessionTransport { challenge in
///     guard challenge.authenticationMethod == NSURLAuthenticationMethodHTTPBasic,
///         challenge.host == "reports.example.com",
///         challenge.authenticationChallenge.protectionSpace.receivesCredentialSecurely,
///         challenge.previousFailureCount == 0
///     else { return .courierDecides }
///     return .useCredential(URLCredential(user: "reports", password: password, persistence: .none))
/// }
/// ```
///
/// Check the host, and that the protection space sends the credential securely, before you
/// hand over a password: the handler sees every challenge, of every host a request reaches.
/// Use ``authenticationChallenge`` inside the handler only: its protection space's server trust
/// (Apple platforms) is the one object the connection evaluates. A server-trust challenge comes
/// once per connection: on a session whose connections are reused, its ``request`` is the one
/// that opened the connection.
public struct URLSessionChallenge: Sendable {
    /// The request whose task received the challenge, as Courier sent it.
    public let request: TransportRequest
    /// The protection space's method, for example `NSURLAuthenticationMethodHTTPBasic`.
    public let authenticationMethod: String
    /// The host that challenged.
    public let host: String
    /// The port of the host that challenged.
    public let port: Int
    /// The realm of an HTTP challenge, if the server named one.
    public let realm: String?
    /// How many answers to this protection space the server refused already for this task.
    public let previousFailureCount: Int

    private let storage: Storage

    /// The challenge as `URLSession` delivered it.
    public var authenticationChallenge: URLAuthenticationChallenge { storage.challenge }

    /// Holds the challenge. `URLAuthenticationChallenge` is not `Sendable` on Apple platforms;
    /// sharing it is safe because every property of it is read-only, Courier reads it only before
    /// and after the handler runs (never during), and the challenge's sender is never called
    /// (`URLSession` takes the answer from the completion handler).
    private final class Storage: @unchecked Sendable {
        let challenge: URLAuthenticationChallenge

        init(_ challenge: URLAuthenticationChallenge) { self.challenge = challenge }
    }

    init(_ challenge: URLAuthenticationChallenge, request: TransportRequest) {
        let space = challenge.protectionSpace
        self.request = request
        authenticationMethod = space.authenticationMethod
        host = space.host
        port = space.port
        realm = space.realm
        previousFailureCount = challenge.previousFailureCount
        storage = Storage(challenge)
    }
}
