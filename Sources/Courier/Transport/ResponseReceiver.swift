import Foundation

/// What every transport does with a response as it arrives, as a value that decides: framing
/// checks, size limits counted on delivered (decoded) bytes, writing a download to its file,
/// progress and metrics.
///
/// A transport hands it the response head, each body chunk and the end, and acts on each
/// ``Decision``: on ``Decision/stop(_:)`` it closes the connection and throws the error. It
/// reports to the progress and metrics of the call that made the request.
///
/// ```swift
/// var receiver = ResponseReceiver(request: request, responseLimit: 10 * 1024 * 1024)
/// if case .stop(let error) = receiver.receiveHead(status: status, headers: headers) {
///     throw error
/// }
/// for try await chunk in body {
///     if case .stop(let error) = receiver.receive(chunk) { throw error }
/// }
/// return try receiver.complete(url: request.url).get()
/// ```
///
/// A stop or a failed completion removes any partial download itself; a receiver that ends any
/// other way (a connection error, a cancellation) must be ``abandon(because:)``ed. Abandoning after a
/// completion does nothing, so `defer { receiver.abandon() }` is safe.
public struct ResponseReceiver: Sendable {
    /// What the transport does next.
    public enum Decision: Sendable {
        /// Go on receiving.
        case proceed
        /// Stop: close the connection and fail with the error.
        case stop(CourierError)
    }

    /// The request the response answers.
    public let request: TransportRequest
    /// The largest body kept in memory, in bytes.
    public let responseLimit: Int
    /// The largest body written to a download file, in bytes, if limited.
    public let downloadLimit: Int64?
    /// The status, once the head arrived.
    public private(set) var status: HTTPStatus?
    /// The header fields, once the head arrived.
    public private(set) var headers = HeaderFields()
    /// The HTTP version the response comes over, for the transport to set when it knows it; every
    /// ``RawResponse`` the receiver makes reports it.
    public var httpVersion: HTTPVersion?
    /// The content codings the transport decodes: a response with a body in any other coding, or
    /// in more layers, stops at its head with ``CourierError/Kind/unsupportedContentCoding``.
    /// `nil`, the default, leaves the codings unchecked, for a transport that hands bodies over
    /// as they arrived.
    public var contentDecoding: ContentDecoding?
    /// Body bytes delivered so far, after any content decoding.
    public private(set) var receivedBytes: Int64 = 0

    /// Who hears how the response arrives: the request's observers.
    private let observers: TransferObservers
    private var announcedLength: Int64?
    /// How many bytes will be delivered, when known: `Content-Length` of a body that is not
    /// content-coded (decoded bytes of a gzip body outnumber the bytes on the wire), which the
    /// body must then match.
    private var expectedDeliveredLength: Int64?
    private var body = Data()
    private var download: DownloadFile?
    /// Where a streamed 2xx body goes (``TransportRequest/streamsResponse``).
    private var stream: BodyStreamStorage?
    private var hasHandedOutStream = false

    /// Creates a receiver for the response to `request`, reporting to the progress and metrics of
    /// the call that made it.
    ///
    /// - Parameters:
    ///   - request: The request being sent; a 2xx body goes to its ``TransportRequest/responseBodyFile``
    ///     when it has one.
    ///   - responseLimit: The largest body kept in memory, in bytes.
    ///   - downloadLimit: The largest body written to a download file, in bytes; `nil` for none.
    public init(request: TransportRequest, responseLimit: Int, downloadLimit: Int64? = nil) {
        self.request = request
        self.responseLimit = responseLimit
        self.downloadLimit = downloadLimit
        self.observers = request.context.observers
    }

    /// Whether the response head arrived.
    public var hasHead: Bool { status != nil }

    /// Notes that `completed` of `expected` request body bytes were sent, for upload progress.
    public func sent(_ completed: Int64, of expected: Int64?) {
        uploadProgress?(completed, expected)
    }

    /// What ``sent(_:of:)`` does, as a `Sendable` function for a body writer that runs apart from
    /// the receiver; `nil` when nobody listens for progress, so the writer can skip the bookkeeping.
    ///
    /// ```swift
    /// let reportSent = receiver.uploadProgress
    /// // in the body writer, after each chunk:
    /// reportSent?(written, body.length)
    /// ```
    public var uploadProgress: (@Sendable (_ completed: Int64, _ expected: Int64?) -> Void)? {
        guard observers.hearProgress else { return nil }
        let observers = observers
        return { completed, expected in
            let progress = TransferProgress(
                direction: .upload, completedBytes: completed, expectedBytes: expected)
            observers.notify { $0.progressed(progress) }
        }
    }

