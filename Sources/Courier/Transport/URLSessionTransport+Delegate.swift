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
    var failure: CourierError?

    init(continuation: CheckedContinuation<RawResponse, any Error>, limit: Int) {
        self.continuation = continuation
        self.limit = limit
    }
}

/// In-flight exchanges by task identifier.
///
/// `@unchecked Sendable` is safe: the dictionary is only read or written while `lock` is held,
/// and nothing inside it escapes the lock except values that are moved out and removed.
final class ExchangeTable: @unchecked Sendable {
    private let lock = NSLock()
    private var exchanges: [Int: Exchange] = [:]

    func start(_ id: Int, _ exchange: Exchange) {
        lock.lock()
        defer { lock.unlock() }
        exchanges[id] = exchange
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
        exchanges.update(dataTask.taskIdentifier) { $0.response = response as? HTTPURLResponse }
        completionHandler(.allow)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        let exceeded =
            exchanges.update(dataTask.taskIdentifier) { exchange -> Bool in
                guard exchange.failure == nil else { return false }
                exchange.receivedBytes += data.count
                guard exchange.receivedBytes <= exchange.limit else {
                    exchange.body = Data()
                    exchange.failure = CourierError(
                        stage: .transport, kind: .responseTooLarge,
                        message: "The response body exceeded the limit of \(exchange.limit) bytes."
                    )
                    return true
                }
                exchange.body.append(data)
                return false
            } ?? false
        if exceeded { dataTask.cancel() }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        guard let exchange = exchanges.finish(task.taskIdentifier) else { return }
        if let failure = exchange.failure {
            exchange.continuation.resume(throwing: failure)
        } else if let error {
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
