import NIOCore
import NIOEmbedded
import NIOHTTP1
import Testing

@testable import CourierAsyncHTTPClient

/// When a connection is retired: what `Keep-Alive` announces, and the idle limit derived from it,
/// checked on an embedded channel with its own clock.
struct KeepAliveRetirementTests {
    @Test(
        arguments: [
            (["timeout=5"], Int64(5)), (["timeout=5, max=100"], 5), (["max=100", " Timeout = 2 "], 2),
            (["timeout=-1"], nil), (["timeout=1.5"], nil), (["max=100"], nil), ([], nil),
        ] as [([String], Int64?)])
    func theServerTimeoutIsAWholeNumberOfSecondsFromKeepAlive(values: [String], seconds: Int64?) {
        #expect(KeepAliveRetirement.serverTimeout(in: values) == seconds.map { TimeAmount.seconds($0) })
    }

    @Test func aConnectionIsRetiredASecondBeforeTheServerWouldCloseItOrAtHalfTheTimeUnderTwoSeconds() {
        #expect(KeepAliveRetirement.idleLimit(serverTimeout: .seconds(5)) == .seconds(4))
        #expect(KeepAliveRetirement.idleLimit(serverTimeout: .seconds(2)) == .seconds(1))
        #expect(KeepAliveRetirement.idleLimit(serverTimeout: .seconds(1)) == .milliseconds(500))
        #expect(KeepAliveRetirement.idleLimit(serverTimeout: .seconds(0)) == .seconds(0))
    }

    /// A connection on `loop` with a retirement, and the `Keep-Alive` fields announcing five
    /// seconds.
    private func connection(on loop: EmbeddedEventLoop) throws -> (EmbeddedChannel, HTTPHeaders) {
        let channel = EmbeddedChannel(handler: KeepAliveRetirement(), loop: loop)
        try channel.connect(to: SocketAddress(ipAddress: "127.0.0.1", port: 80)).wait()
        var headers = HTTPHeaders()
        headers.add(name: "Keep-Alive", value: "timeout=5, max=100")
        return (channel, headers)
    }

    private func writeRequestHead(_ channel: EmbeddedChannel) throws {
        try channel.writeOutbound(
            HTTPClientRequestPart.head(.init(version: .http1_1, method: .POST, uri: "/")))
    }

    private func readResponse(_ channel: EmbeddedChannel, headers: HTTPHeaders) throws {
        try channel.writeInbound(
            HTTPClientResponsePart.head(.init(version: .http1_1, status: .ok, headers: headers)))
        try channel.writeInbound(HTTPClientResponsePart.end(nil))
    }

    @Test func anIdleConnectionClosesAtItsLimitAndABusyOneDoesNot() throws {
        let loop = EmbeddedEventLoop()
        let (channel, headers) = try connection(on: loop)
        try writeRequestHead(channel)
        try channel.writeOutbound(HTTPClientRequestPart.end(nil))
        try readResponse(channel, headers: headers)
        loop.advanceTime(by: .milliseconds(3_900))
        #expect(channel.isActive)
        // A request going out cancels the retirement; the end of the exchange schedules it again.
        try writeRequestHead(channel)
        loop.advanceTime(by: .seconds(10))
        #expect(channel.isActive)
        try channel.writeOutbound(HTTPClientRequestPart.end(nil))
        try readResponse(channel, headers: headers)
        loop.advanceTime(by: .milliseconds(3_900))
        #expect(channel.isActive)
        loop.advanceTime(by: .milliseconds(100))
        #expect(!channel.isActive)
    }

    /// A response may end while its request's body still goes out (an early answer): the
    /// connection is busy until the request ends too, and idle, with its retirement, from then.
    @Test func aConnectionAnsweredBeforeItsRequestEndedIsRetiredOnlyFromTheRequestsEnd() throws {
        let loop = EmbeddedEventLoop()
        let (channel, headers) = try connection(on: loop)
        try writeRequestHead(channel)
        try readResponse(channel, headers: headers)
        loop.advanceTime(by: .seconds(10))
        #expect(channel.isActive)
        try channel.writeOutbound(HTTPClientRequestPart.body(.byteBuffer(ByteBuffer(string: "last"))))
        try channel.writeOutbound(HTTPClientRequestPart.end(nil))
        loop.advanceTime(by: .milliseconds(3_900))
        #expect(channel.isActive)
        loop.advanceTime(by: .milliseconds(100))
        #expect(!channel.isActive)
    }

    /// Without the field the pool's own idle timeout rules; with `timeout=0` the server closes at
    /// once itself, and a retirement would only race it.
    @Test(arguments: [nil, "timeout=0"])
    func withoutAnAnnouncementOrWithTimeoutZeroTheConnectionStaysOpen(keepAlive: String?) throws {
        let loop = EmbeddedEventLoop()
        let channel = EmbeddedChannel(handler: KeepAliveRetirement(), loop: loop)
        try channel.connect(to: SocketAddress(ipAddress: "127.0.0.1", port: 80)).wait()
        var headers = HTTPHeaders()
        if let keepAlive { headers.add(name: "Keep-Alive", value: keepAlive) }
        try writeRequestHead(channel)
        try channel.writeOutbound(HTTPClientRequestPart.end(nil))
        try channel.writeInbound(
            HTTPClientResponsePart.head(.init(version: .http1_1, status: .ok, headers: headers)))
        try channel.writeInbound(HTTPClientResponsePart.end(nil))
        loop.advanceTime(by: .seconds(3_600))
        #expect(channel.isActive)
        _ = try channel.finish()
    }
}
