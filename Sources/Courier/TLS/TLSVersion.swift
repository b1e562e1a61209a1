/// A version of TLS, for ``TLSOptions/minimumVersion``.
///
/// ```swift
/// let options = TLSOptions(minimumVersion: .tls13)
/// ```
public enum TLSVersion: String, Sendable, Hashable, Comparable, CaseIterable, CustomStringConvertible {
    /// TLS 1.2 (RFC 5246).
    case tls12 = "TLS 1.2"
    /// TLS 1.3 (RFC 8446).
    case tls13 = "TLS 1.3"

    /// `TLS 1.2` or `TLS 1.3`.
    public var description: String { rawValue }

    /// Whether `lhs` is an older version than `rhs`.
    public static func < (lhs: TLSVersion, rhs: TLSVersion) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}
