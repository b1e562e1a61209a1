import Courier
import NIOConcurrencyHelpers

/// How AsyncHTTPClient's reading of a streamed request body ended, for the exchange to wait on.
///
/// AsyncHTTPClient ends a 2xx response that arrives in full while the body is still being sent,
/// and keeps sending; the response alone then says nothing about the upload, so the exchange
/// waits here and fails when the body did.
final class StreamedBodyOutcome: Sendable {
    /// How the reading ended.
    enum Ending: Sendable {
        /// The sequence ended where it should; every byte was handed to the connection.
        case finished
        /// The sequence, or its length check, threw this error.
        case failed(CourierError)
        /// The reader was dropped before the sequence ended: the connection stopped taking it.
        case abandoned
    }

    private enum State: Sendable {
        case reading(waiter: CheckedContinuation<Ending, any Error>?)
        case ended(Ending)
        case cancelled
    }

    private let state = NIOLockedValueBox(State.reading(waiter: nil))

    /// Records the ending; only the first one counts.
    func end(_ ending: Ending) {
        let waiter: CheckedContinuation<Ending, any Error>? = state.withLockedValue { state in
            guard case .reading(let waiter) = state else { return nil }
            state = .ended(ending)
            return waiter
        }
        waiter?.resume(returning: ending)
    }

    /// Waits until the reading ended; throws `CancellationError` when the task is cancelled first.
    func ending() async throws -> Ending {
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                let ready: Result<Ending, any Error>? = state.withLockedValue { state in
                    switch state {
                    case .ended(let ending): return .success(ending)
                    case .cancelled: return .failure(CancellationError())
                    case .reading:
                        state = .reading(waiter: continuation)
                        return nil
                    }
                }
                if let ready { continuation.resume(with: ready) }
            }
        } onCancel: {
            let waiter: CheckedContinuation<Ending, any Error>? = state.withLockedValue { state in
                guard case .reading(let waiter) = state else { return nil }
                state = .cancelled
                return waiter
            }
            waiter?.resume(throwing: CancellationError())
        }
    }

    /// Ends the reading as ``Ending/abandoned`` when the last copy of a reader goes away first.
    final class Token: Sendable {
        let outcome: StreamedBodyOutcome

        init(_ outcome: StreamedBodyOutcome) {
            self.outcome = outcome
        }

        deinit {
            outcome.end(.abandoned)
        }
    }
}
