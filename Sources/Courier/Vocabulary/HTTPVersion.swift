/// The HTTP version a response came over, as the transport negotiated it (ALPN over TLS).
///
/// ```swift
/// let response = try await client.send(API.user(42))
/// if response.httpVersion == .http2 { … }
/// ```
public struct HTTPVersion: Sendable, Hashable, CustomStringConvertible {
    /// The major version: 1 or 2.
    public var major: Int { Int(storedMajor) }
    /// The minor version: 1 for HTTP/1.1, 0 otherwise.
    public var minor: Int { Int(storedMinor) }

    /// The numbers in a byte each, so that a response carries its version in two bytes.
    private let storedMajor: UInt8
    private let storedMinor: UInt8

    /// A version from its numbers, each clamped to 0...255.
    public init(major: Int, minor: Int) {
        storedMajor = UInt8(clamping: major)
        storedMinor = UInt8(clamping: minor)
    }

    /// HTTP/1.0.
    public static let http10 = HTTPVersion(major: 1, minor: 0)
    /// HTTP/1.1.
    public static let http11 = HTTPVersion(major: 1, minor: 1)
    /// HTTP/2.
    public static let http2 = HTTPVersion(major: 2, minor: 0)

    /// `HTTP/1.1` or `HTTP/2`.
    public var description: String { major >= 2 ? "HTTP/\(major)" : "HTTP/\(major).\(minor)" }
}
