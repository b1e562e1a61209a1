/// How the HTTP cache answered a call: from storage, after revalidating, from the origin, or
/// with its own `504` when a cache-only call found nothing stored.
///
/// A ``HTTPCacheMiddleware`` marks each response it returns with one
/// (``RawResponse/cacheOutcome``), which the ``MetricsMiddleware`` and ``LoggingMiddleware``
/// placed before it report (``RequestMetrics/cacheOutcome``, ``LogEntry/Metadata/cacheOutcome``):
///
/// ```swift
/// MetricsMiddleware { metrics in
///     if metrics.cacheOutcome == .hit { hits.increment() }
/// }
/// ```
public struct CacheOutcome: Sendable, Hashable, CustomStringConvertible {
    /// The outcome's name, for example `"hit"`.
    public let name: String

    /// Creates an outcome; the cache reports only the static members.
    public init(_ name: String) {
        self.name = name
    }

    /// The outcome's name.
    public var description: String { name }

    /// A fresh stored response answered, with no I/O: one the rules let answer without the
    /// origin (not `no-cache`).
    public static let hit = CacheOutcome("hit")
    /// A stored response answered that the rules would revalidate first (stale, or `no-cache`):
    /// the request allowed it (`max-stale`, ``CachePolicy/returnCachedElseLoad``,
    /// ``CachePolicy/returnCachedOnly``), it is being revalidated in the background
    /// (`stale-while-revalidate`), or the origin failed (`stale-if-error`).
    public static let stale = CacheOutcome("stale")
    /// A stored response answered after the origin confirmed it with a `304 Not Modified`.
    public static let revalidated = CacheOutcome("revalidated")
    /// The origin answered, whatever its status.
    public static let miss = CacheOutcome("miss")
    /// A call that may only be answered from storage (``CachePolicy/returnCachedOnly``, or
    /// `Cache-Control: only-if-cached`) found nothing usable stored: the response is the
    /// `504 Gateway Timeout` the cache made (RFC 9111 §5.2.1.7), and nothing was sent. An origin's
    /// own `504` is a ``miss``.
    ///
    /// ```swift
    /// MetricsMiddleware { metrics in
    ///     if metrics.cacheOutcome == .unsatisfiable { offlineMisses.increment() }
    /// }
    /// ```
    public static let unsatisfiable = CacheOutcome("unsatisfiable")
    /// The request is not one the cache handles (not a `GET`, streamed, a download, or with a
    /// range or precondition of the caller's own), it validates a response of the caller's own
    /// that no stored response can answer, or it carries `Cache-Control: no-store` under the
    /// protocol's rules, and it went to the origin untouched.
    public static let bypassed = CacheOutcome("bypassed")
}
