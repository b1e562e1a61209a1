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

    /// ``download(_:to:)``, reporting its progress to `progress` when it is given.
    func download<E: EndpointRepresentable>(_ endpoint: E, to destination: URL, progress: ProgressSink?)
        async throws(CourierError) -> EndpointResponse<URL, E.Failure>
    {
        // The transport writes to a staging file beside the destination; only a response that
        // made it through every middleware and the result mapping replaces the destination.
        let staging = destination.deletingLastPathComponent()
            .appendingPathComponent(".courier-download-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: staging) }
        let prepared = try prepare(endpoint, options: nil)
        let (request, decoder) = (prepared.request.with { $0.responseBodyFile = staging }, prepared.decoder)
        let raw = try await perform(request, progress: progress)
        return try EndpointResponse.decoding(raw, request: request, decoder: decoder) {
            raw throws(CourierError) in
            do {
                if let file = raw.bodyFile {
                    // rename(2) replaces an existing destination in one step.
                    guard rename(file.path, destination.path) == 0 else {
                        throw DownloadMoveError(reason: String(cString: strerror(errno)))
                    }
                } else {
                    // A transport that keeps bodies in memory: write the body now.
                    try raw.body.write(to: destination, options: .atomic)
                }
            } catch {
                throw CourierError(
                    stage: .transport, kind: .downloadFileUnwritable,
                    message: "The download could not be written to \(destination.path): \(error).",
                    request: request, url: raw.url, response: raw, underlying: error
                )
            }
            return destination
        }
    }
}

/// Why a finished download could not be moved to its destination.
struct DownloadMoveError: Error, CustomStringConvertible {
    let reason: String
    var description: String { reason }
}
