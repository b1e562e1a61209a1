/// Where an ``HTTPCacheMiddleware`` keeps responses: every stored variant of one URL under one key.
///
/// A key is a SHA-256 digest of the method and URL (64 lowercase hexadecimal digits), so neither a
/// URL nor its query values reach a storage. The cache reads all variants of a key, chooses among
/// them, and writes the whole list back; an empty list removes the key.
///
/// A storage never fails a call: one that cannot read answers `[]`, one that cannot write drops
/// the write, and the cache goes to the origin. Storages are shared by concurrent calls, so each
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
    /// Replaces the variants under `key` with `responses`; an empty list removes the key.
    func store(_ responses: [CachedResponse], forKey key: String) async
}
