/// The certificates a server's chain must lead to: the system's, the system's and yours, or yours
/// alone.
///
/// ```swift
/// let internalCA = try TLSCertificate(pem: caPEM)
/// let roots = TLSTrustRoots.system(adding: [internalCA])   // public services and yours
/// let only = try TLSTrustRoots.only([internalCA])          // your CA and nothing else
/// ```
public struct TLSTrustRoots: Sendable, Hashable, CustomStringConvertible {
    /// Whether the system's trust store counts.
    public let includesSystemRoots: Bool
    /// Roots of your own, trusted as the system's are.
    public let certificates: [TLSCertificate]

    /// The system's trust store, the default.
    public static let system = TLSTrustRoots(includesSystemRoots: true, certificates: [])

    /// The system's trust store and `certificates`.
    public static func system(adding certificates: [TLSCertificate]) -> TLSTrustRoots {
        TLSTrustRoots(includesSystemRoots: true, certificates: certificates)
    }

    /// `certificates` and nothing else: a public CA's certificate is then untrusted.
    ///
    /// - Throws: ``CourierError/Kind/invalidTLSOptions`` when `certificates` is empty, which
    ///   would trust no server at all.
    public static func only(_ certificates: [TLSCertificate]) throws(CourierError) -> TLSTrustRoots {
        guard !certificates.isEmpty else {
            throw PEMDocument.invalid("set of trust roots", "it is empty, so no server could be trusted")
        }
        return TLSTrustRoots(includesSystemRoots: false, certificates: certificates)
    }

    private init(includesSystemRoots: Bool, certificates: [TLSCertificate]) {
        self.includesSystemRoots = includesSystemRoots
        self.certificates = certificates
    }

    /// Whether these are the system's roots and no others.
    public var isSystem: Bool { includesSystemRoots && certificates.isEmpty }

    /// `system`, `system + 2 certificates` or `only 1 certificate`.
    public var description: String {
        let count = "\(certificates.count) certificate\(certificates.count == 1 ? "" : "s")"
        if isSystem { return "system" }
        return includesSystemRoots ? "system + \(count)" : "only \(count)"
    }
}
