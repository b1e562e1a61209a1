extension CourierError {
    /// The kind as the caller of `request` sees it: ``kind``, except that a cancellation caused by
    /// the call's own deadline (the client cancels the chain when its total timeout passes) is
    /// ``Kind/timedOut``.
    ///
    /// Middleware that reports a failure (``LoggingMiddleware``, ``MetricsMiddleware``, a tracing
    /// middleware) names it by this kind, so that logs, metrics and spans agree. Pass the request
    /// the middleware was given: it carries the call's deadline. A caller cancelled before the
    /// deadline, whose chain stops only after it, gets ``Kind/cancelled`` while its middleware
    /// report ``Kind/timedOut``.
    ///
    /// ```swift
    /// } catch {
    ///     report(error.observedKind(for: request))  // `timedOut` where `error.kind` is `cancelled`
    ///     throw error
    /// }
    /// ```
    public func observedKind(for request: EndpointRequest) -> Kind {
        if kind == .cancelled, let deadline = request.context.deadline, deadline <= .now { return .timedOut }
        return kind
    }
}
