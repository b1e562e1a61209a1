import CourierTestSupport
import Foundation
import Testing

@testable import Courier

extension HTTPCacheStorage {
    /// Replaces the variants under `key` with `responses`, as the tests set a storage up.
    func store(_ responses: [CachedResponse], forKey key: String) async {
        await update(forKey: key) { $0 = responses }
    }
}

/// A ``MemoryCacheStorage`` whose next updates wait until the test releases them, so a test
/// decides in which order racing calls reach the storage.
private final class GatedStorage: HTTPCacheStorage {
    private struct State {
        var toHold = 0
        var held: [CheckedContinuation<Void, Never>] = []
    }

    let inner = MemoryCacheStorage()
    private let state = LockedValue(State())

    /// The next `count` updates wait for ``release()``.
    func hold(next count: Int) {
        state.withLock { $0.toHold = count }
    }

    /// The updates waiting now.
    var heldCount: Int { state.withLock { $0.held.count } }

    /// Lets every held update go on, in the order they arrived.
    func release() {
        for update in state.withLock({ state in
            defer { state.held = [] }
            return state.held
        }) {
            update.resume()
        }
    }

    func responses(forKey key: String) async -> [CachedResponse] {
        await inner.responses(forKey: key)
    }

    func update(forKey key: String, _ change: @escaping @Sendable (inout [CachedResponse]) -> Void) async {
        await withCheckedContinuation { continuation in
            let holds = state.withLock { state in
                guard state.toHold > 0 else { return false }
                state.toHold -= 1
                state.held.append(continuation)
                return true
            }
            if !holds { continuation.resume() }
        }
        await inner.update(forKey: key, change)
    }
}

@Suite struct HTTPCacheStorageTests {
    static func response(_ tag: Int) -> CachedResponse {
        CachedResponse(
            status: .ok, headers: [HeaderField(name: .etag, value: "\"\(tag)\"")], body: Data(), url: nil,
            requestDate: Date(timeIntervalSince1970: 0), responseDate: Date(timeIntervalSince1970: 0))
    }

    /// Appends 40 variants to one key from 40 tasks at once.
    static func appendConcurrently(to storage: any HTTPCacheStorage) async -> Set<CachedResponse> {
        await withTaskGroup(of: Void.self) { group in
            for tag in 0..<40 {
                group.addTask { await storage.update(forKey: "k") { $0.append(Self.response(tag)) } }
            }
        }
        return Set(await storage.responses(forKey: "k"))
    }

    @Test func concurrentUpdatesOfOneKeyInMemoryAreAllKept() async {
        let kept = await Self.appendConcurrently(to: MemoryCacheStorage())
        #expect(kept == Set((0..<40).map(Self.response)))
    }

    @Test func concurrentUpdatesOfOneKeyOnDiskAreAllKept() async {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "courier-cache-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let kept = await Self.appendConcurrently(to: DiskCacheStorage(directory: directory))
        #expect(kept == Set((0..<40).map(Self.response)))
    }

    @Test func anUpdateSeesWhatIsStoredAndAnEmptyResultRemovesTheKey() async {
        for storage: any HTTPCacheStorage in [
            MemoryCacheStorage(),
            DiskCacheStorage(
                directory: FileManager.default.temporaryDirectory.appendingPathComponent(
                    "courier-cache-\(UUID().uuidString)")),
        ] {
            let seen = LockedValue<[[CachedResponse]]>([])
            await storage.update(forKey: "k") { variants in
                seen.withLock { $0.append(variants) }
                variants = [Self.response(1)]
            }
            await storage.update(forKey: "k") { variants in
                seen.withLock { $0.append(variants) }
                variants = []
            }
            #expect(seen.withLock { $0 } == [[], [Self.response(1)]])
            #expect(await storage.responses(forKey: "k").isEmpty)
            if let disk = storage as? DiskCacheStorage {
                try? FileManager.default.removeItem(at: disk.directory)
            }
        }
    }

    // MARK: The cache's writes race

    static let t0 = HTTPDate.parse("Thu, 01 Dec 1994 16:00:00 GMT")!

    static func cache(_ storage: any HTTPCacheStorage) -> HTTPCacheMiddleware {
        var cache = HTTPCacheMiddleware(storage: storage)
        cache.now = { Self.t0 }
        return cache
    }

    static func get(language: String) -> EndpointRequest {
        EndpointRequest(
            method: .get, pathSegments: ["todos"], query: [],
            headers: [HeaderField(name: .acceptLanguage, value: language)], body: nil)
    }

