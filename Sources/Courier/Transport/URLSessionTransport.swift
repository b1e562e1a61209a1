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
    ///   - configuration: The session configuration; by default an ephemeral one with no cookie
    ///     storage and no cache, so everything sent is in the request value.
    ///   - responseLimit: The largest response body to keep, in bytes.
    public init(
        configuration: URLSessionConfiguration? = nil, responseLimit: Int = defaultResponseLimit
    ) {
        self.responseLimit = responseLimit
        let configuration = configuration ?? Self.defaultConfiguration()
        let exchanges = ExchangeTable()
        self.exchanges = exchanges
        self.session = URLSession(
            configuration: configuration, delegate: SessionDelegate(exchanges: exchanges), delegateQueue: nil
        )
    }

    /// Ephemeral, without cookies or a cache: cookies the request value does not show would not
    /// appear in cURL renderings or errors, and caching is policy, not transport.
    private static func defaultConfiguration() -> URLSessionConfiguration {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.httpCookieStorage = nil
        configuration.httpShouldSetCookies = false
        configuration.urlCache = nil
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        return configuration
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
        let id = task.taskIdentifier
        let limit = responseLimit
        defer { exchanges.forget(id) }
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation {
                (continuation: CheckedContinuation<RawResponse, any Error>) in
                if exchanges.start(id, Exchange(continuation: continuation, limit: limit)) {
                    task.resume()
                }
            }
        } onCancel: {
            exchanges.cancel(id)
            task.cancel()
        }
    }
}
