extension Client {
    /// Runs the middleware chain, within the endpoint's or the client's total timeout.
    func perform(_ request: EndpointRequest) async throws(CourierError) -> RawResponse {
        let chain = chain(from: 0)
        let baseURL = baseURL
        guard let timeout = request.timeout.total else { return try await chain(request, baseURL) }
        do {
            return try await Deadline.run(within: timeout) { () throws(CourierError) in
                try await chain(request, baseURL)
            }
        } catch {
            throw error.adding(request: request)
        }
    }

    /// The middleware chain starting at `index`, ending in redirect handling and the transport.
    private func chain(from index: Int) -> Middleware.Next {
        guard index < middleware.count else {
            let follower = RedirectFollower(transport: transport, limit: configuration.redirectLimit)
            return { request, baseURL throws(CourierError) in
                let transportRequest = try request.transportRequest(baseURL: baseURL)
                do throws(CourierError) {
                    return try await follower.send(transportRequest)
                } catch {
                    throw error.adding(request: request, url: transportRequest.url)
                }
            }
        }
        let middleware = middleware[index]
        let next = chain(from: index + 1)
        return { request, baseURL throws(CourierError) in
            do {
                return try await middleware.intercept(request, baseURL: baseURL, next: next)
            } catch let error as CourierError {
                throw error
            } catch is CancellationError {
                throw CourierError(
                    stage: .middleware, kind: .cancelled, message: "The request was cancelled.",
                    request: request, underlying: CancellationError()
                )
            } catch {
                throw CourierError(
                    stage: .middleware, kind: .middlewareFailed,
                    message: "The middleware \(type(of: middleware)) failed: \(error).",
                    request: request, underlying: error
                )
            }
        }
    }
}
