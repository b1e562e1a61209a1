import Courier
import Foundation
import HTTPTypes
import OpenAPIRuntime

/// A swift-openapi-runtime `ClientTransport` that sends every operation through a Courier
/// ``Courier/Client``: its middleware (retries, authentication, logging, metrics, …), its
/// redirects, timeouts and transport.
///
/// ```swift
/// let courier = Courier.Client(
///     baseURL: BaseURL("api.example.com"),
///     middleware: [RetryMiddleware(), LoggingMiddleware()])
/// let api = Client(serverURL: serverURL, transport: CourierClientTransport(client: courier))
/// ```
///
/// (`Client` is the generated client there; next to it, Courier's is `Courier.Client`.)
///
/// Every status reaches the generated client as it arrived (Courier still follows redirects);
/// a 2xx body streams, and any other arrives whole, within the transport's response limit (a
/// larger one fails with ``Courier/CourierError/Kind/responseTooLarge``). A request body that
/// can be read more than once and yields at most ``replayableBodyLimit`` bytes is held in memory,
/// so that a retry or a 307/308 redirect can send it again; any other is streamed once and never
/// sent twice. Over `URLSessionTransport`, which sends no streamed body, every body is held in
/// memory, whatever its size, and may be sent again as the first kind is. A body whose request
/// has no `Content-Type` is sent as `application/octet-stream`. The generated client's
/// server URL must be on the Courier client's origin. A ``Courier/CourierError`` is the
/// `underlyingError` of the generated client's `ClientError`. The article "Sharing a catalog"
/// has the details.
public struct CourierClientTransport: ClientTransport {
    /// The client every operation is sent through.
    public let client: Client
    /// The largest request body, in bytes, that is read into memory so that it can be sent
    /// again; only a body that can be iterated more than once qualifies. Over
    /// `URLSessionTransport`, every body is read into memory.
    public let replayableBodyLimit: Int

    /// Creates a transport that sends through `client`.
    ///
    /// - Parameters:
    ///   - client: The client whose middleware, redirects, timeouts and transport every
    ///     operation goes through.
    ///   - replayableBodyLimit: The largest request body read into memory so that it can be
    ///     sent again; 10 MiB by default.
    public init(client: Client, replayableBodyLimit: Int = 10 * 1024 * 1024) {
        self.client = client
        self.replayableBodyLimit = max(0, replayableBodyLimit)
    }

    /// Sends one operation's request through the client and returns its response, whatever its
    /// status.
    ///
    /// - Throws: ``Courier/CourierError`` when the request cannot be built (a header Courier
    ///   refuses, a body that fails while it is read), when a middleware or the transport fails,
    ///   or when the response head cannot be expressed as an `HTTPResponse`.
    public func send(_ request: HTTPRequest, body: HTTPBody?, baseURL: URL, operationID: String)
        async throws -> (HTTPResponse, HTTPBody?)
    {
        let endpoint = try await endpoint(for: request, body: body, baseURL: baseURL)
        let response = try await client.rawResponse(endpoint)
        return try Self.openAPIResponse(response, to: request.method)
    }
}
