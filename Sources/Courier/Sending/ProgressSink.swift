/// Where a transport reports how far a request's upload or download got.
///
/// ``Client/transfer(_:)`` installs a sink as a task-local value for the call it runs;
/// ``URLSessionTransport`` reads it when a request starts. Without a sink in scope, transports
/// skip the bookkeeping.
final class ProgressSink: Sendable {
    /// The sink of the call the current task belongs to, if anyone listens.
    @TaskLocal static var current: ProgressSink?

    private let receive: @Sendable (TransferProgress) -> Void

    init(_ receive: @escaping @Sendable (TransferProgress) -> Void) {
        self.receive = receive
    }

    func report(_ progress: TransferProgress) {
        receive(progress)
    }
}
