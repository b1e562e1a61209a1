/// Lets identical `GET` and `HEAD` requests that are in flight at the same time share one call.
///
/// Every request that joins a call receives the same ``RawResponse`` or the same
/// ``CourierError``; nothing is cached. Place it after anything that sets headers, such as
/// authentication, so that it compares the headers that are sent.
///
/// ```swift
/// let client = Client(baseURL: BaseURL("api.example.com"), middleware: [DeduplicationMiddleware()])
/// async let first = client.value(API.user(42))
/// async let second = client.value(API.user(42))   // shares the first request's call
/// ```
///
/// What counts as identical, cancellation and deadlines:
/// <doc:UsingMiddleware#De-duplicating-identical-requests>.
public struct DeduplicationMiddleware: Middleware {
    private let calls = LockedValue<[RequestFingerprint: InFlightCall]>([:])

    /// Creates a middleware with no call in flight.
    public init() {}

    /// Shares the call for `GET` and `HEAD` requests with identical requests in flight, and passes
    /// any other request (and any streamed one, ``EndpointRequest/streamsResponse``) straight to
    /// `next`.
    ///
    /// - Parameters:
    ///   - request: The request to send.
    ///   - baseURL: The base URL it is resolved against; part of what makes requests identical.
    ///   - next: The rest of the chain, called once per shared call.
    /// - Returns: The shared call's response.
    /// - Throws: The shared call's ``CourierError``, or one of kind
    ///   ``CourierError/Kind/cancelled`` when this request's task is cancelled while it waits.
    public func intercept(
        _ request: EndpointRequest, baseURL: BaseURL, next: @escaping Next
    ) async throws -> RawResponse {
        // A streamed body has one reader, so a streamed request never shares its call.
        guard request.method == .get || request.method == .head, !request.streamsResponse else {
            return try await next(request, baseURL)
        }
        guard !Task.isCancelled else { throw Self.cancelled(request) }
        let fingerprint = RequestFingerprint(baseURL: baseURL, request: request)
        let calls = calls
        let (call, waiterID) = calls.withLock { table -> (InFlightCall, Int?) in
            if let running = table[fingerprint], let id = running.join() { return (running, id) }
            let opened = InFlightCall()
            table[fingerprint] = opened
            return (opened, nil)
        }
        if waiterID == nil {
            call.start {
                do throws(CourierError) {
                    return .success(try await next(request, baseURL))
                } catch {
                    return .failure(error)
                }
            } finished: {
                calls.withLock { table in
                    if table[fingerprint] === call { table[fingerprint] = nil }
                }
            }
        }
        switch await call.wait(as: waiterID ?? InFlightCall.openerID) {
        case .outcome(let outcome): return try outcome.get()
        case .cancelled: throw Self.cancelled(request)
        }
    }

    /// The number of requests waiting for a shared call, over all calls in flight; `package` for
    /// the transport conformance suite, which waits on it instead of the wall clock.
    package var waitingRequests: Int {
        calls.withLock { table in table.values.reduce(0) { $0 + $1.activeWaiters } }
    }

    private static func cancelled(_ request: EndpointRequest) -> CourierError {
        CourierError(
            stage: .middleware, kind: .cancelled,
            message: "The request was cancelled while it waited for an identical request in flight.",
            request: request, underlying: CancellationError()
        )
    }
}
