import Foundation

extension Client {
    /// Starts sending an endpoint and returns at once with its progress and eventual response.
    ///
    /// ```swift
    /// let transfer = client.transfer(API.upload(file))
    /// for await progress in transfer.progress {
    ///     print(progress.direction, progress.fractionCompleted ?? 0)
    /// }
    /// let response = try await transfer.value
    /// ```
    public func transfer<E: EndpointRepresentable>(_ endpoint: E) -> Transfer<
        EndpointResponse<E.Success, E.Failure>
    > {
        Transfer { progress throws(CourierError) in
            try await send(endpoint, options: nil, progress: progress)
        }
    }

    /// Starts a download to `destination` and returns at once with its progress and eventual
    /// response; see ``download(_:to:)``.
    ///
    /// - Parameters:
    ///   - endpoint: The endpoint to send.
    ///   - destination: Where a successful body goes.
    public func transfer<E: EndpointRepresentable>(_ endpoint: E, downloadingTo destination: URL)
        -> Transfer<EndpointResponse<URL, E.Failure>>
    {
        Transfer { progress throws(CourierError) in
            try await download(endpoint, to: destination, progress: progress)
        }
    }

    /// Starts a download to `destination` that, when `resumable`, keeps and resumes the bytes of
    /// an interrupted attempt, and returns at once with its progress and eventual response; see
    /// ``download(_:to:resumable:)``. The progress of a resumed download counts the rest only.
    ///
    /// - Parameters:
    ///   - endpoint: The endpoint to send.
    ///   - destination: Where a successful body goes.
    ///   - resumable: Whether to keep and resume an interrupted download.
    public func transfer<E: EndpointRepresentable>(
        _ endpoint: E, downloadingTo destination: URL, resumable: Bool
    ) -> Transfer<EndpointResponse<URL, E.Failure>> {
        Transfer { progress throws(CourierError) in
            try await download(endpoint, to: destination, progress: progress, resumable: resumable)
        }
    }
}
