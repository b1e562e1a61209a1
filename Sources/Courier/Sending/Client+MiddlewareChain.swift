extension Client {
    /// Runs the middleware chain, within the endpoint's or the client's total timeout, and holds
    /// the response to the endpoint's ``ResponseValidation`` when no ``ValidationMiddleware`` does.
    @usableFromInline func perform(_ request: EndpointRequest) async throws(CourierError) -> RawResponse {
        let response: RawResponse
        if let timeout = request.timeout.total {
            response = try await perform(request, within: timeout)
        } else {
            response = try await chain(request, baseURL)
        }
        if let rules = request.validation, !hasValidationMiddleware {
            try ValidationMiddleware.check(
                response, for: request, against: rules, accepter: "the endpoint accepts", stage: .status)
        }
        return response
    }

    /// Runs the middleware chain within `timeout`.
    private func perform(_ request: EndpointRequest, within timeout: Duration) async throws(CourierError)
        -> RawResponse
    {
        let chain = chain
        let baseURL = baseURL
        do {
            return try await Deadline.run(within: timeout) { () throws(CourierError) in
                try await chain(request, baseURL)
            }
        } catch {
            throw error.adding(request: request)
        }
    }

    /// `middleware` folded around `follower`, the first one outermost: what ``perform(_:)`` runs.
    static func chain(
        _ middleware: ArraySlice<any Middleware>, around follower: RedirectFollower, memo: BuiltRequestMemo
    ) -> Middleware.Next {
        guard let first = middleware.first else {
            return { request, baseURL throws(CourierError) in
                let transportRequest = try request.transportRequest(baseURL: baseURL, memo: memo)
                do throws(CourierError) {
                    return try await follower.send(transportRequest)
                } catch {
                    throw error.adding(request: request, url: transportRequest.url)
                }
            }
        }
        let next = chain(middleware.dropFirst(), around: follower, memo: memo)
        return { request, baseURL throws(CourierError) in
            do {
                return try await first.intercept(request, baseURL: baseURL, next: next)
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
                    message: "The middleware \(type(of: first)) failed: \(error).",
                    request: request, underlying: error
                )
            }
        }
    }
}
