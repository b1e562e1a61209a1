import AsyncHTTPClient
import Courier
import NIOPosix
import NIOSSL

extension AsyncHTTPClientTransport {
    /// Refuses TLS options on an `HTTPClient` that was passed in: it keeps its own TLS
    /// configuration. The transport's own clients honour them, one client per set of options
    /// (``client(for:)``).
    ///
    /// - Throws: ``CourierError/Kind/unsupportedTLSOption`` when options are set and the
    ///   `HTTPClient` was passed in; nothing is sent then.
    func refuseTLSOptionsOnSharedClient(_ options: TLSOptions?) throws(CourierError) {
        guard !ownsClient, let option = options?.setOptions.first else { return }
        throw CourierError.unsupportedTLSOption(
            option, transport: "AsyncHTTPClientTransport",
            reason: "it sends through an HTTPClient you passed in, which keeps its own TLS configuration",
            alternative:
                "Set TLS in that HTTPClient's configuration (tlsConfiguration), or let the transport "
                + "create its HTTPClient (AsyncHTTPClientTransport(connectTimeout:…)); nothing was sent.")
    }

    /// The NIOSSL configuration of `options`, checked against what the transport's event loop
    /// group can do; `nil` when they set nothing NIOSSL holds (pins alone).
    ///
    /// - Throws: ``CourierError/Kind/unsupportedTLSOption`` for what Network.framework cannot do,
    ///   ``CourierError/Kind/invalidTLSOptions`` for material NIOSSL cannot read.
    func tlsConfiguration(for options: TLSOptions) throws(CourierError) -> TLSConfiguration? {
        if ClientBootstrap(validatingGroup: httpClient.eventLoopGroup) == nil {
            try Self.refuseOnNetworkFramework(options)
        }
        return try options.nioSSLConfiguration()
    }

    /// Refuses what AsyncHTTPClient cannot do on Network.framework (an `HTTPClient` on a
    /// `NIOTSEventLoopGroup`, its default group on Apple platforms): present a client
    /// certificate, add roots to the system's (it replaces the system's anchors), or show the
    /// transport the server's certificate to check a pin against (its connections have no
    /// NIOSSL handler).
    static func refuseOnNetworkFramework(_ options: TLSOptions) throws(CourierError) {
        let group =
            "a MultiThreadedEventLoopGroup (AsyncHTTPClientTransport(eventLoopGroup:)), whose connections "
            + "use NIOSSL; nothing was sent."
        if options.pinnedKeys != nil {
            throw CourierError.unsupportedTLSOption(
                .pinnedKeys, transport: "AsyncHTTPClientTransport",
                reason:
                    "its HTTPClient runs on Network.framework, whose connections show the transport no "
                    + "server certificate to check a pin against",
                alternative: "Create the transport with " + group)
        }
        if options.clientIdentity != nil {
            throw CourierError.unsupportedTLSOption(
                .clientIdentity, transport: "AsyncHTTPClientTransport",
                reason:
                    "its HTTPClient runs on Network.framework, where AsyncHTTPClient presents no client certificate",
                alternative: "Create the transport with " + group)
        }
        if options.trustRoots.includesSystemRoots && !options.trustRoots.certificates.isEmpty {
            throw CourierError.unsupportedTLSOption(
                .trustRoots, transport: "AsyncHTTPClientTransport",
                reason:
                    "its HTTPClient runs on Network.framework, where AsyncHTTPClient can replace the system's "
                    + "roots but not add to them",
                alternative:
                    "Trust only your roots with TLSTrustRoots.only(_:), or create the transport with " + group
            )
        }
    }
}