    /// An origin that answers a `GET` with its `Accept-Language` as the body, fresh for a minute and
    /// varying on that field, and anything else with `204`; it counts what it is sent.
    final class LanguageOrigin: Sendable {
        let sent = LockedValue<[String]>([])

        var next: Middleware.Next {
            { request, _ in
                let language = request.headers[.acceptLanguage] ?? "-"
                self.sent.withLock { $0.append("\(request.method) \(language)") }
                guard request.method == .get else { return RawResponse(status: .noContent) }
                return RawResponse(
                    status: .ok,
                    headers: [
                        HeaderField(name: .date, value: HTTPDate.format(HTTPCacheStorageTests.t0)),
                        HeaderField(name: .cacheControl, value: "max-age=60"),
                        HeaderField(name: .vary, value: "Accept-Language"),
                    ],
                    body: Data(language.utf8))
            }
        }
    }

    @Test func twoVariantsStoredAtOnceAreBothKept() async throws {
        let storage = GatedStorage()
        let cache = Self.cache(storage)
        let origin = LanguageOrigin()
        // Both calls have read what is stored (nothing) before either writes: a read-modify-write
        // outside the storage would keep only the variant written last.
        storage.hold(next: 2)
        async let english = cache.intercept(Self.get(language: "en"), baseURL: exampleBase, next: origin.next)
        async let french = cache.intercept(Self.get(language: "fr"), baseURL: exampleBase, next: origin.next)
        try await waitUntil("both stores wait") { storage.heldCount == 2 }
        storage.release()
        _ = try await (english, french)
        for language in ["en", "fr"] {
            let again = try await cache.intercept(
                Self.get(language: language), baseURL: exampleBase, next: origin.next)
            #expect(again.body == Data(language.utf8) && again.cacheOutcome == .hit)
        }
        #expect(origin.sent.withLock { $0 }.count == 2)
    }

    @Test func anInvalidationIsNotUndoneByAStoreThatStartedBeforeIt() async throws {
        let storage = GatedStorage()
        let cache = Self.cache(storage)
        let origin = LanguageOrigin()
        _ = try await cache.intercept(Self.get(language: "en"), baseURL: exampleBase, next: origin.next)
        // The French answer arrives while English is stored; its store waits until a DELETE
        // has invalidated the URL.
        storage.hold(next: 1)
        async let french = cache.intercept(Self.get(language: "fr"), baseURL: exampleBase, next: origin.next)
        try await waitUntil("the French store waits") { storage.heldCount == 1 }
        let delete = EndpointRequest(
            method: .delete, pathSegments: ["todos"], query: [], headers: [], body: nil)
        _ = try await cache.intercept(delete, baseURL: exampleBase, next: origin.next)
        storage.release()
        _ = try await french
        // The English variant the DELETE invalidated stays gone (RFC 9111 §4.4): it goes to the
        // origin again. The French one, stored after the invalidation, answers.
        let english = try await cache.intercept(
            Self.get(language: "en"), baseURL: exampleBase, next: origin.next)
        #expect(english.cacheOutcome == .miss)
        let frenchAgain = try await cache.intercept(
            Self.get(language: "fr"), baseURL: exampleBase, next: origin.next)
        #expect(frenchAgain.cacheOutcome == .hit)
        #expect(origin.sent.withLock { $0 } == ["GET en", "GET fr", "DELETE -", "GET en"])
    }

    // MARK: The variant cap

    @Test func pastTheVariantCapTheVariantThatArrivedFirstGoes() async throws {
        let clock = LockedValue(Self.t0)
        var cache = HTTPCacheMiddleware(maximumVariants: 2)
        cache.now = { clock.withLock { $0 } }
        let origin = LanguageOrigin()
        for language in ["en", "fr", "de"] {
            _ = try await cache.intercept(
                Self.get(language: language), baseURL: exampleBase, next: origin.next)
            clock.withLock { $0 += 1 }
        }
        let key = CacheRules.key(url: try #require(exampleBase.absoluteString(for: Self.get(language: "en"))))
        #expect(await cache.storage.responses(forKey: key).map(\.body) == [Data("fr".utf8), Data("de".utf8)])
        var outcomes: [CacheOutcome?] = []
        for language in ["fr", "de", "en"] {
            outcomes.append(
                try await cache.intercept(
                    Self.get(language: language), baseURL: exampleBase, next: origin.next
                )
                .cacheOutcome)
        }
        #expect(outcomes == [.hit, .hit, .miss])
        #expect(HTTPCacheMiddleware().maximumVariants == 8)
        #expect(HTTPCacheMiddleware(maximumVariants: 0).maximumVariants == 1)
    }
}
