/// Takes part in each hop of one call: prepares every redirect hop before it is sent, and reads
/// every hop's response before the next hop is prepared.
///
/// A call's hooks come down with its request, in its ``CallContext``, as its observers do: a
/// ``CookieMiddleware`` adds one, so each hop, every attempt's first included, carries the
/// cookies the jar holds for its URL when it is sent, and the cookies every response sets are
/// stored, in order, before the next hop is sent. The ``RedirectFollower`` calls them.
protocol HopHook: Sendable {
    /// What the hook changes in the hops it takes part in: two requests whose hooks have
    /// different identities may send different hops, so ``DeduplicationMiddleware`` never merges
    /// them. A cookie hook's is its jar and its declared cookies.
    var identity: HopHookIdentity { get }

    /// Changes `hop` before it is sent: the first hop of every attempt, as the middleware chain
    /// passed it down, and each redirect hop the follower built.
    ///
    /// `keepsSecrets` is whether the hop still carries the first request's sensitive headers:
    /// `false` for a first hop to an absolute URL on another origin that did not opt in, and from
    /// the first hop to another origin on, for the rest of the chain. A hook adds a secret of the
    /// first request's only while it is `true`.
    func prepare(_ hop: inout TransportRequest, keepsSecrets: Bool) throws(CourierError)
    /// `response` answered `hop`: the first hop, a redirect, or the last. What this throws ends
    /// the chain and reaches the caller.
    func received(_ response: RawResponse, for hop: TransportRequest) throws(CourierError)
}

/// The hop hooks of one call, handed down with its requests in their ``CallContext``.
struct HopHooks: Sendable {
    /// The hooks, in the order they were added: the outermost middleware's first.
    private(set) var all: [any HopHook] = []

    /// Adds `hook` after those already there.
    mutating func append(_ hook: any HopHook) {
        all.append(hook)
    }

    /// Lets each hook, the outermost middleware's first, change `hop` before it is sent: the
    /// order in which the middleware changed the first hop on its way down.
    func prepare(_ hop: inout TransportRequest, keepsSecrets: Bool) throws(CourierError) {
        for hook in all { try hook.prepare(&hop, keepsSecrets: keepsSecrets) }
    }

    /// Tells each hook, the innermost middleware's first, that `response` answered `hop`: the
    /// order in which a response goes back up the chain.
    func received(_ response: RawResponse, for hop: TransportRequest) throws(CourierError) {
        for hook in all.reversed() { try hook.received(response, for: hop) }
    }

    /// The identity of each hook, in order: what ``RequestFingerprint`` compares, since two calls
    /// whose hooks differ may send different hops.
    var identities: [HopHookIdentity] { all.map(\.identity) }
}

/// What a ``HopHook`` changes in the hops it takes part in: the shared state it reads and writes
/// (a cookie jar, by the storage its copies share) and the values it adds of its own (the
/// declared cookies). Hooks with equal identities prepare equal hops the same way.
struct HopHookIdentity: Hashable, Sendable {
    /// The shared state the hook reads and writes.
    let state: ObjectIdentifier
    /// What the hook adds of its own.
    let values: [String]
}
