extension Client {
    /// Runs the middleware chain, within the endpoint's or the client's total timeout, and holds
    /// the response to the endpoint's ``ResponseValidation`` when no ``ValidationMiddleware`` does.
    @usableFromInline func perform(_ request: EndpointRequest) async throws(CourierError) -> RawResponse {
        let response: RawResponse
        if let timeout = request.timeout.total {
            response = try await perform(request, within: timeout)
        } else if let chain {
            response = try await chain(request, baseURL)
        } else {
            response = try await Self.send(request, baseURL: baseURL, follower: follower, memo: memo)
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
        let follower = follower
        let memo = memo
        do {
            return try await Deadline.run(within: timeout) { () throws(CourierError) in
                if let chain { return try await chain(request, baseURL) }
                return try await Self.send(request, baseURL: baseURL, follower: follower, memo: memo)
            }
        } catch {
            throw error.adding(request: request)
        }
    }

    /// `request` resolved against `baseURL` and sent through `follower`: the end of every chain.
    @inline(__always) static func send(
        _ request: EndpointRequest, baseURL: BaseURL, follower: RedirectFollower, memo: BuiltRequestMemo
    ) async throws(CourierError) -> RawResponse {
        let transportRequest = try request.transportRequest(baseURL: baseURL, memo: memo)
        do throws(CourierError) {
            return try await follower.send(transportRequest)
        } catch {
            throw error.adding(request: request, url: transportRequest.url)
        }
    }

    /// `middleware` folded around `follower`, the first one outermost: what ``perform(_:)`` runs.
    /// Courier's own middleware (``LinkedMiddleware``) link themselves in, one async frame each;
    /// any other runs in a closure that calls it and maps what it throws to a ``CourierError``.
    static func chain(
        _ middleware: ArraySlice<any Middleware>, around follower: RedirectFollower, memo: BuiltRequestMemo
    ) -> Middleware.Next {
        guard let first = middleware.first else {
            return { request, baseURL throws(CourierError) in
                try await send(request, baseURL: baseURL, follower: follower, memo: memo)
            }
        }
        let next = chain(middleware.dropFirst(), around: follower, memo: memo)
        if let linked = first as? any LinkedMiddleware { return linked.link(to: next) }
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
