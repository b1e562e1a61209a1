import Courier
import CourierTesting
import Foundation
import Testing

/// `Client.stream(_:deadline:)`'s `deadline`: it limits the whole body when given, and nothing
/// else does (not the request's total timeout, which covers only the head).
struct ClientStreamTests {
    /// A body source that sends `first`, then stays silent until ``release()`` lets it send
    /// `last` and end.
    final class HeldSource: Sendable {
        private let chunks: AsyncStream<Data>
        private let input: AsyncStream<Data>.Continuation

        init(first: String) {
            (chunks, input) = AsyncStream<Data>.makeStream()
            input.yield(Data(first.utf8))
        }

        /// Sends the last chunk and ends the body.
        func release(_ last: String) {
            input.yield(Data(last.utf8))
            input.finish()
        }

        /// A client whose transport answers 200 at once, with this source as the streamed body.
        func client() -> Client {
            let chunks = chunks
            return Client(
                baseURL: BaseURL("api.example.com"),
                transport: StubTransport { request in
                    RawResponse(
                        status: .ok, url: request.url, bodyStream: ResponseBodyStream(reading: chunks))
                })
        }
    }

    /// An export whose total timeout of 30 s covers the head only: far beyond the deadline
    /// given to the read, so that only that deadline can end it.
    static let slowExport = Endpoint<Data, Never> {
        Method.get
        Path("export")
        Timeout(.seconds(30))
    }

    /// An export whose total timeout is 1 s.
    static let export = Endpoint<Data, Never> {
        Method.get
        Path("export")
        Timeout(.seconds(1))
    }

    @Test func aDeadlineEndsABodyThatOutlastsIt() async throws {
        let source = HeldSource(first: "first ")
        let started = ContinuousClock.now
        let response = try await source.client().stream(Self.slowExport, deadline: .seconds(3))
        var chunks = try #require(response.value).makeAsyncIterator()
        // The first chunk is already there: a machine would have to be 3 s late to miss it.
        #expect(try await chunks.next() == Data("first ".utf8))
        // The source would stay silent for ever: only the deadline ends the read.
        let error = await #expect(throws: CourierError.self) { try await chunks.next() }
        #expect(error?.kind == .timedOut)
        #expect(error?.message == "The response body did not end within its deadline.")
        let elapsed = started.duration(to: .now)
        #expect(elapsed >= .seconds(3))
        // Enforced, not merely eventual: a busy machine may wake late, but not 10 times late.
        #expect(elapsed < .seconds(30))
    }

    @Test func withoutADeadlineABodyMayOutlastTheTotalTimeout() async throws {
        let source = HeldSource(first: "first ")
        let response = try await source.client().stream(Self.export)
        var chunks = try #require(response.value).makeAsyncIterator()
        #expect(try await chunks.next() == Data("first ".utf8))
        let started = ContinuousClock.now
        // Four times the total timeout of 1 s: a timeout on the body would have ended it first.
        let releaser = Task {
            try await Task.sleep(for: .seconds(4))
            source.release("last")
        }
        var rest = Data()
        while let chunk = try await chunks.next() { rest.append(chunk) }
        try await releaser.value
        #expect(rest == Data("last".utf8))
        #expect(started.duration(to: .now) >= .seconds(4))
    }
}
