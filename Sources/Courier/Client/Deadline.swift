/// Runs an exchange against a total deadline that Courier enforces itself.
///
/// `URLSession` on Linux treats `timeoutInterval` as an idle timeout only (a slow drip runs
/// forever) and ignores the resource timeout, so the client races the whole exchange, including
/// middleware and every redirect hop, against a sleep and cancels the loser.
enum Deadline {
    static func run(
        within duration: Duration,
        _ operation: @escaping @Sendable () async throws(CourierError) -> RawResponse
    ) async throws(CourierError) -> RawResponse {
        do {
            return try await withThrowingTaskGroup(of: RawResponse?.self) { group in
                group.addTask { try await operation() }
                group.addTask {
                    try await Task.sleep(for: duration)
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
        } catch {
            throw CourierError.transport(error)
        }
    }
}
