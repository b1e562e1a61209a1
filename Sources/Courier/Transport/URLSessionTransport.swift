import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The default transport: `URLSession` with a delegate, on Apple platforms and on Linux.
///
/// - Redirects are never followed by `URLSession` (which would copy credentials to other hosts
///   on Linux); Courier's client follows them itself.
/// - The response size limit is enforced by counting bytes as they arrive; past the limit the
///   bytes are dropped, the task is cancelled and the request fails with
///   ``CourierError/Kind/responseTooLarge``.
/// - Cancelling the calling task cancels the `URLSession` task at once.
///
/// ```swift
/// let transport = URLSessionTransport(responseLimit: 50 * 1024 * 1024)
/// let client = Client(baseURL: BaseURL("api.example.com"), transport: transport)
/// ```
public final class URLSessionTransport: Transport {
    /// The largest response body kept by default: 10 MiB.
    public static let defaultResponseLimit = 10 * 1024 * 1024

    /// The largest response body, in bytes, this transport keeps.
    public let responseLimit: Int
    private let session: URLSession
    private let exchanges: ExchangeTable

    /// Creates a transport with its own session.
    ///
    /// - Parameters:
    ///   - configuration: The session configuration; ephemeral (no cookies, no cache) by default.
    ///   - responseLimit: The largest response body to keep, in bytes.
    public init(
        configuration: URLSessionConfiguration = .ephemeral, responseLimit: Int = defaultResponseLimit
    ) {
        self.responseLimit = responseLimit
        let exchanges = ExchangeTable()
        self.exchanges = exchanges
        self.session = URLSession(
            configuration: configuration, delegate: SessionDelegate(exchanges: exchanges), delegateQueue: nil
        )
    }

    deinit {
        session.finishTasksAndInvalidate()
    }

    /// Sends `request` and returns the complete response.
    ///
    /// - Throws: ``CourierError`` at the transport stage.
    public func send(_ request: TransportRequest) async throws -> RawResponse {
        try Task.checkCancellation()
        let task = session.dataTask(with: request.urlRequest)
        let limit = responseLimit
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation {
                (continuation: CheckedContinuation<RawResponse, any Error>) in
                exchanges.start(task.taskIdentifier, Exchange(continuation: continuation, limit: limit))
                task.resume()
            }
        } onCancel: {
            task.cancel()
        }
    }
}
