import Foundation

/// An ``HTTPCacheStorage`` in a directory, bounded in bytes: past the bound, the least recently
/// used keys go first.
///
/// Each key is one file, written whole to a temporary file and renamed into place, so a reader
/// sees the old entry or the new one, never a part. Each file carries its length and checksum:
/// one torn by a crash, or changed on disk, reads as nothing stored and is removed.
///
/// ```swift
/// let caches = FileManager.default.urls(for: .cachesDirectory, in: .userDomainMask)[0]
/// let directory = caches.appendingPathComponent("api-cache")
/// let cache = HTTPCacheMiddleware(storage: DiskCacheStorage(directory: directory, maximumBytes: 50_000_000))
/// ```
///
/// Copies share one index and one serial queue, on which every read and update runs in turn, off
/// the caller's thread: one storage is safe to share between tasks and clients, and every lookup,
/// of any key, waits for the writes queued before it. Create one storage per
/// directory and share it: two storages (in one process or two) may share a directory without
/// reading a torn entry, but their updates of one key are not serialised with each other, and each
/// keeps its own index, so together they may exceed the bound until either writes again. File
/// names are digests of method and URL; no request credential is written (``CachedResponse``).
public struct DiskCacheStorage: HTTPCacheStorage {
    /// The directory holding the entries; created when first written, with any missing directory
    /// above it, each usable by the owner only.
    public let directory: URL
    /// The most bytes of entry files the storage holds.
    public let maximumBytes: Int
    private let index = LockedValue(Index())
    /// Where the storage reads and writes files, one operation at a time.
    private let queue = DispatchQueue(label: "Courier.DiskCacheStorage")

    /// The files in the directory, read when the storage is first used, and when each key was
    /// last used.
    private struct Index: Sendable {
        var isLoaded = false
        var files: [String: (bytes: Int, used: Double)] = [:]
        var bytes = 0
        var clock: Double = 0
    }

    /// Creates a storage in `directory`, bounded by `maximumBytes` (a negative bound is 0).
    public init(directory: URL, maximumBytes: Int = 50_000_000) {
        self.directory = directory
        self.maximumBytes = max(0, maximumBytes)
    }

    /// The stored variants under `key`, or `[]` when none, or when the entry is torn (it is
    /// removed).
    public func responses(forKey key: String) async -> [CachedResponse] {
        await onQueue { read(key, markingUsed: true) }
    }

    /// Reads the variants under `key`, changes them and writes the result (to a temporary file
    /// renamed into place), all in one step on the storage's queue; then removes the least
    /// recently used files until the storage fits its bound. A change that leaves the variants
    /// as they were writes nothing, and the key stays as recently used as it was.
    public func update(
        forKey key: String, _ change: @escaping @Sendable (inout [CachedResponse]) -> Void
    ) async {
        await onQueue {
            let stored = read(key, markingUsed: false)
            var responses = stored
            change(&responses)
            guard responses != stored else { return }
            write(responses, forKey: key)
        }
    }

    /// Runs `work` on the storage's serial queue, off the caller's thread: file I/O blocks, and
    /// one queue makes every read-change-write of the storage one step.
    private func onQueue<Result: Sendable>(_ work: @escaping @Sendable () -> Result) async -> Result {
        await withCheckedContinuation { continuation in
            queue.async { continuation.resume(returning: work()) }
        }
    }

    /// The variants in `key`'s file, or `[]` when none, or when the file is torn (it is removed).
    private func read(_ key: String, markingUsed: Bool) -> [CachedResponse] {
        loadIndex()
        let file = url(forKey: key)
        guard let data = try? Data(contentsOf: file) else { return [] }
        guard let payload = Self.payload(of: data),
            let responses = try? PropertyListDecoder().decode([CachedResponse].self, from: payload)
        else {
            remove(key)
            return []
        }
        guard markingUsed else { return responses }
        index.withLock { index in
            guard index.files[key] != nil else { return }
            index.clock = max(index.clock + 1, Date().timeIntervalSince1970)
            index.files[key]?.used = index.clock
        }
        try? FileManager.default.setAttributes([.modificationDate: Date()], ofItemAtPath: file.path)
        return responses
    }

