/// How a client's connections use TLS: which roots it trusts, the identity it presents, the keys
/// it pins and the oldest TLS version it accepts.
///
/// Set them per client, in ``Client/Configuration/tls``; every request of the client, redirect
/// hops included, carries them to the transport in ``TransportRequest/tls``. The default value
/// changes nothing: the system's roots, no client certificate, no pins, the transport's own
/// minimum version.
///
/// A transport either honours every option a request carries or refuses the request, before
/// anything is sent, with ``CourierError/Kind/unsupportedTLSOption`` naming the option; it never
/// ignores one. Which transport honours what: <doc:ConnectingSecurely>.
///
/// ```swift
/// var configuration = Client.Configuration()
/// configuration.tls = TLSOptions(
///     trustRoots: .system(adding: [try TLSCertificate(pem: internalCAPEM)]),
///     minimumVersion: .tls13)
/// let client = Client(
///     baseURL: BaseURL("api.internal.example"), transport: transport, configuration: configuration)
/// ```
///
/// Renderings never show the private key: `description` and `dump` print it as `<redacted>`.
public struct TLSOptions: Sendable, Hashable, CustomStringConvertible, CustomReflectable {
    /// The roots a server's chain must lead to; the system's by default.
    public var trustRoots: TLSTrustRoots
    /// The certificate and key presented when a server asks for one (mutual TLS); none by default.
    public var clientIdentity: TLSClientIdentity?
    /// Public keys the server's chain must contain one of; none by default.
    public var pinnedKeys: PublicKeyPins?
    /// The oldest TLS version accepted; `nil` leaves the transport's own minimum.
    public var minimumVersion: TLSVersion?

    /// Creates options; every parameter's default changes nothing.
    ///
    /// - Parameters:
    ///   - trustRoots: The roots a server's chain must lead to.
    ///   - clientIdentity: The certificate and key for mutual TLS.
    ///   - pinnedKeys: Public keys the server's chain must contain one of.
    ///   - minimumVersion: The oldest TLS version accepted.
    public init(
        trustRoots: TLSTrustRoots = .system, clientIdentity: TLSClientIdentity? = nil,
        pinnedKeys: PublicKeyPins? = nil, minimumVersion: TLSVersion? = nil
    ) {
        self.trustRoots = trustRoots
        self.clientIdentity = clientIdentity
        self.pinnedKeys = pinnedKeys
        self.minimumVersion = minimumVersion
    }

    /// The four options, the private key redacted, so that `dump` shows no byte of it.
    public var customMirror: Mirror {
        Mirror(
            self,
            children: [
                "trustRoots": trustRoots, "clientIdentity": clientIdentity as Any,
                "pinnedKeys": pinnedKeys as Any,
                "minimumVersion": minimumVersion as Any,
            ], displayStyle: .struct)
    }

    /// One option, by the name a refusal gives it.
    public struct Option: Sendable, Hashable, CustomStringConvertible {
        /// The property's name, for example `trustRoots`.
        public let name: String

        private init(_ name: String) { self.name = name }

        /// ``TLSOptions/trustRoots`` other than the system's alone.
        public static let trustRoots = Option("trustRoots")
        /// ``TLSOptions/clientIdentity``.
        public static let clientIdentity = Option("clientIdentity")
        /// ``TLSOptions/pinnedKeys``.
        public static let pinnedKeys = Option("pinnedKeys")
        /// ``TLSOptions/minimumVersion``.
        public static let minimumVersion = Option("minimumVersion")

        /// The option's name.
        public var description: String { name }
    }

    /// The options set to something other than their default, in declaration order: what a
    /// transport must honour.
    public var setOptions: [Option] {
        var options: [Option] = []
        if !trustRoots.isSystem { options.append(.trustRoots) }
        if clientIdentity != nil { options.append(.clientIdentity) }
        if pinnedKeys != nil { options.append(.pinnedKeys) }
        if minimumVersion != nil { options.append(.minimumVersion) }
        return options
    }

    /// Each option that is set, with the private key redacted.
    public var description: String {
        var parts = ["trustRoots: \(trustRoots)"]
        if let clientIdentity { parts.append("clientIdentity: \(clientIdentity)") }
        if let pinnedKeys { parts.append("pinnedKeys: \(pinnedKeys.sha256Digests.count)") }
        if let minimumVersion { parts.append("minimumVersion: \(minimumVersion)") }
        return "TLSOptions(\(parts.joined(separator: ", ")))"
    }
}
