/// Declares how long the endpoint's request may take, overriding the client's timeouts.
///
/// The total timeout is one deadline over middleware, retries, every redirect hop and the whole
/// body, enforced by Courier itself; it fails with ``CourierError/Kind/timedOut``.
///
/// ```swift
/// Timeout(.seconds(5))
/// Timeout(.seconds(30), connect: .seconds(3), idle: .seconds(10))
/// ```
///
/// What the connect and idle timeouts measure: <doc:HandlingFaults#Timeouts>.
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
