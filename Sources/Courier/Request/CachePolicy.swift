/// How one call uses the HTTP cache, as `URLRequest.CachePolicy` does for `URLSession`.
///
/// A ``HTTPCacheMiddleware`` has a default policy; a call chooses another with
/// ``CallOptions/cachePolicy``:
///
/// ```swift
/// // Offline: answer from the cache or throw notCached.
/// let user = try await client.value(API.user(42), options: CallOptions(cachePolicy: .returnCachedOnly))
/// ```
///
/// Which policy fits which situation: <doc:CachingAndCookies#HTTP-caching>.
public enum CachePolicy: Sendable, Hashable, CaseIterable {
    /// The rules of HTTP caching (RFC 9111): a fresh stored response answers without I/O, a stale
    /// one is revalidated, and the request's own `Cache-Control` directives are honoured.
    case useProtocol
    /// Ignores what is stored and loads from the origin; a storable response is stored for later
    /// calls.
    case reloadIgnoringCache
    /// Answers with a stored response whatever its age, even one the rules call stale; loads from
    /// the origin only when nothing is stored. A stored response the rules would revalidate first
    /// (stale, or `no-cache`) answers as ``CacheOutcome/stale``, a fresh one as ``CacheOutcome/hit``.
    case returnCachedElseLoad
    /// Answers with a stored response whatever its age, and never loads, for offline use (its
    /// outcome as for ``returnCachedElseLoad``): with
    /// nothing stored, the cache's answer is a `504 Gateway Timeout` it made (RFC 9111 §5.2.1.7),
    /// which ``Client/send(_:options:)`` and ``Client/value(_:options:)`` throw as
    /// ``CourierError/Kind/notCached``. A call that chooses it (``CallOptions/cachePolicy``) and
    /// that no cache answers, because the cache does not store such a request (not a `GET`, or one
    /// with a range or a precondition) or the client has no ``HTTPCacheMiddleware``, fails with
    /// ``CourierError/Kind/notCached`` too, and is not sent. As a middleware's own policy, it
    /// governs only the requests that middleware stores.
    case returnCachedOnly
}
