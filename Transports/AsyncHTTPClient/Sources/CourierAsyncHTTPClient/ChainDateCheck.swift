import Courier
import Foundation
import NIOConcurrencyHelpers
import NIOCore
import NIOPosix
import NIOSSL
import SwiftASN1
@_spi(DisableValidityCheck) import X509

/// Why a chain BoringSSL refused was refused, as far as its dates tell: BoringSSL reports every
/// failed chain check as `CERTIFICATE_VERIFY_FAILED`, so after one the transport makes one more
/// TLS handshake with the server (no request is sent) and reads the chain it presents. The failure
/// is called expired only when the dates are the reason: the chain must lead, signature by
/// signature, to a root the request trusts, by RFC 5280's rules with the validity periods left
/// out, and a certificate on that path must be outside its period now. A certificate from an
/// unknown CA stays untrusted whatever its dates. A chain that leads to a trusted root within its
/// dates stays untrusted too, saying so rather than pointing at the trust roots. The answer only
/// chooses between two failures and their words: nothing here ever accepts a chain.
///
/// swift-certificates reads the system's roots on Linux only. Elsewhere, when the request trusts
/// the system's roots, the dates of every certificate presented decide, as before there was a
/// path to check.
///
/// Through a proxy, the handshake goes through a tunnel of its own, as the request's did. Only a
/// failed request pays for it, and requests that fail together share one: a request that fails
/// while the check of its server and route runs waits for that check's answer. A server that does
/// not answer within ``handshakeLimit`` leaves the failure as it was (untrusted), and so does a
/// call cancelled before or while it waits, at once.
enum ChainDateCheck {
    /// The longest the extra handshake may take.
    static let handshakeLimit: TimeAmount = .seconds(5)

    /// What one check is of: a server, and the route (TLS options and proxy) that reached it.
    struct Target: Hashable, Sendable {
        let host: String
        let port: Int
        let route: AsyncHTTPClientTransport.Route
    }

    /// The checks under way, shared by the requests that fail while one runs.
    typealias Checks = SharedCheck<Target, Verdict>

    /// What the chain a server presents tells of a refusal.
    enum Verdict: Sendable, Equatable {
        /// A certificate on its path to a trusted root is outside its validity period.
        case outOfDate
        /// It leads to a root the request trusts and every certificate on the way is within its
        /// period: BoringSSL refused it for another reason.
        case leadsToATrustedRoot
        /// It leads, within its dates, to a certificate the request trusts that is not a
        /// self-signed root, where BoringSSL stops.
        case endsAtATrustedIntermediate
        /// No path to a trusted root was found, or the chain could not be read.
        case unknown
    }

    /// One certificate the server presented: its DER and its validity period (seconds since
    /// 1970, inclusive).
    struct Presented: Sendable {
        var der: [UInt8]
        var notBefore: Int
        var notAfter: Int
    }

    /// Whether a certificate with these validity periods (seconds since 1970, inclusive) is
    /// outside its period at `now`.
    static func hasCertificateOutOfDate(_ periods: [(notBefore: Int, notAfter: Int)], now: Int) -> Bool {
        periods.contains { now < $0.notBefore || now > $0.notAfter }
    }

    /// The validity periods of `path`'s certificates, in seconds since 1970.
    private static func periods(of path: [Certificate]) -> [(notBefore: Int, notAfter: Int)] {
        path.map {
            (Int($0.notValidBefore.timeIntervalSince1970), Int($0.notValidAfter.timeIntervalSince1970))
        }
    }

    /// `failure` as ``CourierError/Kind/certificateExpired`` when it is an untrusted chain and the
    /// server at `url`, reached by `route`, presents a chain whose path to a root the route trusts
    /// has a certificate outside its validity period; `failure` otherwise. The check is one of
    /// `checks`: shared with the requests of the same server and route that fail meanwhile.
    static func refine(
        _ failure: CourierError, url: URL, route: AsyncHTTPClientTransport.Route, checks: Checks,
        group: any EventLoopGroup
    ) async -> CourierError {
        guard failure.kind == .untrustedCertificate, let host = url.host, !Task.isCancelled else {
            return failure
        }
        // The idle limit of a route's connections changes nothing of its handshake.
        var handshakeRoute = route
        handshakeRoute.idleLimit = nil
        let target = Target(host: host, port: url.port ?? 443, route: handshakeRoute)
        let answer = await checks.answer(for: target, ifCancelled: .unknown) {
            await verdict(target, group: group)
        }
        return refined(failure, verdict: answer, host: CourierError.tlsHostName(of: url))
    }

    /// `failure`, an untrusted chain of `host`, as `verdict` tells it: expired when a date is the
    /// reason; when the chain leads to a trusted root within its dates, untrusted for another
    /// reason than its root, so that the message does not send the caller to its trust roots.
    static func refined(_ failure: CourierError, verdict: Verdict, host: String) -> CourierError {
        switch verdict {
        case .outOfDate:
            return CourierError.tls(.certificateExpired, host: host, underlying: failure.underlying)
        case .leadsToATrustedRoot:
            return CourierError.tls(
                .untrustedCertificate, host: host,
                reason: "its chain leads to a trusted root within its dates, but a certificate of it is "
                    + "not fit for a TLS server (its extended key usage is for other purposes, or its key "
                    + "usage or signature is one BoringSSL refuses)",
                underlying: failure.underlying)
        case .endsAtATrustedIntermediate:
            return CourierError.tls(
                .untrustedCertificate, host: host,
                reason: "its chain leads to a certificate of TLSOptions.trustRoots that is not a self-signed "
                    + "root, and AsyncHTTPClientTransport (BoringSSL) trusts a chain only up to one: trust "
                    + "the root of your CA",
                underlying: failure.underlying)
        case .unknown:
            return failure
        }
    }

