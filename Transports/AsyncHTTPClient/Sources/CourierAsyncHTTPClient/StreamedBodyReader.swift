import Courier
import Foundation
import NIOConcurrencyHelpers

/// Reads a ``RequestBodyStream``'s chunks in a task of its own, one chunk each time its writer asks
/// (nothing is read ahead, so a slow connection slows the sequence), until ``stop()``.
///
/// The exchange that sends the body calls ``stop()`` when it ends, however it ends: that cancels
/// a `next()` the sequence is waiting in (an `AsyncStream`'s `onTermination` then runs), and
/// a writer waiting for a chunk gets `CancellationError` at once, even from a sequence that ignores
/// cancellation.
final class StreamedBodyReader: Sendable {
    private struct State: Sendable {
        /// The writer waiting for the next chunk.
        var writer: CheckedContinuation<Data?, any Error>?
        /// The reading task waiting to be asked for a chunk.
        var reading: CheckedContinuation<Void, any Error>?
        /// How the reading ended: `nil` for the end of the sequence, or its error.
        var ending: Result<Data?, any Error>?
        var task: Task<Void, Never>?
    }

    private let state = NIOLockedValueBox(State())

    /// The declared length of the chunks read.
    let length: Int64?

    private init(length: Int64?) {
        self.length = length
    }

    /// Starts reading `chunks`, from their first chunk once a writer asks for it.
    static func start(_ chunks: RequestBodyStream.Chunks) -> StreamedBodyReader {
        let reader = StreamedBodyReader(length: chunks.length)
        let task = Task { await reader.read(chunks) }
        let stopped = reader.state.withLockedValue { state in
            state.task = task
            return state.ending != nil
        }
        if stopped { task.cancel() }
        return reader
    }

    /// The next chunk, or `nil` at the end of the sequence; throws the sequence's error, or
    /// `CancellationError` once the reader was stopped.
    func next() async throws -> Data? {
        try await withCheckedThrowingContinuation { continuation in
            let (ended, reading) = state.withLockedValue { state in
                if let ending = state.ending {
                    return (Optional(ending), nil as CheckedContinuation<Void, any Error>?)
                }
                state.writer = continuation
                defer { state.reading = nil }
                return (nil, state.reading)
            }
            if let ended { continuation.resume(with: ended) }
            reading?.resume()
        }
    }

    /// Stops the reading: cancels the reading task and fails a waiting writer with
    /// `CancellationError`. Only the first ending counts.
    func stop() {
        let (writer, reading, task) = state.withLockedValue { state in
            defer { state = State(ending: state.ending ?? .failure(CancellationError())) }
            return (state.writer, state.reading, state.task)
        }
        task?.cancel()
        writer?.resume(throwing: CancellationError())
        reading?.resume(throwing: CancellationError())
    }

    private func read(_ chunks: RequestBodyStream.Chunks) async {
        var iterator = chunks.makeAsyncIterator()
        do {
            while true {
                try await asked()
                let chunk = try await iterator.next()
                hand(.success(chunk))
                if chunk == nil { return }
            }
        } catch {
            hand(.failure(error))
        }
    }

    /// Waits until the writer asks for a chunk; throws `CancellationError` once stopped.
    private func asked() async throws {
        try await withCheckedThrowingContinuation { continuation in
            let ready: Result<Void, any Error>? = state.withLockedValue { state in
                if state.ending != nil { return .failure(CancellationError()) }
                if state.writer != nil { return .success(()) }
                state.reading = continuation
                return nil
            }
            if let ready { continuation.resume(with: ready) }
        }
    }

    /// Hands what the reading gave to the waiting writer; the end and errors are kept for any
    /// later writer.
    private func hand(_ result: Result<Data?, any Error>) {
        let writer = state.withLockedValue { state in
            guard state.ending == nil else { return nil as CheckedContinuation<Data?, any Error>? }
            // A chunk leaves the reading open; the end of the sequence or an error closes it.
            if case .success(nil) = result { state.ending = result }
            if case .failure = result { state.ending = result }
            defer { state.writer = nil }
            return state.writer
        }
        writer?.resume(with: result)
    }
}
