import Foundation

/// Runs `body`, then `cleanup`, whether `body` returned or threw, both on the caller's actor:
/// an `async` `defer` that may throw.
///
/// ```swift
/// let server = try await TodoServer.start(credentials: user)
/// try await withCleanup {
///     try await useServer(server)
/// } cleanup: {
///     try await server.stop()
/// }
/// ```
///
/// - Returns: What `body` returned.
/// - Throws: What `body` threw; otherwise what `cleanup` threw. When both throw, `body`'s
///   error is thrown and `cleanup`'s is written to standard error, not dropped.
func withCleanup<Value>(
    isolation: isolated (any Actor)? = #isolation, _ body: () async throws -> Value,
    cleanup: () async throws -> Void
) async throws -> Value {
    let result: Value
    do {
        result = try await body()
    } catch {
        do {
            try await cleanup()
        } catch let cleanupError {
            FileHandle.standardError.write(
                Data("todo-session: cleaning up also failed: \(cleanupError)\n".utf8))
        }
        throw error
    }
    try await cleanup()
    return result
}
