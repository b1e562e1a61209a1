/// Runs an exchange against a total deadline that Courier enforces itself.
///
/// `URLSession` on Linux treats `timeoutInterval` as an idle timeout only (a slow drip runs
/// forever) and ignores the resource timeout, so the client races the whole exchange, including
/// middleware and every redirect hop, against a sleep and cancels the loser.
enum Deadline {
    /// The instant the current exchange must finish by, when it has a timeout; middleware such as
    /// ``RetryMiddleware`` reads it to avoid waits that cannot finish in time.
    @TaskLocal static var current: ContinuousClock.Instant?

    /// The time left before ``current``, or `nil` when the exchange has no deadline.
    static var remaining: Duration? {
        current.map { ContinuousClock.now.duration(to: $0) }
    }

    static func run(
        within duration: Duration,
        _ operation: @escaping @Sendable () async throws(CourierError) -> RawResponse
    ) async throws(CourierError) -> RawResponse {
        let end = ContinuousClock.now.advanced(by: duration)
        let deadline = current.map { min($0, end) } ?? end
        do {
            return try await $current.withValue(deadline) {
                try await race(operation, until: deadline, duration: duration)
            }
        } catch {
            throw CourierError.transport(error)
        }
    }

    private static func race(
        _ operation: @escaping @Sendable () async throws(CourierError) -> RawResponse,
        until deadline: ContinuousClock.Instant, duration: Duration
    ) async throws -> RawResponse {
        try await withThrowingTaskGroup(of: RawResponse?.self) { group in
            group.addTask { try await operation() }
            group.addTask {
                try await Task.sleep(until: deadline, clock: .continuous)
                return nil
            }
            defer { group.cancelAll() }
            guard let response = try await group.next() ?? nil else {
                throw CourierError(
                    stage: .transport, kind: .timedOut,
                    message: "The request did not complete within its timeout of \(duration)."
                )
            }
            return response
        }
    }
}
