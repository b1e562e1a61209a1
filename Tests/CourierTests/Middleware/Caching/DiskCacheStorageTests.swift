import Foundation
import Testing

@testable import Courier

@Suite struct DiskCacheStorageTests {
    static func directory() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("courier-cache-\(UUID().uuidString)")
    }

    static let response = CachedResponse(
        status: .ok,
        headers: [
            HeaderField(name: .etag, value: "\"v1\""), HeaderField(name: .contentType, value: "text/plain"),
        ],
        body: Data("hello".utf8), url: URL(string: "https://api.example.com/a"),
        requestDate: Date(timeIntervalSince1970: 1_000), responseDate: Date(timeIntervalSince1970: 1_001),
        varyDigests: ["accept": String(repeating: "a", count: 64)],
        credentialDigest: String(repeating: "c", count: 64))

    static let key = String(repeating: "0", count: 64)

    @Test func anEntryReadsBackInANewStorageOnTheSameDirectory() async throws {
        let directory = Self.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        await DiskCacheStorage(directory: directory).store([Self.response], forKey: Self.key)
        let reopened = DiskCacheStorage(directory: directory)
        #expect(await reopened.responses(forKey: Self.key) == [Self.response])
        #expect(reopened.currentBytes > Self.response.body.count)
        let names = try FileManager.default.contentsOfDirectory(atPath: directory.path)
        #expect(names == ["\(Self.key).cache"])
    }

    @Test func aTornOrChangedEntryReadsAsNothingAndIsRemoved() async throws {
        let directory = Self.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let storage = DiskCacheStorage(directory: directory)
        await storage.store([Self.response], forKey: Self.key)
        let file = directory.appendingPathComponent("\(Self.key).cache")
        let whole = try Data(contentsOf: file)
        try whole.prefix(whole.count - 7).write(to: file)
        #expect(await DiskCacheStorage(directory: directory).responses(forKey: Self.key).isEmpty)
        #expect(!FileManager.default.fileExists(atPath: file.path))
        var flipped = whole
        flipped[flipped.count - 1] ^= 0xff
        try flipped.write(to: file)
        #expect(await DiskCacheStorage(directory: directory).responses(forKey: Self.key).isEmpty)
    }

    @Test func entryFilesCheckMagicLengthAndChecksum() {
        let entry = DiskCacheStorage.entry(Data("payload".utf8))
        #expect(DiskCacheStorage.payload(of: entry) == Data("payload".utf8))
        #expect(DiskCacheStorage.payload(of: entry.dropLast()) == nil)
        #expect(DiskCacheStorage.payload(of: entry + Data([0])) == nil)
        #expect(DiskCacheStorage.payload(of: Data("CourierCache2\n".utf8) + entry.dropFirst(14)) == nil)
    }

    @Test func theLeastRecentlyUsedFileGoesFirstPastTheBound() async throws {
        let directory = Self.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let probe = DiskCacheStorage(directory: Self.directory())
        await probe.store([Self.response], forKey: "probe")
        let size = probe.currentBytes
        try? FileManager.default.removeItem(at: probe.directory)
        let storage = DiskCacheStorage(directory: directory, maximumBytes: size * 2)
        await storage.store([Self.response], forKey: "a")
        await storage.store([Self.response], forKey: "b")
        _ = await storage.responses(forKey: "a")
        await storage.store([Self.response], forKey: "c")
        #expect(await storage.responses(forKey: "b").isEmpty)
        #expect(await storage.responses(forKey: "a").count == 1)
        #expect(await storage.responses(forKey: "c").count == 1)
        #expect(storage.currentBytes == size * 2)
    }

    @Test func anUpdateThatChangesNothingWritesNothing() async throws {
        let directory = Self.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let probe = DiskCacheStorage(directory: Self.directory())
        await probe.store([Self.response], forKey: "probe")
        let size = probe.currentBytes
        try? FileManager.default.removeItem(at: probe.directory)
        let storage = DiskCacheStorage(directory: directory, maximumBytes: size * 2)
        await storage.store([Self.response], forKey: "a")
        await storage.store([Self.response], forKey: "b")
        await storage.update(forKey: "a") { $0.removeAll { $0.status != .ok } }
        // "a" was not written again: it is still the least recently used key, and goes first.
        await storage.store([Self.response], forKey: "c")
        #expect(await storage.responses(forKey: "a").isEmpty)
        #expect(await storage.responses(forKey: "b").count == 1)
    }

    @Test func noCredentialOrURLQueryReachesTheDisk() async throws {
        let directory = Self.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        var cache = HTTPCacheMiddleware(storage: DiskCacheStorage(directory: directory))
        cache.now = { Date(timeIntervalSince1970: 1_000) }
        let request = EndpointRequest(
            method: .get, pathSegments: ["me"], query: [QueryItem(name: "sig", value: "query-secret")],
            headers: [HeaderField(name: .authorization, value: "Bearer header-secret")], body: nil)
        _ = try await cache.intercept(request, baseURL: exampleBase) { _, _ in
            RawResponse(
                status: .ok, headers: [HeaderField(name: .cacheControl, value: "private, max-age=60")],
                body: Data("profile".utf8), url: URL(string: "https://api.example.com/me?sig=query-secret"))
        }
        let files = try FileManager.default.contentsOfDirectory(
            at: directory, includingPropertiesForKeys: nil)
        #expect(files.count == 1)
        let bytes = try Data(contentsOf: try #require(files.first))
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(text.contains("profile"))
        #expect(!text.contains("header-secret"))
        #expect(!text.contains("query-secret"))
    }
}
