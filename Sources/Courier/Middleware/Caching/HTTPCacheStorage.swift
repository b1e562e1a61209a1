/// Where an ``HTTPCacheMiddleware`` keeps responses: every stored variant of one URL under one key.
///
/// A key is a SHA-256 digest of the method and URL (64 lowercase hexadecimal digits), so neither a
/// URL nor its query values reach a storage. The cache reads all variants of a key to choose
/// among them, and changes them only through ``update(forKey:_:)``, which a storage runs
/// atomically: two calls storing two variants of one URL at once keep both, and an invalidation
/// is never undone by a store that read the variants before it. A response is stored when it
/// arrives, though: one to a `GET` sent before an unsafe request invalidated its URL, but received
/// after, is stored, and may describe the resource as it was before that request.
///
/// A storage never fails a call: one that cannot read answers `[]`, one that cannot write drops
/// the change, and the cache goes to the origin. Storages are shared by concurrent calls, so each
/// method is safe to call from any task.
///
/// ```swift
/// let cache = HTTPCacheMiddleware(storage: MemoryCacheStorage(maximumBytes: 20_000_000))
/// ```
///
/// Courier ships ``MemoryCacheStorage`` and ``DiskCacheStorage``.
public protocol HTTPCacheStorage: Sendable {
    /// The stored variants under `key`, or `[]`.
    func responses(forKey key: String) async -> [CachedResponse]

    /// Changes the variants under `key` in one step: `change` receives what is stored (`[]` when
    /// nothing is) and what it leaves is stored; an empty list removes the key.
    ///
    /// No other change of `key` in this storage happens between the read `change` sees and
    /// the write of its result: a storage serialises the updates of a key, and runs `change`
    /// exactly once, possibly on another thread. `change` must not call the storage.
    ///
    /// ```swift
    /// await storage.update(forKey: key) { variants in variants.removeAll { $0.status != .ok } }
    /// ```
    func update(forKey key: String, _ change: @escaping @Sendable (inout [CachedResponse]) -> Void) async
}
