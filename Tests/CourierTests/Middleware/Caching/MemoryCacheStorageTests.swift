import Foundation
import Testing

@testable import Courier

@Suite struct MemoryCacheStorageTests {
    static func response(bytes: Int) -> CachedResponse {
        CachedResponse(
            status: .ok, headers: [], body: Data(count: bytes), url: nil,
            requestDate: Date(timeIntervalSince1970: 0),
            responseDate: Date(timeIntervalSince1970: 0))
    }

    @Test func storesReplacesAndRemoves() async {
        let storage = MemoryCacheStorage()
        await storage.store([Self.response(bytes: 10)], forKey: "a")
        #expect(await storage.responses(forKey: "a") == [Self.response(bytes: 10)])
        await storage.store([Self.response(bytes: 20)], forKey: "a")
        #expect(await storage.responses(forKey: "a") == [Self.response(bytes: 20)])
        #expect(storage.currentBytes == Self.response(bytes: 20).byteCount)
        await storage.store([], forKey: "a")
        #expect(await storage.responses(forKey: "a").isEmpty)
        #expect(storage.currentBytes == 0)
    }

    @Test func theLeastRecentlyUsedKeyGoesFirstPastTheBound() async {
        let size = Self.response(bytes: 100).byteCount
        let storage = MemoryCacheStorage(maximumBytes: size * 2)
        await storage.store([Self.response(bytes: 100)], forKey: "a")
        await storage.store([Self.response(bytes: 100)], forKey: "b")
        _ = await storage.responses(forKey: "a")
        await storage.store([Self.response(bytes: 100)], forKey: "c")
        #expect(await storage.responses(forKey: "b").isEmpty)
        #expect(await storage.responses(forKey: "a").count == 1)
        #expect(await storage.responses(forKey: "c").count == 1)
        #expect(storage.currentBytes == size * 2)
    }

    @Test func anUpdateThatChangesNothingLeavesTheKeyAsRecentlyUsedAsItWas() async {
        let size = Self.response(bytes: 100).byteCount
        let storage = MemoryCacheStorage(maximumBytes: size * 2)
        await storage.store([Self.response(bytes: 100)], forKey: "a")
        await storage.store([Self.response(bytes: 100)], forKey: "b")
        await storage.update(forKey: "a") { $0.removeAll { $0.status != .ok } }
        await storage.store([Self.response(bytes: 100)], forKey: "c")
        #expect(await storage.responses(forKey: "a").isEmpty)
        #expect(await storage.responses(forKey: "b").count == 1)
        #expect(storage.currentBytes == size * 2)
    }

    @Test func anEntryLargerThanTheBoundIsNotStored() async {
        let storage = MemoryCacheStorage(maximumBytes: 50)
        await storage.store([Self.response(bytes: 100)], forKey: "a")
        #expect(await storage.responses(forKey: "a").isEmpty)
        #expect(storage.currentBytes == 0)
    }
}
