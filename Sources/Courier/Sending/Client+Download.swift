import Foundation

extension Client {
    /// Sends an endpoint and writes a successful response body to a file, streamed to disk.
    ///
    /// `destination` is replaced only once the body is complete and every middleware accepted the
    /// response; see <doc:HandlingFaults#Downloads>.
    ///
    /// ```swift
    /// let response = try await client.download(API.report(id), to: reportFile)
    /// if case .success(let file) = response.result { print("saved to", file.path) }
    /// ```
    ///
    /// - Parameters:
    ///   - endpoint: The endpoint to send; its `Success` type is not decoded.
    ///   - destination: Where the body goes; replaced if it exists.
    /// - Throws: ``CourierError``; ``CourierError/Kind/downloadFileUnwritable`` when the file
    ///   cannot be written.
    public func download<E: EndpointRepresentable>(_ endpoint: E, to destination: URL)
        async throws(CourierError)
        -> EndpointResponse<URL, E.Failure>
    {
        try await download(endpoint, to: destination, progress: nil)
    }

    /// Sends an endpoint and writes a successful response body to a file, and when `resumable`,
    /// keeps the bytes of an interrupted download to ask only for the rest next time.
    ///
    /// A resumable download that fails after bytes arrived (the connection drops, a timeout, a
    /// cancellation) keeps them beside `destination`, with the response's validator, and its
    /// error says so. Calling it again for the same URL and destination sends `Range` and
    /// `If-Range`: the rest is appended when the server sends it, and the download starts over
    /// when the server ignores the range or the resource changed (it then sends the whole body).
    /// A file is never stitched from two versions, and bytes are kept only for a response with a
    /// strong validator (a strong `ETag`, or a `Last-Modified` date the RFC counts as strong); see
    /// <doc:CachingAndCookies>.
    ///
    /// ```swift
    /// do {
    ///     _ = try await client.download(API.installer, to: file, resumable: true)
    /// } catch {
    ///     // later, the same call asks only for the bytes still missing
    ///     _ = try await client.download(API.installer, to: file, resumable: true)
    /// }
    /// ```
    ///
    /// One resumable download to a destination at a time: two at once share its kept bytes.
    ///
    /// - Parameters:
    ///   - endpoint: The endpoint to send; its `Success` type is not decoded.
    ///   - destination: Where the body goes; replaced if it exists.
    ///   - resumable: Whether to keep and resume an interrupted download.
    /// - Throws: ``CourierError``; ``CourierError/Kind/downloadFileUnwritable`` when the file
    ///   cannot be written; at the ``CourierError/Stage/building`` stage,
    ///   ``CourierError/Kind/invalidMethod`` when a resumable endpoint is not a `GET`, and
    ///   ``CourierError/Kind/invalidHeaderValue`` when it sets its own `Range` or `If-Range`.
    public func download<E: EndpointRepresentable>(_ endpoint: E, to destination: URL, resumable: Bool)
        async throws(CourierError)
        -> EndpointResponse<URL, E.Failure>
    {
        try await download(endpoint, to: destination, progress: nil, resumable: resumable)
    }

