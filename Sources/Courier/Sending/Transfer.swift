/// A request under way: its upload and download progress as an `AsyncSequence`, and its result.
///
/// Create one with ``Client/transfer(_:)`` or ``Client/transfer(_:downloadingTo:)``; the request
/// starts at once and runs on its own, so dropping the value does not stop it: call ``cancel()``.
///
/// ```swift
/// let transfer = client.transfer(API.video(id), downloadingTo: file)
/// for await progress in transfer.progress {
///     print("\(progress.completedBytes) of \(progress.expectedBytes ?? 0)")
/// }
/// let response = try await transfer.value
/// ```
///
/// Read the progress before awaiting ``value``, in the same task: ``progress`` finishes when the
/// request ends, so the loop sees every report, the last one included.
///
/// What the reports count, and when they start again: <doc:HandlingFaults#Progress>.
public struct Transfer<Value: Sendable>: Sendable {
    /// Upload reports while the request body is sent, then download reports as the response
    /// body arrives; finishes when the request ends.
    public let progress: AsyncStream<TransferProgress>
    private let task: Task<Value, any Error>

    /// Starts `operation`, which reports its progress to the sink it is given.
    init(_ operation: @escaping @Sendable (ProgressSink) async throws(CourierError) -> Value) {
        let (progress, continuation) = AsyncStream.makeStream(
            of: TransferProgress.self, bufferingPolicy: .bufferingNewest(64))
        self.progress = progress
        let sink = ProgressSink { continuation.yield($0) }
        task = Task {
            defer { continuation.finish() }
            return try await operation(sink)
        }
    }

    /// The response, once the request is over; cancelling the awaiting task cancels the transfer.
    ///
    /// - Throws: ``CourierError``.
    public var value: Value {
        get async throws(CourierError) {
            let task = task
            do {
                return try await withTaskCancellationHandler {
                    try await task.value
                } onCancel: {
                    task.cancel()
                }
            } catch let error as CourierError {
                throw error
            } catch {
                throw CourierError.transport(error)
            }
        }
    }

    /// Cancels the request; ``value`` then throws ``CourierError/Kind/cancelled``.
    public func cancel() {
        task.cancel()
    }
}
