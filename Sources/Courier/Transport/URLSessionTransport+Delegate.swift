import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The state of one data task: where its bytes go and who waits for them.
struct Exchange {
    let continuation: CheckedContinuation<RawResponse, any Error>
    let limit: Int
    var response: HTTPURLResponse?
    var body = Data()
    var receivedBytes = 0

    init(continuation: CheckedContinuation<RawResponse, any Error>, limit: Int) {
        self.continuation = continuation
        self.limit = limit
    }
}

/// In-flight exchanges by task identifier.
///
/// Every continuation is resumed exactly once: an exchange is removed from the table under the
/// lock before its continuation is resumed, by whichever of completion, cancellation or the size
/// limit gets there first.
///
/// `@unchecked Sendable` is safe: the stored dictionaries are only read or written while `lock`
/// is held, and nothing inside them escapes the lock except exchanges that are removed first.
final class ExchangeTable: @unchecked Sendable {
    private let lock = NSLock()
    private var exchanges: [Int: Exchange] = [:]
    private var cancelledBeforeStart: Set<Int> = []

    /// Registers an exchange; returns `false` (after failing it) when its task was already cancelled.
    func start(_ id: Int, _ exchange: Exchange) -> Bool {
        lock.lock()
        if cancelledBeforeStart.remove(id) != nil {
            lock.unlock()
            exchange.continuation.resume(throwing: Self.cancelled)
            return false
        }
        exchanges[id] = exchange
        lock.unlock()
        return true
    }

    /// Fails the exchange with a cancellation at once, without waiting for `URLSession`.
    func cancel(_ id: Int) {
        lock.lock()
        guard let exchange = exchanges.removeValue(forKey: id) else {
            cancelledBeforeStart.insert(id)
            lock.unlock()
            return
        }
        lock.unlock()
        exchange.continuation.resume(throwing: Self.cancelled)
    }

    /// Fails the exchange with `error` if it is still in flight.
    func fail(_ id: Int, with error: CourierError) {
        guard let exchange = finish(id) else { return }
        exchange.continuation.resume(throwing: error)
    }

    /// Drops any record of a cancellation that arrived after the exchange ended.
    func forget(_ id: Int) {
        lock.lock()
        defer { lock.unlock() }
        cancelledBeforeStart.remove(id)
    }

    func update<Result>(_ id: Int, _ body: (inout Exchange) -> Result) -> Result? {
        lock.lock()
        defer { lock.unlock() }
        guard var exchange = exchanges[id] else { return nil }
        let result = body(&exchange)
        exchanges[id] = exchange
        return result
    }

    func finish(_ id: Int) -> Exchange? {
        lock.lock()
        defer { lock.unlock() }
        return exchanges.removeValue(forKey: id)
    }

    private static let cancelled = CourierError(
        stage: .transport, kind: .cancelled, message: "The request was cancelled."
    )
}

/// Routes `URLSession` callbacks to the matching ``Exchange``.
final class SessionDelegate: NSObject, URLSessionDataDelegate, Sendable {
    private let exchanges: ExchangeTable

    init(exchanges: ExchangeTable) {
        self.exchanges = exchanges
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        completionHandler(nil)
    }

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
    ) {
        let limit = exchanges.update(dataTask.taskIdentifier) { exchange -> Int in
            exchange.response = response as? HTTPURLResponse
            return exchange.limit
        }
        if let limit, response.expectedContentLength > Int64(limit) {
            exchanges.fail(dataTask.taskIdentifier, with: Self.tooLarge(limit))
            completionHandler(.cancel)
            return
        }
        completionHandler(.allow)
    }

    /// Counts delivered (decoded) bytes; past the limit the exchange fails at once, the bytes are
    /// dropped, and the task is cancelled.
    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        let exceededLimit = exchanges.update(dataTask.taskIdentifier) { exchange -> Int? in
            exchange.receivedBytes += data.count
            guard exchange.receivedBytes <= exchange.limit else {
                exchange.body = Data()
                return exchange.limit
            }
            exchange.body.append(data)
            return nil
        }
        if let limit = exceededLimit.flatMap({ $0 }) {
            exchanges.fail(dataTask.taskIdentifier, with: Self.tooLarge(limit))
            dataTask.cancel()
        }
    }

    private static func tooLarge(_ limit: Int) -> CourierError {
        CourierError(
            stage: .transport, kind: .responseTooLarge,
            message: "The response body exceeded the limit of \(limit) bytes."
        )
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        guard let exchange = exchanges.finish(task.taskIdentifier) else { return }
        if let error {
            exchange.continuation.resume(throwing: CourierError.transport(error))
        } else if let response = exchange.response {
            exchange.continuation.resume(returning: Self.rawResponse(response, body: exchange.body))
        } else {
            exchange.continuation.resume(
                throwing: CourierError(
                    stage: .transport, kind: .invalidResponse, message: "The server's response was not HTTP."
                )
            )
        }
    }

    private static func rawResponse(_ response: HTTPURLResponse, body: Data) -> RawResponse {
        var fields: [HeaderField] = []
        for (key, value) in response.allHeaderFields {
            guard let name = HeaderName(validating: "\(key)") else { continue }
            fields.append(HeaderField(name: name, value: "\(value)"))
        }
        fields.sort { $0.name.canonicalName < $1.name.canonicalName }
        return RawResponse(
            status: HTTPStatus(response.statusCode), headers: HeaderFields(fields), body: body,
            url: response.url
        )
    }
}
