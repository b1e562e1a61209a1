import Foundation
import Testing

@testable import Courier

/// How a ``CookieJar`` saves: changes made while a save writes are coalesced into one more save,
/// of the latest cookies.
struct CookieJarSavingTests {
    let clock = CookieClock()

    /// A storage that records the names each save writes and holds the first save until the test
    /// releases it.
    final class HoldingStorage: CookieStorage {
        let saves = LockedValue<[[String]]>([])
        let firstStarted = DispatchSemaphore(value: 0)
        let releaseFirst = DispatchSemaphore(value: 0)

        func load() throws -> [StoredCookie] { [] }

        func save(_ cookies: [StoredCookie]) throws {
            let isFirst = saves.withLock { saves in
                saves.append(cookies.map(\.name))
                return saves.count == 1
            }
            guard isFirst else { return }
            firstStarted.signal()
            releaseFirst.wait()
        }
    }

    @Test func changesMadeWhileASaveWritesEndInOneMoreSaveOfTheLatestCookies() throws {
        let storage = HoldingStorage()
        let jar = try CookieJar(storage: storage, now: { self.clock.now })
        let receivers = DispatchGroup()
        // Threads of their own: a receive that waits for the save blocks its thread.
        func receive(_ setCookie: String) {
            DispatchQueue.global().async(group: receivers) {
                _ = try? jar.receive(setCookie, from: url("https://x.test/"))
            }
        }
        receive("a=1; Max-Age=60")
        storage.firstStarted.wait()
        for name in ["b", "c", "d"] { receive("\(name)=1; Max-Age=60") }
        let end = Date().addingTimeInterval(30)
        while jar.changeCount < 4 && Date() < end { Thread.sleep(forTimeInterval: 0.001) }
        #expect(jar.changeCount == 4)
        storage.releaseFirst.signal()
        receivers.wait()
        // b, c and d arrive on three threads at once, in no fixed order.
        let saves = storage.saves.withLock { $0 }
        #expect(saves.count == 2)
        #expect(saves.first == ["a"])
        #expect(saves.last?.sorted() == ["a", "b", "c", "d"])
    }

    @Test func aChangeAfterACompletedSaveIsSavedAgain() throws {
        let storage = HoldingStorage()
        storage.releaseFirst.signal()
        let jar = try CookieJar(storage: storage, now: { self.clock.now })
        try jar.receive("a=1; Max-Age=60", from: url("https://x.test/"))
        try jar.receive("b=1; Max-Age=60", from: url("https://x.test/"))
        #expect(storage.saves.withLock { $0 } == [["a"], ["a", "b"]])
    }
}