    /// Checks the response head: an interim (1xx) status where the final one belongs,
    /// conflicting `Content-Length` values, content codings the transport does not decode
    /// (``contentDecoding``), an announced body over the limit, and (for a 2xx download) the file
    /// it goes to. The response keeps each field value without the spaces and tabs around it
    /// (RFC 9110 §5.5).
    public mutating func receiveHead(status: HTTPStatus, headers: HeaderFields) -> Decision {
        observers.notify { $0.receivedHead() }
        let headers = headers.withValuesTrimmed()
        self.status = status
        self.headers = headers
        guard status.code >= 200 else { return .stop(Self.interim(status)) }
        switch ResponseFraming.contentLength(in: headers) {
        case .failure(let error): return .stop(error)
        case .success(let length): announcedLength = length
        }
        if let contentDecoding, ResponseFraming.carriesBody(status: status, method: request.method),
            let refusal = contentDecoding.refusal(of: headers)
        {
            return .stop(refusal)
        }
        expectedDeliveredLength =
            ResponseFraming.deliveredLengthMustMatch(headers: headers, status: status, method: request.method)
            ? announcedLength : nil
        if status.isSuccess, request.streamsResponse, request.responseBodyFile == nil {
            stream = BodyStreamStorage(
                backlogLimit: max(responseLimit, Self.streamBacklogLimit), idleTimeout: request.timeout.idle)
        } else if status.isSuccess, let destination = request.responseBodyFile {
            do throws(CourierError) {
                download = try DownloadFile(
                    destination: destination, partial: request.partialDownload, status: status,
                    headers: headers)
            } catch {
                return .stop(error)
            }
            if let downloadLimit, let length = announcedLength,
                length + (download?.heldBytes ?? 0) > downloadLimit,
                ResponseFraming.carriesBody(status: status, method: request.method)
            {
                return stop(Self.tooLarge(downloadLimit))
            }
        } else if let length = announcedLength, length > Int64(responseLimit),
            ResponseFraming.carriesBody(status: status, method: request.method)
        {
            return .stop(Self.tooLarge(Int64(responseLimit)))
        }
        report(
            TransferProgress(direction: .download, completedBytes: 0, expectedBytes: expectedDeliveredLength))
        return .proceed
    }

    /// The most unread bytes a streamed body holds (or the response limit, if larger) when the
    /// transport cannot pause its connection: past it the stream fails with
    /// ``CourierError/Kind/responseTooLarge``.
    public static let streamBacklogLimit = 32 * 1024 * 1024

    /// The response to return at once when the request streams its response and the head was a
    /// 2xx: its ``RawResponse/bodyStream`` fills with the chunks ``receive(_:)`` takes from now on.
    /// Returns it once; `nil` for a response to collect whole.
    ///
    /// - Parameter url: The URL that answered; the request's by default.
    public mutating func streamedResponse(url: URL? = nil) -> RawResponse? {
        guard let stream, let status, !hasHandedOutStream else { return nil }
        hasHandedOutStream = true
        return RawResponse(
            status: status, headers: headers, url: url ?? request.url,
            bodyStream: ResponseBodyStream(storage: stream), httpVersion: httpVersion)
    }

    /// Sets how the transport follows a streamed body's reader: `pause` when it holds more than it
    /// has read (stop reading from the connection), `resume` when it has caught up, `close` when it
    /// went away (close the connection at once). Each may be called from the reader's thread, so
    /// it must only start the work, not wait for it. `pause` and `resume` are called while Courier
    /// holds the stream's lock, in the order the reader's progress decides them: each must only
    /// enqueue its work (on one serial queue, so a resume never overtakes its pause) and must not
    /// call back into Courier.
    public func controlStream(
        pause: @escaping @Sendable () -> Void, resume: @escaping @Sendable () -> Void,
        close: @escaping @Sendable () -> Void
    ) {
        stream?.attach(BodyStreamStorage.Controls(pause: pause, resume: resume, close: close))
    }

    /// Waits while a streamed body's reader holds more than it has read, for a transport that
    /// reads its connection from a task: call it after each chunk.
    public func waitForStreamDemand() async {
        await stream?.waitForDemand()
    }

    /// Takes a chunk of the (decoded) body: kept, written to the download file, or handed to a
    /// streamed body's reader. Past the limit the bytes are dropped and the response stops; a
    /// stream whose reader went away stops too.
    ///
    /// The chunk must own its bytes: it may be kept after the call. A collected body's first
    /// chunk is kept as it is (when its indices start at 0), not copied, and so is every chunk of
    /// a streamed body. A `Data` over a buffer the transport reuses (`bytesNoCopy` without a
    /// deallocator) must be copied first; one that wraps a larger buffer keeps that whole buffer
    /// alive for as long as the response lives, so hand over a copy as a collected body's first
    /// chunk.
    public mutating func receive(_ chunk: Data) -> Decision {
        receivedBytes += Int64(chunk.count)
        if let stream {
            guard stream.write(chunk) else {
                return .stop(
                    CourierError(
                        stage: .transport, kind: .cancelled,
                        message: "The streamed response body's reader went away."))
            }
        } else if let download {
            if let downloadLimit, receivedBytes + download.heldBytes > downloadLimit {
                return stop(Self.tooLarge(downloadLimit))
            }
            do throws(CourierError) {
                try download.write(chunk)
            } catch {
                return stop(error)
            }
        } else {
            guard receivedBytes <= Int64(responseLimit) else {
                body = Data()
                return .stop(Self.tooLarge(Int64(responseLimit)))
            }
            if body.isEmpty, chunk.startIndex == 0 {
                // The first chunk (often the whole body) is kept as it is, not copied; a slice
                // is copied, so that the body's indices start at 0 as callers expect.
                body = chunk
            } else {
                body.append(chunk)
            }
        }
        report(
            TransferProgress(
                direction: .download, completedBytes: receivedBytes, expectedBytes: expectedDeliveredLength))
        return .proceed
    }

