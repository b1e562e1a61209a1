import Courier
import Foundation
import NIOConcurrencyHelpers
import NIOCore
import NIOPosix
import NIOSSL

/// Why a chain BoringSSL refused was refused, as far as its dates tell: BoringSSL reports every
/// failed chain check as `CERTIFICATE_VERIFY_FAILED`, so after one the transport makes one more
/// TLS handshake with the server (no request is sent), reads the chain it presents, and checks
/// each certificate's validity period against the clock.
///
/// Through a proxy, the handshake goes through a tunnel of its own, as the request's did. Only a
/// failed request pays for it, once; a server that does not answer within
/// ``handshakeLimit``, or a call cancelled meanwhile (its total timeout), leaves the failure as it
/// was (untrusted), at once.
enum ChainDateCheck {
    /// The longest the extra handshake may take.
    static let handshakeLimit: TimeAmount = .seconds(5)

    /// Whether a certificate with these validity periods (seconds since 1970, inclusive) is
    /// outside its period at `now`.
    static func hasCertificateOutOfDate(_ periods: [(notBefore: Int, notAfter: Int)], now: Int) -> Bool {
        periods.contains { now < $0.notBefore || now > $0.notAfter }
    }

    /// `failure` as ``CourierError/Kind/certificateExpired`` when it is an untrusted chain and the
    /// server at `url`, reached through `proxy` when there is one, presents a certificate outside
    /// its validity period; `failure` otherwise.
    static func refine(
        _ failure: CourierError, url: URL, tls: TLSConfiguration?,
        proxy: AsyncHTTPClientTransport.Proxy.Server?,
        group: any EventLoopGroup
    ) async -> CourierError {
        guard failure.kind == .untrustedCertificate, let host = url.host, !Task.isCancelled else {
            return failure
        }
        let port = url.port ?? 443
        guard
            let periods = await presentedPeriods(
                host: host, port: port, tls: tls, proxy: proxy, group: group),
            hasCertificateOutOfDate(periods, now: Int(Date().timeIntervalSince1970))
        else { return failure }
        return CourierError.tls(
            .certificateExpired, host: CourierError.tlsHostName(of: url), underlying: failure.underlying)
    }

    /// The validity periods of the chain the server presents, or `nil` when no handshake got that
    /// far.
    private static func presentedPeriods(
        host: String, port: Int, tls: TLSConfiguration?, proxy: AsyncHTTPClientTransport.Proxy.Server?,
        group: any EventLoopGroup
    ) async -> [(notBefore: Int, notAfter: Int)]? {
        let seen = NIOLockedValueBox<[(notBefore: Int, notAfter: Int)]?>(nil)
        let open = NIOLockedValueBox<(any Channel)?>(nil)
        await withTaskCancellationHandler {
            await handshake(
                host: host, port: port, tls: tls, proxy: proxy, group: group, seen: seen, open: open)
        } onCancel: {
            open.withLockedValue { $0 }?.close(promise: nil)
        }
        return seen.withLockedValue { $0 }
    }

    /// One handshake with the server, which ends once its chain was read into `seen`; the channel
    /// is in `open` while it runs, for a cancellation to close.
    private static func handshake(
        host: String, port: Int, tls: TLSConfiguration?, proxy: AsyncHTTPClientTransport.Proxy.Server?,
        group: any EventLoopGroup,
        seen: NIOLockedValueBox<[(notBefore: Int, notAfter: Int)]?>, open: NIOLockedValueBox<(any Channel)?>
    ) async {
        do {
            // The chain is only read: no client identity goes into this handshake.
            var configuration = tls ?? .makeClientConfiguration()
            configuration.certificateChain = []
            configuration.privateKey = nil
            let context = try NIOSSLContext(configuration: configuration)
            // SNI carries names only; an address goes without.
            let serverName = (try? SocketAddress(ipAddress: host, port: port)) == nil ? host : nil
            // Network.framework's groups take no NIOSSL handler: there is nothing to read then.
            guard let bootstrap = ClientBootstrap(validatingGroup: group) else { return }
            let channel =
                try await bootstrap
                .connectTimeout(handshakeLimit)
                .channelInitializer { channel in
                    channel.eventLoop.makeCompletedFuture {
                        let addReader = { (pipeline: ChannelPipeline.SynchronousOperations) in
                            try pipeline.addHandler(
                                chainReader(context: context, serverName: serverName, seen: seen))
                        }
                        let pipeline = channel.pipeline.syncOperations
                        if let proxy {
                            try pipeline.addHandlers(
                                ProxyTunnel.handlers(through: proxy, to: host, port: port, opened: addReader))
                        } else {
                            try addReader(pipeline)
                        }
                    }
                }
                .connect(host: proxy?.host ?? host, port: proxy?.port ?? port).get()
            open.withLockedValue { $0 = channel }
            let limit = channel.eventLoop.scheduleTask(in: handshakeLimit) { channel.close(promise: nil) }
            if Task.isCancelled { channel.close(promise: nil) }
            try? await channel.closeFuture.get()
            limit.cancel()
        } catch {
            // No connection or no handshake: nothing was read, and the failure stays as it was.
        }
    }

    /// A TLS handler that reads the chain the server presents into `seen` and then ends the
    /// handshake.
    private static func chainReader(
        context: NIOSSLContext, serverName: String?,
        seen: NIOLockedValueBox<[(notBefore: Int, notAfter: Int)]?>
    ) throws -> NIOSSLClientHandler {
        try NIOSSLClientHandler(
            context: context, serverHostname: serverName,
            customVerificationCallback: { certificates, promise in
                seen.withLockedValue { periods in
                    periods = certificates.map {
                        (notBefore: Int($0.notValidBefore), notAfter: Int($0.notValidAfter))
                    }
                }
                // The chain was read; the handshake ends here.
                promise.succeed(.failed)
            })
    }
}
