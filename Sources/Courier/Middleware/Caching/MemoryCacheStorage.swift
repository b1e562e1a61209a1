/// An ``HTTPCacheStorage`` in memory, bounded in bytes: past the bound, the least recently used
/// keys go first.
///
/// Copies share one store, so a storage given to several clients is one cache. Its contents end
/// with the process.
///
/// ```swift
/// let cache = HTTPCacheMiddleware(storage: MemoryCacheStorage(maximumBytes: 20_000_000))
/// ```
///
/// A key whose variants alone exceed the bound is not stored.
public struct MemoryCacheStorage: HTTPCacheStorage {
    /// The most bytes (``CachedResponse/byteCount``) the storage holds.
    public let maximumBytes: Int
    private let state = LockedValue(State())

    /// What the storage holds, and when each key was last used.
    private struct State: Sendable {
        var entries: [String: (responses: [CachedResponse], bytes: Int, used: UInt64)] = [:]
        var bytes = 0
        var clock: UInt64 = 0
    }

    /// Creates an empty storage bounded by `maximumBytes`; 10 MB by default, a negative bound is 0.
    public init(maximumBytes: Int = 10_000_000) {
        self.maximumBytes = max(0, maximumBytes)
    }

    /// The stored variants under `key`; marks the key as just used.
    public func responses(forKey key: String) async -> [CachedResponse] {
        state.withLock { state in
            guard var entry = state.entries[key] else { return [] }
            state.clock += 1
            entry.used = state.clock
            state.entries[key] = entry
            return entry.responses
        }
    }

    /// Changes the variants under `key` under the storage's lock, then drops the least recently
    /// used keys until the storage fits its bound. A change that leaves the variants as they were
    /// changes nothing, and the key stays as recently used as it was.
    public func update(forKey key: String, _ change: @escaping @Sendable (inout [CachedResponse]) -> Void)
        async
    {
        let maximumBytes = maximumBytes
        state.withLock { state in
            let stored = state.entries[key]?.responses ?? []
            var responses = stored
            change(&responses)
            guard responses != stored else { return }
            if let old = state.entries.removeValue(forKey: key) { state.bytes -= old.bytes }
            let bytes = responses.reduce(0) { $0 + $1.byteCount }
            guard !responses.isEmpty, bytes <= maximumBytes else { return }
            state.clock += 1
            state.entries[key] = (responses, bytes, state.clock)
            state.bytes += bytes
            while state.bytes > maximumBytes,
                let oldest = state.entries.min(by: { $0.value.used < $1.value.used })?.key,
                let removed = state.entries.removeValue(forKey: oldest)
            {
                state.bytes -= removed.bytes
            }
        }
    }

    /// The bytes stored now.
    public var currentBytes: Int {
        state.withLock { $0.bytes }
    }
}
