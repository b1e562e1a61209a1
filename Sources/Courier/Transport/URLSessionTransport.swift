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
/// - A body streamed from files is uploaded from a file with its `Content-Length`: a single
///   file directly, several pieces (a multipart body with file parts) after copying them in
///   1 MiB chunks to a temporary file that is removed afterwards. Memory stays bounded whatever
///   the size; the disk needs room for one copy. (A stream body would go out chunked on Linux,
///   where `URLSession` also keeps a `Content-Length` header, which is malformed HTTP.)
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
        var urlRequest = request.urlRequest
        let upload = try BodyUpload(request.body)
        defer { upload?.removeTemporaryFile() }
        let task: URLSessionTask
        switch upload {
        case .file(let url, _)?:
            urlRequest.httpBodyStream = nil
            task = session.uploadTask(with: urlRequest, fromFile: url)
        case nil:
            task = session.dataTask(with: urlRequest)
        }
        let id = task.taskIdentifier
        let limit = responseLimit
        defer { exchanges.forget(id) }
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation {
                (continuation: CheckedContinuation<RawResponse, any Error>) in
                let exchange = Exchange(continuation: continuation, limit: limit)
                if exchanges.start(id, exchange) {
                    task.resume()
                }
            }
        } onCancel: {
            exchanges.cancel(id)
            task.cancel()
        }
    }
}