    /// ``download(_:to:resumable:)``, reporting its progress to `progress` when it is given.
    func download<E: EndpointRepresentable>(
        _ endpoint: E, to destination: URL, progress: ProgressSink?, resumable: Bool = false
    ) async throws(CourierError) -> EndpointResponse<URL, E.Failure> {
        // The transport writes to a staging file beside the destination; only a response that
        // made it through every middleware and the result mapping replaces the destination.
        let staging = destination.deletingLastPathComponent()
            .appendingPathComponent(".courier-download-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: staging) }
        let prepared = try prepare(endpoint, options: nil)
        let decoder = prepared.decoder
        let asDeclared = prepared.request.with { $0.responseBodyFile = staging }
        var request = asDeclared
        var raw: RawResponse
        if resumable {
            request = try resuming(asDeclared, to: destination, fromHeldBytes: true)
            do {
                raw = try await perform(request, progress: progress)
                if raw.status.code == 416, request.partialDownload?.offset != nil {
                    // The bytes held are not a prefix the server can continue: start over.
                    PartialDownload.remove(for: destination)
                    request = try resuming(asDeclared, to: destination, fromHeldBytes: false)
                    raw = try await perform(request, progress: progress)
                }
            } catch {
                throw Self.sayingBytesKept(error, for: request)
            }
        } else {
            raw = try await perform(request, progress: progress)
        }
        let sent = request
        let response = try EndpointResponse<URL, E.Failure>.decoding(raw, request: sent, decoder: decoder) {
            raw throws(CourierError) in
            do {
                if let file = raw.bodyFile {
                    // rename(2) replaces an existing destination in one step.
                    guard rename(file.path, destination.path) == 0 else {
                        throw DownloadMoveError(reason: String(cString: strerror(errno)))
                    }
                } else if raw.status.code == 206 {
                    // Only the rest, in memory: the bytes held were never appended to it.
                    throw DownloadMoveError(
                        reason: "the rest of the download arrived without a file to continue (a "
                            + "transport or middleware that answered from memory)")
                } else {
                    // A transport that keeps bodies in memory: write the body now.
                    try raw.body.write(to: destination, options: .atomic)
                }
            } catch {
                throw CourierError(
                    stage: .transport, kind: .downloadFileUnwritable,
                    message: "The download could not be written to \(destination.path): \(error).",
                    request: sent, url: raw.url, response: raw, underlying: error
                )
            }
            return destination
        }
        if resumable, raw.status.isSuccess { PartialDownload.remove(for: destination) }
        return response
    }

    /// `error`, for a cancelled or timed-out resumable download `request`, saying that the bytes
    /// received so far are kept to resume it when they are: the transport kept them before it
    /// threw, and a download past its total timeout throws once they are settled.
    private static func sayingBytesKept(_ error: CourierError, for request: EndpointRequest) -> CourierError {
        guard error.kind == .cancelled || error.kind == .timedOut, request.partialDownload?.held() != nil
        else { return error }
        var statement = error.statement
        if statement.hasSuffix(".") { statement.removeLast() }
        statement += "; the bytes received so far are kept to resume the download."
        return error.with(statement: statement)
    }

    /// `request` as a resumable download to `destination`: asking for the rest of the bytes held
    /// from an earlier attempt at the same URL when `fromHeldBytes` and there are any, else for
    /// the whole body; never content-coded, as ranges count coded bytes.
    private func resuming(_ request: EndpointRequest, to destination: URL, fromHeldBytes: Bool)
        throws(CourierError) -> EndpointRequest
    {
        guard request.method == .get else {
            throw CourierError(
                stage: .building, kind: .invalidMethod,
                message: "A resumable download is a GET; this one is \(request.method).", request: request)
        }
        guard !request.headers.contains(.range), !request.headers.contains(.ifRange) else {
            throw CourierError(
                stage: .building, kind: .invalidHeaderValue,
                message: "A resumable download sets no Range or If-Range of its own: it asks for the bytes "
                    + "it does not hold itself.",
                request: request)
        }
        let url = try baseURL.url(for: request).absoluteString
        var partial = PartialDownload(destination: destination, url: url)
        var headers = request.headers
        headers.removeAll(named: .range)
        headers.removeAll(named: .ifRange)
        headers.set(HeaderField(name: .acceptEncoding, value: "identity"))
        if fromHeldBytes, let held = partial.held() {
            partial = PartialDownload(
                destination: destination, url: url, offset: held.size, validator: held.validator)
            headers.append(HeaderField(name: .range, value: "bytes=\(held.size)-"))
            headers.append(HeaderField(name: .ifRange, value: held.validator))
        } else {
            partial.remove()
        }
        return request.with {
            $0.headers = headers
            $0.partialDownload = partial
        }
    }
}

/// Why a finished download could not be moved to its destination.
struct DownloadMoveError: Error, CustomStringConvertible {
    let reason: String
    var description: String { reason }
}