    /// What the chain `target` presents tells: whether a certificate on its path to a root the
    /// route trusts is outside its validity period, or the path is whole and within its dates.
    private static func verdict(_ target: Target, group: any EventLoopGroup) async -> Verdict {
        let tls = target.route.tls.flatMap { try? $0.nioSSLConfiguration() }
        let roots = target.route.tls?.trustRoots ?? .system
        guard
            let presented = await presentedChain(
                host: target.host, port: target.port, tls: tls, proxy: target.route.proxy, group: group)
        else { return .unknown }
        let now = Int(Date().timeIntervalSince1970)
        if let path = await pathToATrustedRoot(presented.map(\.der), roots: roots) {
            if hasCertificateOutOfDate(periods(of: path), now: now) { return .outOfDate }
            // BoringSSL accepts a path only up to a self-signed root: one that ends at a trusted
            // intermediate is refused for that, not for a certificate unfit for a server, unless
            // a trusted root lies beyond it too (the verifier stops at the first trusted one).
            guard let anchor = path.last, anchor.issuer == anchor.subject else {
                guard
                    let whole = await pathToATrustedRoot(
                        presented.map(\.der), roots: roots, selfSignedOnly: true)
                else { return .endsAtATrustedIntermediate }
                return hasCertificateOutOfDate(periods(of: whole), now: now)
                    ? .outOfDate : .leadsToATrustedRoot
            }
            return .leadsToATrustedRoot
        }
        if !systemRootsAreReadable && roots.includesSystemRoots {
            let periods = presented.map { ($0.notBefore, $0.notAfter) }
            return hasCertificateOutOfDate(periods, now: now) ? .outOfDate : .unknown
        }
        return .unknown
    }

    /// Whether swift-certificates reads the system's trust roots here.
    #if os(Linux)
        private static let systemRootsAreReadable = true
    #else
        private static let systemRootsAreReadable = false
    #endif

    /// The path from `chain` (DER, the leaf first, then what the server sent with it) to a
    /// certificate of `roots` (with the system's, where ``systemRootsAreReadable``), each
    /// certificate signed by the next and within RFC 5280's constraints but for its validity
    /// period; `nil` when there is none. With `selfSignedOnly`, the path ends at a self-signed
    /// root, and the other certificates of `roots` may only lie on the way to one.
    static func pathToATrustedRoot(_ chain: [[UInt8]], roots: TLSTrustRoots, selfSignedOnly: Bool = false)
        async
        -> [Certificate]?
    {
        guard let leaf = chain.first.flatMap({ try? Certificate(derEncoded: $0) }) else { return nil }
        let own = roots.certificates.compactMap { try? Certificate(derEncoded: Array($0.derBytes)) }
        let (anchors, onTheWay) =
            selfSignedOnly
            ? (own.filter { $0.issuer == $0.subject }, own.filter { $0.issuer != $0.subject }) : (own, [])
        var store =
            roots.includesSystemRoots && systemRootsAreReadable
            ? CertificateStore.systemTrustRoots : CertificateStore()
        store.append(contentsOf: anchors)
        let intermediates = CertificateStore(
            chain.dropFirst().compactMap { try? Certificate(derEncoded: $0) } + onTheWay)
        var verifier = Verifier(rootCertificates: store) {
            RFC5280Policy.withValidityCheckDisabled()
            ServerExtensionsAcknowledged()
        }
        guard
            case .validCertificate(let path) = await verifier.validate(
                leaf: leaf, intermediates: intermediates)
        else { return nil }
        return Array(path)
    }

    /// Names the extensions a server certificate may mark critical that RFC 5280's policy leaves
    /// to others (the names it is for, the purposes it serves), which the verifier would otherwise
    /// refuse as not understood. Whether they fit the request is not what this check asks.
    private struct ServerExtensionsAcknowledged: VerifierPolicy {
        let verifyingCriticalExtensions: [ASN1ObjectIdentifier] = [
            .X509ExtensionID.subjectAlternativeName, .X509ExtensionID.extendedKeyUsage,
        ]

        func chainMeetsPolicyRequirements(chain: UnverifiedCertificateChain) -> PolicyEvaluationResult {
            .meetsPolicy
        }
    }

    /// The chain the server presents, or `nil` when no handshake got that far.
    private static func presentedChain(
        host: String, port: Int, tls: TLSConfiguration?, proxy: AsyncHTTPClientTransport.Proxy.Server?,
        group: any EventLoopGroup
    ) async -> [Presented]? {
        let seen = NIOLockedValueBox<[Presented]?>(nil)
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
        seen: NIOLockedValueBox<[Presented]?>, open: NIOLockedValueBox<(any Channel)?>
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
        seen: NIOLockedValueBox<[Presented]?>
    ) throws -> NIOSSLClientHandler {
        try NIOSSLClientHandler(
            context: context, serverHostname: serverName,
            customVerificationCallback: { certificates, promise in
                let chain = certificates.compactMap { certificate in
                    (try? certificate.toDERBytes()).map {
                        Presented(
                            der: $0, notBefore: Int(certificate.notValidBefore),
                            notAfter: Int(certificate.notValidAfter))
                    }
                }
                seen.withLockedValue { $0 = chain }
                // The chain was read; the handshake ends here.
                promise.succeed(.failed)
            })
    }
}
