/// Caps how many requests are in flight at once, overall and optionally per host; the rest wait
/// their turn, first come, first served.
///
/// The slots belong to the middleware value: copies of it, and every client it is given to, share
/// the same cap.
///
/// ```swift
/// let limit = ConcurrencyLimitMiddleware(limit: 4, perHostLimit: 2)
/// let client = Client(baseURL: BaseURL("api.example.com"), middleware: [limit])
/// ```
///
/// Hosts, redirects, fairness and cancellation: <doc:UsingMiddleware#Limiting-concurrency>.
public struct ConcurrencyLimitMiddleware: Middleware {
    /// The most requests in flight at once.
    public let limit: Int
    /// The most requests in flight at once to one host, or `nil` for no limit per host.
    public let perHostLimit: Int?
    private let slots: ConcurrencySlots

    /// Creates a middleware with its own slots.
    ///
    /// A limit below 1 could never let a request through: it is a programmer error and traps.
    ///
    /// - Parameters:
    ///   - limit: The most requests in flight at once; at least 1.
    ///   - perHostLimit: The most requests in flight to one host; at least 1, or `nil` for no limit.
    public init(limit: Int, perHostLimit: Int? = nil) {
        precondition(limit >= 1, "A concurrency limit must be at least 1, not \(limit).")
        precondition(
            (perHostLimit ?? 1) >= 1,
            "A per-host concurrency limit must be at least 1, not \(perHostLimit ?? 0).")
        self.limit = limit
        self.perHostLimit = perHostLimit
        self.slots = ConcurrencySlots(limit: limit, perHostLimit: perHostLimit)
    }

    /// Waits for a slot, calls `next` while holding it, and gives it back.
    ///
    /// - Parameters:
    ///   - request: The request to send.
    ///   - baseURL: The base URL it is resolved against; its host is the per-host key, unless the
    ///     request targets an absolute URL (``AbsoluteURL``, ``CallOptions/url``), whose host is.
    ///   - next: The rest of the chain.
    /// - Returns: The response from `next`.
    /// - Throws: The error from `next`, or a ``CourierError`` of kind
    ///   ``CourierError/Kind/cancelled`` when the task is cancelled while it waits for a slot.
    public func intercept(
        _ request: EndpointRequest, baseURL: BaseURL, next: Next
    ) async throws -> RawResponse {
        let host = baseURL.resolvingBase(for: request).host
        do {
            try await slots.acquire(host: host)
        } catch {
            throw CourierError(
                stage: .middleware, kind: .cancelled,
                message: "The request was cancelled while it waited for a concurrency slot.",
                request: request, underlying: error
            )
        }
        defer { slots.release(host: host) }
        return try await next(request, baseURL)
    }

    /// Requests holding a slot, and requests waiting for one.
    var counts: (inFlight: Int, waiting: Int) { slots.counts }
}
