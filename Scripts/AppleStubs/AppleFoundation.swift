// swift-format-ignore-file
// What Apple's Foundation has and swift-corelibs-foundation lacks (or marks unavailable), with
// the signatures Apple's SDK imports, for Scripts/check-apple-branches. It only type-checks.
import Foundation
import FoundationNetworking
import Security

extension URLProtectionSpace {
    /// Apple: `var serverTrust: SecTrust? { get }`
    public var serverTrust: SecTrust? { nil }
}

extension URLCredential {
    /// Apple: `init(trust: SecTrust)`
    public convenience init(trust: SecTrust) { self.init(user: "", password: "", persistence: .none) }
}

extension URLSessionConfiguration {
    /// Apple: `var tlsMinimumSupportedProtocolVersion: tls_protocol_version_t { get set }`
    public var tlsMinimumSupportedProtocolVersion: tls_protocol_version_t {
        get { .TLSv12 }
        set {}
    }
}

/// Apple: `let NSURLAuthenticationMethodServerTrust: String` (unavailable in
/// swift-corelibs-foundation; this module imports FoundationNetworking, so this one shadows it).
public let NSURLAuthenticationMethodServerTrust: String = "NSURLAuthenticationMethodServerTrust"