    /// The whole response, once the body ended: checked against its `Content-Length`, its
    /// download moved into place. A failure has removed any partial download.
    ///
    /// - Parameter url: The URL that answered; the request's by default.
    public func complete(url: URL? = nil) -> Result<RawResponse, CourierError> {
        guard let status else {
            abandon()
            return .failure(
                CourierError(
                    stage: .transport, kind: .invalidResponse, message: "The server's response was not HTTP.")
            )
        }
        if let expected = expectedDeliveredLength, receivedBytes != expected {
            let error = ResponseFraming.lengthMismatch(delivered: receivedBytes, expected: expected)
            if receivedBytes > expected {
                // More than announced: the bytes are not a prefix to resume from.
                download?.discard()
            }
            abandon(because: error)
            return .failure(error)
        }
        if let stream {
            stream.finish(nil)
            return .success(
                RawResponse(
                    status: status, headers: headers, url: url ?? request.url, httpVersion: httpVersion))
        }
        var bodyFile: URL?
        if let download {
            do throws(CourierError) {
                bodyFile = try download.complete()
            } catch {
                return .failure(error)
            }
        }
        return .success(
            RawResponse(
                status: status, headers: headers, body: body, url: url ?? request.url, bodyFile: bodyFile,
                httpVersion: httpVersion))
    }

    /// The error to fail with when the connection failed with `error`: a lost connection after the
    /// head arrived is a truncated response, and so is a TLS failure then (the handshake had
    /// succeeded, so the TLS connection broke, as a transport may report it). When the head was
    /// not a 2xx, it is the error's ``CourierError/response``, without a body: a server that
    /// answers `413` or `401` early and closes while the request body is still being sent is told
    /// apart that way. A 2xx head is not kept, so that no part of a failed success is at hand.
    public func interrupted(by error: CourierError) -> CourierError {
        guard hasHead, error.kind == .connectionLost || error.kind == .tlsHandshakeFailed else {
            return error
        }
        let what = error.kind == .connectionLost ? "The connection closed" : "The TLS connection failed"
        return CourierError(
            stage: .transport, kind: .truncatedResponse,
            message: what + " before the whole response body arrived; "
                + (download?.isResumable == true && receivedBytes + (download?.heldBytes ?? 0) > 0
                    ? "the bytes received so far are kept to resume the download."
                    : download?.cannotResume == true
                        ? "the partial body was discarded: the response has no strong validator (a strong "
                            + "ETag, or a Last-Modified a minute older than its Date) to resume it with, or "
                            + "is content-coded."
                        : "the partial body was discarded."),
            response: status.flatMap { status in
                status.isSuccess
                    ? nil
                    : RawResponse(
                        status: status, headers: headers, url: request.url, httpVersion: httpVersion)
            },
            underlying: error.underlying
        )
    }

    /// Gives up on the response: removes any partial download (or, for a resumable download,
    /// keeps it for the next attempt), and ends a streamed body with `error` (a cancellation when
    /// `nil`) unless it has ended.
    public func abandon(because error: CourierError? = nil) {
        download?.keepForResumption()
        stream?.finish(
            error ?? CourierError(stage: .transport, kind: .cancelled, message: "The response was abandoned.")
        )
    }

    /// Tells the observers how far the body got.
    private func report(_ progress: TransferProgress) {
        observers.notify { $0.progressed(progress) }
    }

    /// Stops with `error`, removing the partial download first.
    private mutating func stop(_ error: CourierError) -> Decision {
        download?.discard()
        download = nil
        stream?.finish(error)
        return .stop(error)
    }

    /// The error for a head whose status is interim: Courier asks no server to switch protocols
    /// (`101`), and a transport passes on no other 1xx as a final response.
    private static func interim(_ status: HTTPStatus) -> CourierError {
        CourierError(
            stage: .transport, kind: .invalidResponse,
            message: status.code == 101
                ? "The server switched to another protocol (101), though the request asked for none."
                : "The server's final response had the interim status \(status.code).")
    }

    private static func tooLarge(_ limit: Int64) -> CourierError {
        CourierError(
            stage: .transport, kind: .responseTooLarge,
            message: "The response body exceeded the limit of \(limit) bytes."
        )
    }
}
