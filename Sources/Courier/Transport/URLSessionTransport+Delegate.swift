import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

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
        _ session: URLSession, task: URLSessionTask, didSendBodyData bytesSent: Int64, totalBytesSent: Int64,
        totalBytesExpectedToSend: Int64
    ) {
        let sink = exchanges.update(ObjectIdentifier(task)) { exchange -> ProgressSink? in
            exchange.isAlive = true
            return exchange.progress
        }
        guard let sink = sink ?? nil else { return }
        sink.report(
            TransferProgress(
                direction: .upload, completedBytes: totalBytesSent,
                expectedBytes: totalBytesExpectedToSend > 0 ? totalBytesExpectedToSend : nil))
    }

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
    ) {
        let id = ObjectIdentifier(dataTask)
        let verdict = exchanges.update(id) { exchange -> CourierError? in
            exchange.isAlive = true
            exchange.recorder?.recordResponseHeaders()
            guard let http = response as? HTTPURLResponse else { return nil }
            exchange.response = http
            exchange.headers = Self.headerFields(of: http)
            switch ResponseFraming.contentLength(in: exchange.headers) {
            case .failure(let error): return error
            case .success(let length): exchange.expectedLength = length
            }
            let status = HTTPStatus(http.statusCode)
            if ResponseFraming.deliveredLengthMustMatch(
                headers: exchange.headers, status: status, method: exchange.request.method)
            {
                exchange.expectedDeliveredLength = exchange.expectedLength
            }
            if status.isSuccess, let destination = exchange.request.responseBodyFile {
                do throws(CourierError) {
                    exchange.download = try DownloadFile(destination: destination)
                } catch {
                    return error
                }
                if let downloadLimit = exchange.downloadLimit, let length = exchange.expectedLength,
                    length > downloadLimit
                {
                    return Self.tooLarge(downloadLimit)
                }
            } else if let length = exchange.expectedLength, length > Int64(exchange.limit) {
                return Self.tooLarge(Int64(exchange.limit))
            }
            exchange.progress?.report(
                TransferProgress(
                    direction: .download, completedBytes: 0, expectedBytes: exchange.expectedDeliveredLength))
            return nil
        }
        if let error = verdict ?? nil {
            exchanges.fail(id, with: error)
            completionHandler(.cancel)
            return
        }
        completionHandler(.allow)
    }

    /// Counts delivered (decoded) bytes; past the limit the exchange fails at once, the bytes are
    /// dropped, and the task is cancelled.
    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        let id = ObjectIdentifier(dataTask)
        let verdict = exchanges.update(id) { exchange -> CourierError? in
            exchange.receivedBytes += Int64(data.count)
            if let download = exchange.download {
                if let downloadLimit = exchange.downloadLimit, exchange.receivedBytes > downloadLimit {
                    return Self.tooLarge(downloadLimit)
                }
                do throws(CourierError) {
                    try download.write(data)
                } catch {
                    return error
                }
            } else {
                guard exchange.receivedBytes <= Int64(exchange.limit) else {
                    exchange.body = Data()
                    return Self.tooLarge(Int64(exchange.limit))
                }
                exchange.body.append(data)
            }
            exchange.progress?.report(
                TransferProgress(
                    direction: .download, completedBytes: exchange.receivedBytes,
                    expectedBytes: exchange.expectedDeliveredLength))
            return nil
        }
        if let error = verdict ?? nil {
            exchanges.fail(id, with: error)
            URLSessionTransport.cancelInBackground(dataTask)
        }
    }

    private static func tooLarge(_ limit: Int64) -> CourierError {
        CourierError(
            stage: .transport, kind: .responseTooLarge,
            message: "The response body exceeded the limit of \(limit) bytes."
        )
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        guard let exchange = exchanges.finish(ObjectIdentifier(task)) else { return }
        if let error {
            exchange.fail(Self.failure(error, afterResponse: exchange.response != nil))
            return
        }
        guard let response = exchange.response else {
            exchange.fail(
                CourierError(
                    stage: .transport, kind: .invalidResponse, message: "The server's response was not HTTP.")
            )
            return
        }
        let status = HTTPStatus(response.statusCode)
        if let expected = exchange.expectedLength, exchange.receivedBytes != expected,
            ResponseFraming.deliveredLengthMustMatch(
                headers: exchange.headers, status: status, method: exchange.request.method)
        {
            exchange.fail(
                ResponseFraming.lengthMismatch(delivered: exchange.receivedBytes, expected: expected))
            return
        }
        var bodyFile: URL?
        if let download = exchange.download {
            do throws(CourierError) {
                bodyFile = try download.complete()
            } catch {
                exchange.continuation.resume(throwing: error)
                return
            }
        }
        exchange.continuation.resume(
            returning: RawResponse(
                status: status, headers: exchange.headers, body: exchange.body, url: response.url,
                bodyFile: bodyFile))
    }

    /// A transport failure; a lost connection after the response began is a truncated response.
    ///
    /// A connection closed before any answer is ``CourierError/Kind/connectionLost``: libcurl
    /// reports it as "Empty reply from server", which `URLSession` on Linux turns into
    /// `URLError(.badServerResponse)`.
    private static func failure(_ error: any Error, afterResponse: Bool) -> CourierError {
        let courierError = CourierError.transport(error)
        if !afterResponse, let urlError = error as? URLError {
            switch urlError.code {
            case .badServerResponse:
                return CourierError(
                    stage: .transport, kind: .connectionLost,
                    message: "The server closed the connection without answering.", underlying: error
                )
            case .unknown:
                // libcurl's other failures before a response, such as response headers over its
                // 300 KiB limit, arrive with the unknown code and libcurl's own sentence.
                return CourierError(
                    stage: .transport, kind: .invalidResponse,
                    message: "The server's response could not be read: \(urlError.localizedDescription).",
                    underlying: error
                )
            default:
                break
            }
        }
        guard afterResponse, courierError.kind == .connectionLost else { return courierError }
        return CourierError(
            stage: .transport, kind: .truncatedResponse,
            message:
                "The connection closed before the whole response body arrived; the partial body was discarded.",
            underlying: error
        )
    }

    private static func headerFields(of response: HTTPURLResponse) -> HeaderFields {
        var fields: [HeaderField] = []
        for (key, value) in response.allHeaderFields {
            guard let name = HeaderName(validating: "\(key)") else { continue }
            fields.append(HeaderField(name: name, value: "\(value)"))
        }
        fields.sort { $0.name.canonicalName < $1.name.canonicalName }
        return HeaderFields(fields)
    }
}
