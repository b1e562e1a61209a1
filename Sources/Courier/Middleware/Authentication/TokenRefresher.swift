/// The one token an ``AuthenticationMiddleware`` signs with, fetched and refreshed single-flight.
///
/// However many requests ask at once, at most one call to the ``TokenProvider`` is in flight;
/// the others wait for its result. Each token gets a generation number, so a request signed with
/// an older token than the current one is re-signed instead of causing another refresh. A
/// refresh starts at most once per `minimumInterval`, measured from the end of the last refresh
/// (successful or not).
///
/// The provider runs in a detached task: a waiter that is cancelled stops waiting at once, while
/// the others still get the result, and no waiter's deadline or metrics apply to the provider.
actor TokenRefresher {
    /// A token and the generation it belongs to (1 for the first).
    struct Token: Sendable, Equatable {
        let value: String
        let generation: Int
    }

    /// Why a waiter got no token.
    enum Failure: Error {
        /// The provider threw this error.
        case provider(any Error)
        /// The waiting task was cancelled.
        case cancelled
    }

    private let provider: any TokenProvider
    private let minimumInterval: Duration
    private let elapsed: @Sendable () -> Duration
    private var current: Token?
    private var waiters: [Int: CheckedContinuation<Token, any Error>]?
    private var nextWaiter = 0
    private var lastRefreshEnded: Duration?

    init(provider: any TokenProvider, minimumInterval: Duration, clock: any Clock<Duration>) {
        self.provider = provider
        self.minimumInterval = minimumInterval
        self.elapsed = Self.stopwatch(clock)
    }

    /// The token to sign a request with: after any fetch in flight, the current one, or the
    /// provider's first.
    func token() async throws -> Token {
        if waiters == nil, let current { return current }
        if waiters == nil {
            let provider = provider
            start(isRefresh: false) { try await provider.token() }
        }
        return try await wait()
    }

    /// The token to replay a request with after a 401 for `rejected`, or `nil` when the 401
    /// stands because a refresh ended less than the minimum interval ago.
    func replacement(for rejected: Token) async throws -> Token? {
        if waiters != nil { return try await wait() }
        if let current, current.generation > rejected.generation { return current }
        if let lastRefreshEnded, elapsed() - lastRefreshEnded < minimumInterval { return nil }
        let provider = provider
        start(isRefresh: true) { try await provider.refreshToken(rejected: rejected.value) }
        return try await wait()
    }

    /// How many requests wait for the fetch in flight; 0 when none is in flight. Tests wait on
    /// it, instead of sleeping, until every request they started has joined a refresh.
    var waitingCount: Int { waiters?.count ?? 0 }

    private func start(isRefresh: Bool, _ fetch: @escaping @Sendable () async throws -> String) {
        waiters = [:]
        Task.detached { [self] in
            let result: Result<String, any Error>
            do {
                result = .success(try await fetch())
            } catch {
                result = .failure(error)
            }
            await finish(result, isRefresh: isRefresh)
        }
    }

    private func finish(_ result: Result<String, any Error>, isRefresh: Bool) {
        let waiting = waiters ?? [:]
        waiters = nil
        if isRefresh { lastRefreshEnded = elapsed() }
        switch result {
        case .success(let value):
            let token = Token(value: value, generation: (current?.generation ?? 0) + 1)
            current = token
            for waiter in waiting.values { waiter.resume(returning: token) }
        case .failure(let error):
            for waiter in waiting.values { waiter.resume(throwing: Failure.provider(error)) }
        }
    }

    /// Waits for the fetch in flight; registers before the first suspension, so it cannot miss it.
    private func wait() async throws -> Token {
        let id = nextWaiter
        nextWaiter += 1
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                if Task.isCancelled {
                    continuation.resume(throwing: Failure.cancelled)
                } else if waiters != nil {
                    waiters?[id] = continuation
                } else if let current {
                    continuation.resume(returning: current)
                } else {
                    continuation.resume(throwing: Failure.cancelled)
                }
            }
        } onCancel: {
            Task { await self.cancelWaiter(id) }
        }
    }

    private func cancelWaiter(_ id: Int) {
        waiters?.removeValue(forKey: id)?.resume(throwing: Failure.cancelled)
    }

    /// A function that tells how much time passed on `clock` since it was made.
    private static func stopwatch<C: Clock>(_ clock: C) -> @Sendable () -> Duration
    where C.Duration == Duration {
        let start = clock.now
        return { start.duration(to: clock.now) }
    }
}
