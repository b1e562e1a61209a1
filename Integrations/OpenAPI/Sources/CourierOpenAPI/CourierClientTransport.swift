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
/// yields at most ``replayableBodyLimit`` bytes and can be read more than once, or declares its
/// length, is held in memory, so that a retry or a 307/308 redirect can send it again; any other
/// is streamed once and never sent twice. `URLSessionTransport` sends no body streamed from a
/// sequence: there any other is read to its end into a temporary file (readable by its owner
/// only, removed when the call ends) and sent from it, and may be sent again as one held in
/// memory; a body that never ends, or waits for the response, is never sent there. A body
/// whose request has no `Content-Type` is sent as `application/octet-stream`. The generated client's
/// server URL must be on the Courier client's origin. A ``Courier/CourierError`` is the
/// `underlyingError` of the generated client's `ClientError`. The article "Sharing a catalog"
/// has the details.
public struct CourierClientTransport: ClientTransport {
    /// The client every operation is sent through.
    public let client: Client
    /// The largest request body, in bytes, that is read into memory so that it can be sent
    /// again: one that can be iterated more than once, or declares its length. Over
    /// `URLSessionTransport`, a larger one is written to a temporary file.
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
        let (endpoint, spooled) = try await endpoint(for: request, body: body, baseURL: baseURL)
        // The transport has read the file by the time the response head arrives, or holds it open.
        defer { if let spooled { try? FileManager.default.removeItem(at: spooled) } }
        let response = try await client.rawResponse(endpoint)
        return try Self.openAPIResponse(response, to: request.method)
    }
}
