import Courier
import Foundation
import Testing

@testable import CourierAsyncHTTPClient

/// The reader behind a streamed request body, without a connection: what it hands over, and how
/// stopping it ends the sequence's reading.
@Suite(.timeLimit(.minutes(1)))
struct StreamedBodyReaderTests {
    private func reader<Source: AsyncSequence & Sendable>(_ source: Source) throws -> StreamedBodyReader
    where Source.Element == Data {
        try StreamedBodyReader.start(RequestBodyStream(source, length: nil).makeChunks())
    }

    @Test func chunksArriveInOrderAndTheEndStays() async throws {
        let reader = try reader([Data("ab".utf8), Data("c".utf8)].asStream)
        #expect(try await reader.next() == Data("ab".utf8))
        #expect(try await reader.next() == Data("c".utf8))
        #expect(try await reader.next() == nil)
        #expect(try await reader.next() == nil)
        reader.stop()
        #expect(try await reader.next() == nil)
    }

    @Test func stoppingCancelsANextTheSequenceWaitsIn() async throws {
        let stall = Stall(ignoresCancellation: false)
        let reader = try reader(stall)
        #expect(try await reader.next() == Data("first".utf8))
        let writer = Task { try await reader.next() }
        var asked = stall.asked.makeAsyncIterator()
        #expect(await asked.next() != nil)
        reader.stop()
        await #expect(throws: CancellationError.self) { try await writer.value }
        // The reading task was cancelled: the sequence's own wait ended with CancellationError.
        var cancelled = stall.cancelled.makeAsyncIterator()
        #expect(await cancelled.next() != nil)
    }

    @Test func aWriterWaitingForASequenceThatIgnoresCancellationIsFreedAtOnce() async throws {
        let stall = Stall(ignoresCancellation: true)
        let reader = try reader(stall)
        #expect(try await reader.next() == Data("first".utf8))
        let writer = Task { try await reader.next() }
        var asked = stall.asked.makeAsyncIterator()
        #expect(await asked.next() != nil)
        reader.stop()
        await #expect(throws: CancellationError.self) { try await writer.value }
        stall.release()
    }
}

/// A sequence that yields one chunk, then waits in its second `next()` (telling `asked`): until
/// cancelled (telling `cancelled`), or, when it ignores cancellation, until ``release()``.
private struct Stall: AsyncSequence, Sendable {
    let ignoresCancellation: Bool
    let asked: AsyncStream<Void>
    let cancelled: AsyncStream<Void>
    private let askedContinuation: AsyncStream<Void>.Continuation
    private let cancelledContinuation: AsyncStream<Void>.Continuation
    private let released: AsyncStream<Void>
    private let releasedContinuation: AsyncStream<Void>.Continuation

    init(ignoresCancellation: Bool) {
        self.ignoresCancellation = ignoresCancellation
        (asked, askedContinuation) = AsyncStream<Void>.makeStream()
        (cancelled, cancelledContinuation) = AsyncStream<Void>.makeStream()
        (released, releasedContinuation) = AsyncStream<Void>.makeStream()
    }

    /// Ends the wait of a sequence that ignores cancellation.
    func release() { releasedContinuation.finish() }

    func makeAsyncIterator() -> Iterator { Iterator(stall: self) }

    struct Iterator: AsyncIteratorProtocol {
        let stall: Stall
        var index = 0

        mutating func next() async throws -> Data? {
            index += 1
            if index == 1 { return Data("first".utf8) }
            stall.askedContinuation.yield()
            if stall.ignoresCancellation {
                // An unstructured task is not cancelled with the one awaiting it.
                let released = stall.released
                await Task { for await _ in released {} }.value
                return nil
            }
            do {
                try await Task.sleep(for: .seconds(600))
            } catch {
                stall.cancelledContinuation.yield()
                throw error
            }
            return nil
        }
    }
}

extension Array where Element: Sendable {
    /// The elements as an async sequence.
    fileprivate var asStream: AsyncStream<Element> {
        let (stream, continuation) = AsyncStream<Element>.makeStream()
        for element in self { continuation.yield(element) }
        continuation.finish()
        return stream
    }
}
