/// Lets identical `GET` and `HEAD` requests that are in flight at the same time share one call.
///
/// When a request arrives while an identical one is still running, it does not call the rest of
/// the chain: it waits for the running call and receives the same ``RawResponse`` (the same
/// bytes) or the same ``CourierError``. Nothing is cached: a request that arrives after the call
/// finished starts a new one.
///
/// ```swift
/// let client = Client(baseURL: BaseURL("api.example.com"), middleware: [DeduplicationMiddleware()])
/// // Ten views that ask for the same user at once cause one request.
/// async let first = client.value(API.user(42))
/// async let second = client.value(API.user(42))
/// ```
///
/// Two requests are identical when the base URL and the whole request value are equal: method,
/// path, query, every header field in order (credentials included, so two users' requests are
/// never merged), the body, and the endpoint's timeout, idempotency and validation declarations.
/// Requests are compared by value, not only by hash, so a hash collision can never merge two
/// different requests. Place the middleware after anything that sets headers, such as
/// authentication, so that it compares the headers that are sent.
///
/// Only the safe methods `GET` and `HEAD` are shared. Every other method, `OPTIONS` included,
/// passes straight through: `OPTIONS` is safe too, but it asks about a server's capabilities
/// rather than fetching a representation, and is not sent in bursts that sharing would save.
///
/// Cancelling a waiting request ends it at once with a ``CourierError/Kind/cancelled`` error and
/// does not disturb the others; the shared call is cancelled only when every request waiting for
/// it was cancelled.
///
/// The shared call runs in a task of its own, so it outlives a cancelled first request. That task
/// keeps the task-local values of the request that started it, its deadline and its metrics
/// recorder included. A request that joins an existing call still ends by its own deadline, but
/// middleware after this one sees the first request's deadline. The joining request's metrics
/// record no attempt, redirect or byte: the call is counted once, for the request that started
/// it, so totals match what went over the wire.
///
/// Copies of a middleware value share their in-flight calls; two separate instances never do.
public struct DeduplicationMiddleware: Middleware {
    private let calls = LockedValue<[RequestFingerprint: InFlightCall]>([:])

    /// Creates a middleware with no call in flight.
    public init() {}

    /// Shares the call for `GET` and `HEAD` requests with identical requests in flight, and passes
    /// any other request straight to `next`.
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
        guard request.method == .get || request.method == .head else {
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

    /// The number of requests waiting for a shared call, over all calls in flight.
    var waitingRequests: Int {
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
