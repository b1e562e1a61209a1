import Courier

/// Which of a request's timeouts is running and when it runs out, decided from how the exchange
/// last showed a sign of life.
///
/// The connect timeout runs until the first sign of life (a request body chunk written or the
/// response head); after that, and whenever there is no connect timeout, the idle timeout runs
/// from the last sign of life (a body chunk written or received, or the head).
struct SilenceWatch: Sendable, Hashable {
    /// What the exchange did last, and when.
    enum Activity: Sendable, Hashable {
        /// Nothing yet since the request started.
        case started(ContinuousClock.Instant)
        /// A request body chunk was written.
        case sent(ContinuousClock.Instant)
        /// The response head or a response body chunk arrived.
        case received(ContinuousClock.Instant)
    }

    /// When the running timeout runs out, and the error it fails with.
    struct Expiry {
        let deadline: ContinuousClock.Instant
        let error: CourierError
    }

    let connect: Duration?
    let idle: Duration?

    init(_ timeout: Timeout) {
        connect = timeout.connect
        idle = timeout.idle
    }

    /// Whether any timeout runs at all; without one the transport needs no watch.
    var isNeeded: Bool { connect != nil || idle != nil }

    /// The timeout running after `activity`, if any.
    func expiry(after activity: Activity) -> Expiry? {
        switch activity {
        case .started(let start):
            if let connect {
                return Expiry(
                    deadline: start + connect,
                    error: Self.timedOut(
                        "No response arrived within the connect timeout of \(connect); "
                            + "the server may be unreachable or overloaded."))
            }
            return idle.map { idle in
                Expiry(
                    deadline: start + idle,
                    error: Self.timedOut("The server sent nothing within the idle timeout of \(idle)."))
            }
        case .sent(let last):
            return idle.map { idle in
                Expiry(
                    deadline: last + idle,
                    error: Self.timedOut(
                        "The server took longer than the idle timeout of \(idle) to take more of the request "
                            + "body or to answer."))
            }
        case .received(let last):
            return idle.map { idle in
                Expiry(
                    deadline: last + idle,
                    error: Self.timedOut(
                        "The response stalled for longer than the idle timeout of \(idle); "
                            + "the partial body was discarded."))
            }
        }
    }

    /// What the watch does next.
    enum Check {
        /// The running timeout ran out: fail with the error.
        case expired(CourierError)
        /// Look again at this instant.
        case wait(until: ContinuousClock.Instant)
        /// No timeout runs any more.
        case done
    }

    /// What the watch does at `now`, after `activity`.
    ///
    /// It looks again at the running timeout's deadline, or sooner, one idle timeout from now:
    /// a sign of life meanwhile starts an idle timeout that ends no earlier than that, so no
    /// deadline is overslept (a connect timeout of 20 s must not hide an idle one of 1 s that
    /// starts when the head arrives).
    func check(after activity: Activity, now: ContinuousClock.Instant) -> Check {
        guard let expiry = expiry(after: activity) else { return .done }
        if expiry.deadline <= now { return .expired(expiry.error) }
        guard let idle else { return .wait(until: expiry.deadline) }
        return .wait(until: min(expiry.deadline, now + idle))
    }

    private static func timedOut(_ message: String) -> CourierError {
        CourierError(stage: .transport, kind: .timedOut, message: message)
    }
}
