import Courier
import CourierAsyncHTTPClient
import CourierTransportConformance
import Dispatch
import Foundation
import NIOConcurrencyHelpers
import NIOCore
import NIOPosix
import Testing

/// A streamed request body is read as its connection takes the chunks: the next chunk only while
/// fewer than eight wait for the connection's event loop, however late the loop runs (on a busy
/// machine it does, and chunks read ahead of it pile up in memory).
@Suite(.enabled(if: FaultServer.isAvailable, FaultServer.skipReason), .timeLimit(.minutes(1)))
struct WriteBarrierTests {
    /// Holds the transport's only event loop for up to 2 s right after chunk 2 was read, and
    /// counts the chunks read meanwhile: at most the eight two windows allow, chunked or with a
    /// declared length. Read ahead, all 62 others would be (in milliseconds; the hold then ends
    /// early). The server gets every byte.
    @Test(arguments: [nil, HeldLoopChunks.total])
    func atMostEightChunksAreReadAheadOfTheEventLoop(length: Int64?) async throws {
        let server = try FaultServer.current()
        let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        let transport = AsyncHTTPClientTransport(eventLoopGroup: group)
        let chunks = HeldLoopChunks(loop: group.next(), holdsAfter: 2)
        let sink = Endpoint<FaultServer.SinkReport, Never> {
            Method(.put)
            Path("upload-sink")
            Body.stream(chunks, length: length)
        }
        let result: Result<FaultServer.SinkReport, any Error>
        do {
            let client = Client(baseURL: server.primary, transport: transport)
            result = .success(try await client.value(sink))
        } catch {
            result = .failure(error)
        }
        try await transport.shutdown()
        try await group.shutdownGracefully()
        let report = try result.get()
        #expect(chunks.readsWhileHeld <= 8)
        #expect(report.size == Int(HeldLoopChunks.total))
    }
}

/// 64 chunks of 64 KiB; reading chunk `holdsAfter` holds `loop` (the event loop of the connection
/// the chunks go to) for up to 2 s, and the chunks read until it lets go are counted. The hold
/// ends early once the end of the chunks was read.
struct HeldLoopChunks: AsyncSequence, Sendable {
    typealias Element = Data

    static let count = 64
    static let size = 64 * 1024
    static let total = Int64(count * size)

    private struct State {
        var index = 0
        var held = false
        var readsWhileHeld = 0
    }

    let loop: any EventLoop
    let holdsAfter: Int
    private let state = NIOLockedValueBox(State())
    private let release = DispatchSemaphore(value: 0)

    init(loop: any EventLoop, holdsAfter: Int) {
        self.loop = loop
        self.holdsAfter = holdsAfter
    }

    /// How many chunks (or the end) were read while the loop was held.
    var readsWhileHeld: Int { state.withLockedValue { $0.readsWhileHeld } }

    func makeAsyncIterator() -> HeldLoopChunks { self }

    func next() async -> Data? {
        let (index, holds) = state.withLockedValue { state in
            if state.held { state.readsWhileHeld += 1 }
            defer { state.index += 1 }
            if state.index == holdsAfter { state.held = true }
            return (state.index, state.index == holdsAfter)
        }
        if holds {
            let (release, state) = (release, state)
            loop.execute {
                _ = release.wait(timeout: .now() + .seconds(2))
                state.withLockedValue { $0.held = false }
            }
        }
        guard index < Self.count else {
            release.signal()
            return nil
        }
        return Data(repeating: UInt8(index % 251), count: Self.size)
    }
}

extension HeldLoopChunks: AsyncIteratorProtocol {}
