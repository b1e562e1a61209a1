/// The HTTP version a response came over, as the transport negotiated it (ALPN over TLS).
///
/// ```swift
/// let response = try await client.send(API.user(42))
/// if response.httpVersion == .http2 { … }
/// ```
public struct HTTPVersion: Sendable, Hashable, CustomStringConvertible {
    /// The major version: 1 or 2.
    public let major: Int
    /// The minor version: 1 for HTTP/1.1, 0 otherwise.
    public let minor: Int

    /// A version from its numbers, each clamped to 0...255.
    public init(major: Int, minor: Int) {
        self.major = min(max(major, 0), 255)
        self.minor = min(max(minor, 0), 255)
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
