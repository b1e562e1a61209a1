/// How long a request may take: declared in an endpoint block, it overrides the client's
/// ``Client/Configuration/timeout``.
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
    /// The total deadline, or `nil` to keep the client's (none when the client sets none).
    public var total: Duration?
    /// The time allowed until the server shows a sign of life, or `nil` to keep the client's.
    public var connect: Duration?
    /// The longest silence allowed, or `nil` to keep the client's (the transport's own default
    /// when neither sets one; the total timeout when only that is set).
    public var idle: Duration?

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

    /// Declares connect and idle timeouts, keeping the client's total timeout; `Timeout()` sets
    /// none.
    ///
    /// - Parameters:
    ///   - connect: The time allowed until the body starts to flow or the response begins.
    ///   - idle: The longest silence allowed while sending or receiving.
    public init(connect: Duration? = nil, idle: Duration? = nil) {
        self.total = nil
        self.connect = connect
        self.idle = idle
    }

    /// These timeouts, with the ones they leave unset taken from `defaults`.
    func filling(from defaults: Timeout) -> Timeout {
        var filled = self
        filled.total = total ?? defaults.total
        filled.connect = connect ?? defaults.connect
        filled.idle = idle ?? defaults.idle
        return filled
    }

    /// The component as request parts.
    public var endpointParts: EndpointParts<EndpointState.NoMethod, EndpointState.NoBody> {
        EndpointParts([.timeout(self)])
    }
}
