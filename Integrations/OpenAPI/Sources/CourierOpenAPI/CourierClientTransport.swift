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
/// The rules a caller must know:
/// - Every status reaches the generated client as it arrived, which decides what it means:
///   Courier throws for none of them (it still follows redirects itself).
/// - A response body streams: the body of a 2xx response is handed over when its head arrives,
///   any other body whole. The client's total timeout covers a 2xx response up to its head, and
///   ``Courier/HTTPCacheMiddleware`` and ``Courier/DeduplicationMiddleware`` pass such calls
///   through, as they do every streamed response.
/// - A request body that can be read more than once, with a known length up to
///   ``replayableBodyLimit`` bytes, is read into memory first, so that a retry or a 307/308
///   redirect can send it again. Any other body is streamed once and never sent twice
///   (`URLSessionTransport` cannot stream one; `AsyncHTTPClientTransport` can).
/// - The request goes to the generated client's server URL with its path and query as they were
///   encoded. When that URL's origin is not the Courier client's, secret headers stay behind, as
///   for any ``Courier/AbsoluteURL``: give both clients the same server.
/// - A ``Courier/CourierError`` is thrown as it is; the generated client wraps it in a
///   `ClientError` whose `underlyingError` it is.
///
/// Courier names no request by an operation: the `operationID` is not passed on, and logs,
/// metrics and traces show the method and URL.
public struct CourierClientTransport: ClientTransport {
    /// The client every operation is sent through.
    public let client: Client
    /// The largest request body, in bytes, that is read into memory so that it can be sent
    /// again; only a body that can be iterated more than once and has a known length qualifies.
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
