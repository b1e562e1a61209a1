/// Which of a request's timeouts is running and when it runs out, decided from how the exchange
/// last showed a sign of life: the one rule behind every timeout a transport or a streamed body
/// enforces, tested without a clock.
///
/// The connect timeout runs until the first sign of life (a request body chunk written or the
/// response head); after that, and whenever there is no connect timeout, the idle timeout runs
/// from the last sign of life. A ``deadline``, when set, ends the wait whatever the activity.
///
/// A transport keeps the exchange's latest ``Activity`` where its callbacks can update it, and
/// races the exchange against ``enforce(sleep:now:_:)``:
///
/// ```swift
/// let watch = SilenceWatch(request.timeout)
/// let error = await SilenceWatch.enforce { now in watch.check(after: latestActivity(), now: now) }
/// ```
public struct SilenceWatch: Sendable, Hashable {
    /// What the exchange did last, and when.
    public enum Activity: Sendable, Hashable {
        /// Nothing yet since the request started.
        case started(ContinuousClock.Instant)
        /// A request body chunk was written.
        case sent(ContinuousClock.Instant)
        /// The response head or a response body chunk arrived.
        case received(ContinuousClock.Instant)
    }

    /// What the watch does next.
    public enum Check: Sendable {
        /// A timeout ran out: fail with the error.
        case expired(CourierError)
        /// Look again at this instant.
        case wait(until: ContinuousClock.Instant)
        /// No timeout runs any more.
        case done
    }

    /// The longest wait for a first sign of life.
    public let connect: Duration?
    /// The longest silence after a sign of life.
    public let idle: Duration?
    /// When the whole response body must have arrived, if ever.
    public let deadline: ContinuousClock.Instant?

    /// A watch of `connect` and `idle` timeouts, and of a `deadline` for the whole body.
    public init(connect: Duration? = nil, idle: Duration? = nil, deadline: ContinuousClock.Instant? = nil) {
        self.connect = connect
        self.idle = idle
        self.deadline = deadline
    }

    /// A watch of `timeout`'s connect and idle timeouts, which a transport enforces.
    public init(_ timeout: Timeout) {
        self.init(connect: timeout.connect, idle: timeout.idle)
    }

    /// Whether any timeout runs at all; without one, nothing needs to watch.
    public var isNeeded: Bool { connect != nil || idle != nil || deadline != nil }

    /// What the watch does at `now`, after `activity`.
    ///
    /// It looks again at the running timeout's end, or sooner, one idle timeout from now: a sign
    /// of life meanwhile starts an idle timeout that ends no earlier than that, so no end is
    /// overslept (a connect timeout of 20 s must not hide an idle one of 1 s that starts when the
    /// head arrives).
    public func check(after activity: Activity, now: ContinuousClock.Instant) -> Check {
        if let deadline, deadline <= now {
            return .expired(Self.timedOut("The response body did not end within its deadline."))
        }
        guard let (end, timeout) = silenceEnd(after: activity) else {
            return deadline.map { .wait(until: $0) } ?? .done
        }
        if end <= now { return .expired(silenceError(after: activity, timeout: timeout)) }
        var next = idle.map { min(end, now + $0) } ?? end
        if let deadline { next = min(next, deadline) }
        return .wait(until: next)
    }

    /// When the silence after `activity` runs out, and the timeout it runs out of; `nil` when no
    /// connect or idle timeout runs after it.
    func silenceEnd(after activity: Activity) -> (end: ContinuousClock.Instant, timeout: Duration)? {
        switch activity {
        case .started(let start): (connect ?? idle).map { (start + $0, $0) }
        case .sent(let last), .received(let last): idle.map { (last + $0, $0) }
        }
    }

    /// The error of a silence after `activity` that ran out of `timeout`: the connect timeout
    /// until the first sign of life when there is one, the idle timeout otherwise.
    func silenceError(after activity: Activity, timeout: Duration) -> CourierError {
        switch activity {
        case .started where connect != nil:
            Self.timedOut(
                "No response arrived within the connect timeout of \(timeout); "
                    + "the server may be unreachable or overloaded.")
        case .started:
            Self.timedOut("The server sent nothing within the idle timeout of \(timeout).")
        case .sent:
            // The transport cannot tell a server that takes no more from a stream that yields no
            // more: the sentence names both.
            Self.timedOut(
                "No more of the request body went out and no response arrived within the idle timeout of "
                    + "\(timeout): the server took no more of the body, or the body's stream produced no more."
            )
        case .received:
            Self.timedOut("The response stalled for longer than the idle timeout of \(timeout).")
        }
    }

    /// Runs a watch: sleeps until each instant `check` asks for, and returns the error it expires
    /// with, or `nil` once it is done or a sleep throws (the task was cancelled).
    ///
    /// - Parameters:
    ///   - sleep: Waits until an instant, or throws when cancelled; ``sleep(until:)`` by default.
    ///   - now: The time now; the continuous clock's by default. Tests pass a manual clock's
    ///     `sleep` and `now`.
    ///   - check: What the watch does at an instant: usually ``check(after:now:)`` with the
    ///     exchange's latest activity.
    public static func enforce(
        sleep: @Sendable (ContinuousClock.Instant) async throws -> Void = {
            try await SilenceWatch.sleep(until: $0)
        },
        now: @Sendable () -> ContinuousClock.Instant = { .now },
        _ check: @Sendable (ContinuousClock.Instant) -> Check
    ) async -> CourierError? {
        while true {
            switch check(now()) {
            case .expired(let error):
                return error
            case .done:
                return nil
            case .wait(let instant):
                do {
                    try await sleep(instant)
                } catch {
                    return nil
                }
            }
        }
    }

    private static func timedOut(_ message: String) -> CourierError {
        CourierError(stage: .transport, kind: .timedOut, message: message)
    }
}
