/// Declares how long the endpoint's request may take, overriding the client's timeouts.
///
/// - `total`: one deadline over middleware, retries and their waits, every redirect hop and the
///   whole body, enforced by Courier itself (a server that drips one byte at a time cannot
///   stretch it). It fails with ``CourierError/Kind/timedOut``.
/// - `connect`: how long until the server shows a sign of life: the request body starts to
///   flow, or the response headers arrive. (`URLSession` on Linux does not report the TCP
///   handshake itself, so Courier measures the first thing it can see.)
/// - `idle`: the longest silence while sending or receiving; the transport's idle timeout. It
///   defaults to the total timeout. `URLSession` counts it in whole seconds, so
///   ``URLSessionTransport`` rounds it up (at least 1 s).
///
/// ```swift
/// Timeout(.seconds(5))
/// Timeout(.seconds(30), connect: .seconds(3), idle: .seconds(10))
/// ```
public struct Timeout: EndpointComponent, Sendable, Hashable {
    /// The total deadline, or `nil` to keep the client's.
    public let total: Duration?
    /// The time allowed until the server shows a sign of life, or `nil` to keep the client's.
    public let connect: Duration?
    /// The longest silence allowed, or `nil` to keep the client's.
    public let idle: Duration?

    /// Declares a total timeout and, optionally, connect and idle timeouts.
    ///
    /// - Parameters:
    ///   - total: The total deadline.
    ///   - connect: The time allowed until the body starts to flow or the response begins.
    ///   - idle: The longest silence allowed while sending or receiving.
    public init(_ total: Duration, connect: Duration? = nil, idle: Duration? = nil) {
        self.total = total
        self.connect = connect
        self.idle = idle
    }

    /// Declares connect and idle timeouts, keeping the client's total timeout.
    ///
    /// - Parameters:
    ///   - connect: The time allowed until the body starts to flow or the response begins.
    ///   - idle: The longest silence allowed while sending or receiving.
    public init(connect: Duration? = nil, idle: Duration? = nil) {
        self.total = nil
        self.connect = connect
        self.idle = idle
    }

    /// The component as request parts.
    public var endpointParts: EndpointParts<EndpointState.NoMethod, EndpointState.NoBody> {
        EndpointParts([.timeout(self)])
    }
}