    /// Writes `responses` as `key`'s file, whole to a temporary file renamed into place; an empty
    /// list removes it.
    private func write(_ responses: [CachedResponse], forKey key: String) {
        guard !responses.isEmpty else {
            remove(key)
            return
        }
        let encoder = PropertyListEncoder()
        encoder.outputFormat = .binary
        guard let payload = try? encoder.encode(responses) else { return }
        let data = Self.entry(payload)
        guard data.count <= maximumBytes else {
            remove(key)
            return
        }
        let temporary = directory.appendingPathComponent("\(key).\(UUID().uuidString).tmp")
        do {
            // Readable by the owner only: a stored body may be an authenticated response's.
            try OwnerOnlyFile.createDirectory(at: directory)
            let handle = try OwnerOnlyFile.create(at: temporary)
            defer { try? handle.close() }
            try handle.write(contentsOf: data)
            guard rename(temporary.path, url(forKey: key).path) == 0 else {
                try? FileManager.default.removeItem(at: temporary)
                return
            }
        } catch {
            try? FileManager.default.removeItem(at: temporary)
            return
        }
        let evicted = index.withLock { index -> [String] in
            if let old = index.files[key] { index.bytes -= old.bytes }
            index.clock = max(index.clock + 1, Date().timeIntervalSince1970)
            index.files[key] = (data.count, index.clock)
            index.bytes += data.count
            var evicted: [String] = []
            while index.bytes > maximumBytes,
                let oldest = index.files.filter({ $0.key != key }).min(by: { $0.value.used < $1.value.used })
            {
                index.files[oldest.key] = nil
                index.bytes -= oldest.value.bytes
                evicted.append(oldest.key)
            }
            return evicted
        }
        for key in evicted { try? FileManager.default.removeItem(at: url(forKey: key)) }
    }

    /// The bytes of entry files the storage counts now.
    public var currentBytes: Int {
        loadIndex()
        return index.withLock { $0.bytes }
    }

    private func url(forKey key: String) -> URL {
        directory.appendingPathComponent("\(key).cache")
    }

    private func remove(_ key: String) {
        index.withLock { index in
            if let old = index.files.removeValue(forKey: key) { index.bytes -= old.bytes }
        }
        try? FileManager.default.removeItem(at: url(forKey: key))
    }

    /// Reads the directory once: the entry files with their sizes and modification dates, and
    /// removes temporary files a crash left behind (older than a minute, so none still written).
    private func loadIndex() {
        index.withLock { index in
            guard !index.isLoaded else { return }
            index.isLoaded = true
            let keys: [URLResourceKey] = [.fileSizeKey, .contentModificationDateKey]
            let files =
                (try? FileManager.default.contentsOfDirectory(
                    at: directory, includingPropertiesForKeys: keys)) ?? []
            for file in files {
                let values = try? file.resourceValues(forKeys: Set(keys))
                let modified = values?.contentModificationDate ?? Date(timeIntervalSince1970: 0)
                if file.pathExtension == "tmp" {
                    if modified.timeIntervalSinceNow < -60 { try? FileManager.default.removeItem(at: file) }
                    continue
                }
                guard file.pathExtension == "cache" else { continue }
                let bytes = values?.fileSize ?? 0
                index.files[file.deletingPathExtension().lastPathComponent] = (
                    bytes, modified.timeIntervalSince1970
                )
                index.bytes += bytes
            }
            index.clock = index.files.values.map(\.used).max() ?? 0
        }
    }

    // MARK: Entry files

    /// The first bytes of every entry file, naming its format.
    private static let magic = Data("CourierCache1\n".utf8)

    /// An entry file: the magic, the payload's length and FNV-1a checksum (8 bytes each, big
    /// endian), then the payload.
    static func entry(_ payload: Data) -> Data {
        var data = magic
        append(UInt64(payload.count), to: &data)
        append(checksum(payload), to: &data)
        data.append(payload)
        return data
    }

    /// The payload of an entry file, or `nil` when it is not whole: a wrong magic, length or
    /// checksum.
    static func payload(of data: Data) -> Data? {
        let headerLength = magic.count + 16
        guard data.count >= headerLength, data.prefix(magic.count) == magic else { return nil }
        let bytes = [UInt8](data.prefix(headerLength).suffix(16))
        let length = bytes[0..<8].reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
        let sum = bytes[8..<16].reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
        let payload = data.dropFirst(headerLength)
        guard UInt64(payload.count) == length, checksum(payload) == sum else { return nil }
        return Data(payload)
    }

    private static func append(_ value: UInt64, to data: inout Data) {
        for shift in stride(from: 56, through: 0, by: -8) {
            data.append(UInt8(truncatingIfNeeded: value >> UInt64(shift)))
        }
    }

    /// The 64-bit FNV-1a hash of `bytes`: it finds a torn or changed file, not a forged one.
    private static func checksum(_ bytes: Data) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes {
            hash ^= UInt64(byte)
            hash = hash &* 0x100_0000_01b3
        }
        return hash
    }
}
