// Only where Swift Testing exists: a plain `swift build` compiles this target too.
#if canImport(Testing)
    import Testing

    /// Waits until `condition` holds, checking it every `interval` (a millisecond unless a check
    /// costs something, such as a request to a server): for work that was started on
    /// purpose and has to reach a point (requests registered, waiters queued, a request received by
    /// a server) before a test goes on.
    ///
    /// It returns as soon as the condition holds, so the limit only bounds a test that is already
    /// failing; it is generous (30 s) so that a loaded machine never trips it. When it runs out, the
    /// issue names `description` and the test stops with `CancellationError`; an error the condition
    /// throws ends the wait too.
    package func waitUntil(
        _ description: Comment, within limit: Duration = .seconds(30),
        every interval: Duration = .milliseconds(1), sourceLocation: SourceLocation = #_sourceLocation,
        _ condition: @Sendable () async throws -> Bool
    ) async throws {
        let end = ContinuousClock.now + limit
        while try await !condition() {
            guard ContinuousClock.now < end else {
                Issue.record("Timed out waiting until \(description)", sourceLocation: sourceLocation)
                throw CancellationError()
            }
            try await Task.sleep(for: interval)
        }
    }
#endif
