/// A middleware of Courier's own whose work throws only ``CourierError``, so that the client's
/// chain can run it as one async frame: the closure ``link(to:)`` returns runs the work itself,
/// where a middleware the chain knows only by ``Middleware`` runs as a closure that calls
/// ``Middleware/intercept(_:baseURL:next:)`` and maps what it throws (two frames; each costs about
/// 600 instructions per request).
///
/// A conformer implements ``link(to:)`` itself, with its work inlined into the closure: a default
/// implementation here would call the work through the protocol, a frame again.
protocol LinkedMiddleware: Middleware {
    /// A ``Middleware/Next`` that runs this middleware's work around `next`.
    func link(to next: @escaping Next) -> Next
}
