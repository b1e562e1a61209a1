#if canImport(Testing)
    import Courier
    import CourierTestSupport

    /// Holds every call that passes it until ``open()``, then lets them go on to the transport.
    ///
    /// Placed after ``DeduplicationMiddleware``, only shared calls pass it, so a case can wait until
    /// every request joined the shared call before it reaches the server.
    struct CallGate: Middleware {
        private struct State {
            var calls = 0
            var isOpen = false
            var held: [CheckedContinuation<Void, Never>] = []
        }

        private let state = LockedBox(State())

        /// The calls that reached the gate so far, held or let through.
        var calls: Int { state.withLock { $0.calls } }

        /// Lets the held calls go on, and every later one pass at once.
        func open() {
            let held = state.withLock { state in
                state.isOpen = true
                defer { state.held = [] }
                return state.held
            }
            for call in held { call.resume() }
        }

        func intercept(
            _ request: EndpointRequest, baseURL: BaseURL, next: Next
        ) async throws -> RawResponse {
            await withCheckedContinuation { continuation in
                let isOpen = state.withLock { state in
                    state.calls += 1
                    if !state.isOpen { state.held.append(continuation) }
                    return state.isOpen
                }
                if isOpen { continuation.resume() }
            }
            return try await next(request, baseURL)
        }
    }
#endif
