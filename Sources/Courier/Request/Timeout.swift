/// How long a request may take: its total deadline, connect timeout and idle timeout.
///
/// Declared in an endpoint block, it overrides the client's ``Client/Configuration/timeout``; a
/// value it leaves `nil` is filled from the client's. The total timeout is one deadline over
/// middleware, retries, every redirect hop and the whole body, enforced by Courier itself; it fails
/// with ``CourierError/Kind/timedOut``.
///
/// ```swift
/// Timeout(.seconds(5))
/// Timeout(.seconds(30), connect: .seconds(3), idle: .seconds(10))
/// ```
///
/// What the connect and idle timeouts measure: <doc:HandlingFaults#Timeouts>.
public struct Timeout: Sendable, Hashable {
    /// The total deadline, if any.
    public let total: Duration?
    /// The time allowed until the server shows a sign of life, if limited.
    public let connect: Duration?
    /// The longest silence allowed while sending or receiving, if limited.
    public let idle: Duration?

    /// Declares a total timeout and, optionally, connect and idle timeouts.
    ///
    /// - Parameters:
    ///   - total: The total deadline.
    ///   - connect: The time allowed until the body starts to flow or the response begins.
    ///   - idle: The longest silence allowed while sending or receiving.
    public init(_ total: Duration, connect: Duration? = nil, idle: Duration? = nil) {
        self.init(total: total, connect: connect, idle: idle)
    }

    /// Declares connect and idle timeouts without a total one; `Timeout()` sets none.
    ///
    /// - Parameters:
    ///   - connect: The time allowed until the body starts to flow or the response begins.
    ///   - idle: The longest silence allowed while sending or receiving.
    public init(connect: Duration? = nil, idle: Duration? = nil) {
        self.init(total: nil, connect: connect, idle: idle)
    }

    init(total: Duration?, connect: Duration?, idle: Duration?) {
        self.total = total
        self.connect = connect
        self.idle = idle
    }

    /// These timeouts, with the ones they leave unset taken from `defaults`.
    func filling(from defaults: Timeout) -> Timeout {
        Timeout(
            total: total ?? defaults.total, connect: connect ?? defaults.connect, idle: idle ?? defaults.idle)
    }
}
