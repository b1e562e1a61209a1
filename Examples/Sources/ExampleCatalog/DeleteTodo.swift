import Courier

/// `DELETE /echo/todos/<id>` with a bearer token, declared as a type instead of a function.
///
/// ```swift
/// let echo = try await client.value(DeleteTodo(id: 7, token: token))
/// ```
///
/// The token is sent as it is, and every rendering (`curlCommand`, `http1Text`, errors)
/// shows `Authorization: <redacted>`.
public struct DeleteTodo: RequestModel {
    /// The echo server describes the request it received.
    public typealias Success = Echo
    /// The documented error body.
    public typealias Failure = APIError

    /// The todo to delete.
    public let id: Int
    /// The caller's access token.
    public let token: String

    /// Creates the request.
    public init(id: Int, token: String) {
        self.id = id
        self.token = token
    }

    /// The request's components.
    public var definition: some EndpointDefinition {
        Method.delete
        Loopback.echo
        Path("todos", id)
        Header.bearer(token)
    }
}
