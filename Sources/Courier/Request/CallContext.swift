/// What one call hands down with its request beside what is sent: its deadline, its observers
/// and its hop hooks.
///
/// The client sets the deadline from the total timeout, and middleware such as
/// ``RetryMiddleware`` read it; ``MetricsMiddleware`` and ``Client/transfer(_:)`` add observers,
/// which the request's hops report to; ``CookieMiddleware`` adds a hop hook, which takes part in
/// each hop. Not part of a request's value: any two are equal, so a request compares and hashes
/// by what it sends alone.
///
/// Immutable and shared by the copies of a request; a change makes a new context.
final class CallContext: Sendable, Hashable {
    /// The instant the call must finish by, when it has a total timeout.
    let deadline: ContinuousClock.Instant?
    /// Who hears how the call's hops go.
    let observers: TransferObservers
    /// Who takes part in each of the call's hops.
    let hopHooks: HopHooks

    /// The context of a request no call has taken up yet: no deadline, no observers, no hooks.
    static let empty = CallContext()

    /// A context with `deadline`, `observers` and `hopHooks`; none of each by default.
    init(
        deadline: ContinuousClock.Instant? = nil, observers: TransferObservers = TransferObservers(),
        hopHooks: HopHooks = HopHooks()
    ) {
        self.deadline = deadline
        self.observers = observers
        self.hopHooks = hopHooks
    }

    /// This context with `deadline` instead of its own.
    func with(deadline: ContinuousClock.Instant?) -> CallContext {
        deadline == self.deadline
            ? self : CallContext(deadline: deadline, observers: observers, hopHooks: hopHooks)
    }

    /// This context with `observer` heard after its own observers.
    func adding(_ observer: any TransferObserver) -> CallContext {
        var observers = observers
        observers.append(observer)
        return CallContext(deadline: deadline, observers: observers, hopHooks: hopHooks)
    }

    /// This context with `hook` after its own hop hooks.
    func adding(_ hook: any HopHook) -> CallContext {
        var hopHooks = hopHooks
        hopHooks.append(hook)
        return CallContext(deadline: deadline, observers: observers, hopHooks: hopHooks)
    }

    /// The time left before ``deadline``, or `nil` when the call has none.
    var remaining: Duration? {
        deadline.map { ContinuousClock.now.duration(to: $0) }
    }

    /// Always `true`: a call's context is not part of its request's value.
    static func == (lhs: CallContext, rhs: CallContext) -> Bool { true }

    /// Hashes nothing: a call's context is not part of its request's value.
    func hash(into hasher: inout Hasher) {}
}
