import Foundation
import NIOCore
import NIOHTTP1

/// Closes an idle HTTP/1.1 connection before its server would, when the server announced how long
/// it keeps one open (`Keep-Alive: timeout=N`, RFC 2068 §19.7.1.1, which servers such as Apache and
/// Node.js send).
///
/// A request that goes out on a connection the server is closing at that moment crosses the close
/// on the wire: it may have been read, so only an idempotent one may be sent again. Retiring the
/// connection first leaves the pool to open a new one. A connection is retired after `N − 1`
/// seconds of idleness (`N / 2` when `N` is under 2 s), which leaves that much time for the
/// request to travel and for the two clocks to differ; without the field, or with `timeout=0`,
/// nothing changes.
final class KeepAliveRetirement: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPClientResponsePart
    typealias InboundOut = HTTPClientResponsePart
    typealias OutboundIn = HTTPClientRequestPart
    typealias OutboundOut = HTTPClientRequestPart

    /// How long the server keeps an idle connection, from its last final response.
    private var serverTimeout: TimeAmount?
    /// The close of the connection, while it is idle.
    private var retirement: Scheduled<Void>?
    /// How many requests began on the connection: a retirement closes it only if no request
    /// began after it was scheduled (one already due still runs when cancelled in the tick that
    /// runs it).
    private var requestsBegun = 0
    /// Whether the current request was written to its end, and its final response read to its
    /// end. A response can end first, while its request's body still goes out: the connection
    /// is idle once both have.
    private var requestEnded = false
    private var responseEnded = false

    /// How long a connection may stay idle when its server keeps one `timeout` seconds.
    static func idleLimit(serverTimeout timeout: TimeAmount) -> TimeAmount {
        timeout >= .seconds(2) ? timeout - .seconds(1) : .nanoseconds(timeout.nanoseconds / 2)
    }

    /// The `timeout` parameter of `Keep-Alive` field values, such as `timeout=5, max=100`; `nil`
    /// when none is a whole number of seconds.
    static func serverTimeout(in values: [String]) -> TimeAmount? {
        for parameter in values.flatMap({ $0.split(separator: ",") }) {
            let pair = parameter.split(separator: "=", maxSplits: 1)
            guard pair.count == 2,
                pair[0].trimmingCharacters(in: .whitespaces).lowercased() == "timeout",
                let seconds = Int64(pair[1].trimmingCharacters(in: .whitespaces)), seconds >= 0
            else { continue }
            return .seconds(min(seconds, 86_400))
        }
        return nil
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head(let head) where head.status.code >= 200:
            serverTimeout = Self.serverTimeout(in: head.headers[canonicalForm: "Keep-Alive"].map(String.init))
        case .end:
            responseEnded = true
            retireWhenIdle(context: context)
        default:
            break
        }
        context.fireChannelRead(data)
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        switch unwrapOutboundIn(data) {
        case .head:
            requestsBegun += 1
            (requestEnded, responseEnded) = (false, false)
            retirement?.cancel()
            retirement = nil
        case .end:
            requestEnded = true
            retireWhenIdle(context: context)
        case .body:
            break
        }
        context.write(data, promise: promise)
    }

    /// Schedules the connection's retirement once both its request and response have ended,
    /// when the server announced how long it keeps an idle connection.
    private func retireWhenIdle(context: ChannelHandlerContext) {
        guard requestEnded, responseEnded, let serverTimeout, serverTimeout > .zero else { return }
        retirement?.cancel()
        let (handler, channel, begun) = (
            NIOLoopBound(self, eventLoop: context.eventLoop), context.channel, requestsBegun
        )
        retirement = context.eventLoop.scheduleTask(in: Self.idleLimit(serverTimeout: serverTimeout)) {
            guard handler.value.requestsBegun == begun else { return }
            channel.close(promise: nil)
        }
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        retirement?.cancel()
        retirement = nil
    }

    func channelInactive(context: ChannelHandlerContext) {
        retirement?.cancel()
        retirement = nil
        context.fireChannelInactive()
    }

    /// The connection initializer that puts a retirement behind each connection's response
    /// decoder. A pipeline without one (which AsyncHTTPClient does not build) keeps the connection
    /// as it is, without a retirement.
    static let connectionInitializer: @Sendable (any Channel) -> EventLoopFuture<Void> = { channel in
        channel.eventLoop.submit {
            let pipeline = channel.pipeline.syncOperations
            guard
                let decoder = try? pipeline.context(
                    handlerType: ByteToMessageHandler<HTTPResponseDecoder>.self)
            else { return }
            try pipeline.addHandler(KeepAliveRetirement(), position: .after(decoder.handler))
        }
    }
}
