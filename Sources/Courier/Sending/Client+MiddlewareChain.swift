extension Client {
    /// Runs the middleware chain for a prepared request, within its total timeout, and holds the
    /// response to the endpoint's ``ResponseValidation`` when no ``ValidationMiddleware`` does;
    /// `progress`, when given, hears how the request's bodies move.
    func perform(_ request: EndpointRequest, progress: ProgressSink? = nil) async throws(CourierError)
        -> RawResponse
    {
        var request = request
        if let progress { request.context = request.context.adding(progress) }
        // The earlier of this call's deadline and that of a call it runs inside. Only this call's
        // own deadline is raced here: an outer one that comes first is raced by the outer call,
        // whose error names its own timeout.
        let own = request.timeout.total.map { ContinuousClock.now + $0 }
        let outer = TotalTimeout.current
        let ownComesFirst =
            switch (own, outer) {
            case (let own?, let outer?): own <= outer
            case (.some, nil): true
            case (nil, _): false
            }
        request.context = request.context.with(deadline: ownComesFirst ? own : outer)
        let response: RawResponse
        if ownComesFirst, let total = request.timeout.total, let deadline = own {
            let (chain, baseURL, limited) = (chain, baseURL, request)
            do {
                // A download's error comes once the transport kept or removed the bytes that
                // arrived, so that calling again finds them where they belong.
                let settleTime = request.responseBodyFile == nil ? .zero : TotalTimeout.downloadSettleTime
                response = try await TotalTimeout.run(until: deadline, timeout: total, settleTime: settleTime)
                {
                    () throws(CourierError) in
                    try await chain(limited, baseURL)
                }
            } catch {
                throw error.adding(request: request, url: try? baseURL.url(for: request))
            }
        } else {
            response = try await chain(request, baseURL)
        }
        if let rules = request.validation, !hasValidationMiddleware {
            try ValidationMiddleware.check(
                response, for: request, against: rules, accepter: "the endpoint accepts", stage: .status)
        }
        return response
    }

    /// `middleware` folded around `follower`, the first one outermost.
    ///
    /// Each middleware runs through ``Middleware/intercept(_:baseURL:next:)``; what it throws that
    /// is not a ``CourierError`` reaches the caller as one at the ``CourierError/Stage/middleware``
    /// stage.
    static func chain(_ middleware: [any Middleware], around follower: RedirectFollower) -> Middleware.Next {
        var chain: Middleware.Next = { request, baseURL throws(CourierError) in
            try await follower.send(request, baseURL: baseURL)
        }
        for middleware in middleware.reversed() {
            chain = run(middleware, before: chain)
        }
        return chain
    }

    /// The rest of a chain that starts with `middleware` and goes on with `next`.
    private static func run(_ middleware: any Middleware, before next: @escaping Middleware.Next)
        -> Middleware.Next
    {
        { request, baseURL throws(CourierError) in
            do {
                return try await middleware.intercept(request, baseURL: baseURL, next: next)
            } catch {
                throw CourierError.middleware(error, thrownBy: middleware, request: request, baseURL: baseURL)
            }
        }
    }
}

extension CourierError {
    /// What `error`, thrown by `middleware` while it handled `request` for `baseURL`, reaches the
    /// caller as: a ``CourierError`` as it is, a cancellation as ``Kind/cancelled``, anything else
    /// as ``Kind/middlewareFailed``; the last two name the request's URL.
    static func middleware(
        _ error: any Error, thrownBy middleware: any Middleware, request: EndpointRequest, baseURL: BaseURL
    ) -> CourierError {
        if let error = error as? CourierError { return error }
        let (kind, message): (Kind, String) =
            error is CancellationError
            ? (.cancelled, "The request was cancelled.")
            : (.middlewareFailed, "The middleware \(type(of: middleware)) failed: \(error).")
        return CourierError(
            stage: .middleware, kind: kind, message: message, request: request,
            url: try? baseURL.url(for: request), underlying: error)
    }
}
