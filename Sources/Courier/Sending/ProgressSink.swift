/// Where ``Client/transfer(_:)`` hears how far its request's upload or download got: an observer
/// of the call's requests.
final class ProgressSink: TransferObserver {
    private let receive: @Sendable (TransferProgress) -> Void

    init(_ receive: @escaping @Sendable (TransferProgress) -> Void) {
        self.receive = receive
    }

    var hearsProgress: Bool { true }

    func progressed(_ progress: TransferProgress) {
        receive(progress)
    }
}
