import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Routes `URLSession` callbacks to the matching ``SessionTaskState``.
final class SessionDelegate: NSObject, URLSessionDataDelegate, Sendable {
    private let tasks: SessionTaskTable

    init(tasks: SessionTaskTable) {
        self.tasks = tasks
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
        let sink = tasks.update(ObjectIdentifier(task)) { state -> ProgressSink? in
            state.isAlive = true
            return state.progress
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
        let verdict = tasks.update(id) { state -> CourierError? in
            state.isAlive = true
            state.recorder?.recordResponseHeaders()
            guard let http = response as? HTTPURLResponse else { return nil }
            state.response = http
            state.headers = Self.headerFields(of: http)
            switch ResponseFraming.contentLength(in: state.headers) {
            case .failure(let error): return error
            case .success(let length): state.expectedLength = length
            }
            let status = HTTPStatus(http.statusCode)
            if ResponseFraming.deliveredLengthMustMatch(
                headers: state.headers, status: status, method: state.request.method)
            {
                state.expectedDeliveredLength = state.expectedLength
            }
            if status.isSuccess, let destination = state.request.responseBodyFile {
                do throws(CourierError) {
                    state.download = try DownloadFile(destination: destination)
                } catch {
                    return error
                }
                if let downloadLimit = state.downloadLimit, let length = state.expectedLength,
                    length > downloadLimit
                {
                    return Self.tooLarge(downloadLimit)
                }
            } else if let length = state.expectedLength, length > Int64(state.limit) {
                return Self.tooLarge(Int64(state.limit))
            }
            state.progress?.report(
                TransferProgress(
                    direction: .download, completedBytes: 0, expectedBytes: state.expectedDeliveredLength))
            return nil
        }
        if let error = verdict ?? nil {
            tasks.fail(id, with: error)
            completionHandler(.cancel)
            return
        }
        completionHandler(.allow)
    }

    /// Counts delivered (decoded) bytes; past the limit the task fails at once, the bytes are
    /// dropped, and the task is cancelled.
    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        let id = ObjectIdentifier(dataTask)
        let verdict = tasks.update(id) { state -> CourierError? in
            state.receivedBytes += Int64(data.count)
            if let download = state.download {
                if let downloadLimit = state.downloadLimit, state.receivedBytes > downloadLimit {
                    return Self.tooLarge(downloadLimit)
                }
                do throws(CourierError) {
                    try download.write(data)
                } catch {
                    return error
                }
            } else {
                guard state.receivedBytes <= Int64(state.limit) else {
                    state.body = Data()
                    return Self.tooLarge(Int64(state.limit))
                }
                state.body.append(data)
            }
            state.progress?.report(
                TransferProgress(
                    direction: .download, completedBytes: state.receivedBytes,
                    expectedBytes: state.expectedDeliveredLength))
            return nil
        }
        if let error = verdict ?? nil {
            tasks.fail(id, with: error)
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
        guard let state = tasks.finish(ObjectIdentifier(task)) else { return }
        if let error {
            state.fail(Self.failure(error, afterResponse: state.response != nil))
            return
        }
        guard let response = state.response else {
            state.fail(
                CourierError(
                    stage: .transport, kind: .invalidResponse, message: "The server's response was not HTTP.")
            )
            return
        }
        let status = HTTPStatus(response.statusCode)
        if let expected = state.expectedLength, state.receivedBytes != expected,
            ResponseFraming.deliveredLengthMustMatch(
                headers: state.headers, status: status, method: state.request.method)
        {
            state.fail(
                ResponseFraming.lengthMismatch(delivered: state.receivedBytes, expected: expected))
            return
        }
        var bodyFile: URL?
        if let download = state.download {
            do throws(CourierError) {
                bodyFile = try download.complete()
            } catch {
                state.continuation.resume(throwing: error)
                return
            }
        }
        state.continuation.resume(
            returning: RawResponse(
                status: status, headers: state.headers, body: state.body, url: response.url,
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
