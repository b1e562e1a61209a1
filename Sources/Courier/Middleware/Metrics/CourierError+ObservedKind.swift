extension CourierError {
    /// The kind as the caller sees it: ``kind``, except that a cancellation caused by the call's
    /// own deadline (the client cancels the chain when its timeout passes) is
    /// ``Kind/timedOut``.
    ///
    /// Middleware that reports a failure (``LoggingMiddleware``, ``MetricsMiddleware``, a tracing
    /// middleware) names it by this kind, so that logs, metrics and spans agree. Read it in the
    /// middleware's `catch`, on the task that sent the request: the deadline is the task's. A
    /// caller cancelled before the deadline, whose chain stops only after it, gets
    /// ``Kind/cancelled`` while its middleware report ``Kind/timedOut``.
    ///
    /// ```swift
    /// } catch {
    ///     report(error.observedKind)  // `timedOut` where `error.kind` is `cancelled`
    ///     throw error
    /// }
    /// ```
    public var observedKind: Kind {
        if kind == .cancelled, let deadline = Deadline.current, deadline <= .now { return .timedOut }
        return kind
    }
}
