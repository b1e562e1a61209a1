import Foundation
import NIOCore
import NIOSOCKS

/// Opens a tunnel through a proxy on a connection the transport makes itself (the date check of
/// ``ChainDateCheck``), then hands the connection to what comes next: an HTTP `CONNECT` with the
/// proxy's Basic credentials (RFC 9110 §9.3.6), or a SOCKS5 handshake in which the proxy resolves
/// the server's name. A proxy that refuses, or answers what is not a tunnel, closes the connection.
enum ProxyTunnel {
    /// The handlers that open a tunnel to `host`:`port` through `proxy`, and call `opened` on the
    /// event loop once it is open, to add the handlers the tunnel carries.
    static func handlers(
        through proxy: AsyncHTTPClientTransport.Proxy.Server, to host: String, port: Int,
        opened: @escaping (ChannelPipeline.SynchronousOperations) throws -> Void
    ) -> [any ChannelHandler] {
        switch proxy.kind {
        case .http:
            let authority =
                host.contains(":") && !host.hasPrefix("[") ? "[\(host)]:\(port)" : "\(host):\(port)"
            let authorization = proxy.credentials.map {
                "Basic " + Data("\($0.username):\($0.password)".utf8).base64EncodedString()
            }
            return [ConnectTunnel(authority: authority, authorization: authorization, opened: opened)]
        case .socks5:
            return [
                SOCKSClientHandler(targetAddress: .domain(host, port: port)),
                SOCKSTunnelOpened(opened: opened),
            ]
        }
    }
}

/// Sends `CONNECT` when the connection opens and reads the proxy's answer: a `2xx` opens the
/// tunnel (RFC 9110 §9.3.6), anything else, or a head longer than ``longestHead``, closes it.
private final class ConnectTunnel: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer
    typealias OutboundOut = ByteBuffer

    /// The longest answer head read before giving up on the proxy.
    static let longestHead = 16 * 1024

    private let authority: String
    private let authorization: String?
    private let opened: (ChannelPipeline.SynchronousOperations) throws -> Void
    private var head = ByteBuffer()

    init(
        authority: String, authorization: String?,
        opened: @escaping (ChannelPipeline.SynchronousOperations) throws -> Void
    ) {
        self.authority = authority
        self.authorization = authorization
        self.opened = opened
    }

    func channelActive(context: ChannelHandlerContext) {
        var request = "CONNECT \(authority) HTTP/1.1\r\nHost: \(authority)\r\n"
        if let authorization { request += "Proxy-Authorization: \(authorization)\r\n" }
        request += "\r\n"
        context.writeAndFlush(
            wrapOutboundOut(context.channel.allocator.buffer(string: request)), promise: nil)
        context.fireChannelActive()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        var bytes = unwrapInboundIn(data)
        head.writeBuffer(&bytes)
        let view = head.readableBytesView
        guard let end = view.firstRange(of: Array("\r\n\r\n".utf8)) else {
            if head.readableBytes > Self.longestHead { context.close(promise: nil) }
            return
        }
        let statusLine = String(decoding: view[view.startIndex..<end.lowerBound], as: UTF8.self)
            .prefix { $0 != "\r" }
        let parts = statusLine.split(separator: " ", maxSplits: 2)
        guard parts.count >= 2, parts[0].hasPrefix("HTTP/1."), parts[1].count == 3, parts[1].hasPrefix("2")
        else {
            context.close(promise: nil)
            return
        }
        let rest = head.getSlice(at: end.upperBound, length: view.endIndex - end.upperBound)
        do {
            try opened(context.pipeline.syncOperations)
            if let rest, rest.readableBytes > 0 { context.fireChannelRead(wrapInboundOut(rest)) }
            context.pipeline.syncOperations.removeHandler(context: context, promise: nil)
        } catch {
            context.close(promise: nil)
        }
    }
}

/// Calls `opened` once the SOCKS handshake before it has opened the tunnel.
private final class SOCKSTunnelOpened: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer

    private let opened: (ChannelPipeline.SynchronousOperations) throws -> Void

    init(opened: @escaping (ChannelPipeline.SynchronousOperations) throws -> Void) {
        self.opened = opened
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        guard event is SOCKSProxyEstablishedEvent else {
            context.fireUserInboundEventTriggered(event)
            return
        }
        do {
            try opened(context.pipeline.syncOperations)
            context.pipeline.syncOperations.removeHandler(context: context, promise: nil)
        } catch {
            context.close(promise: nil)
        }
    }
}
