import Foundation
import Testing

@testable import Courier

struct FileCookieStorageTests {
    let clock = CookieClock()

    func temporaryFile() throws -> URL {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("cookies-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return directory.appendingPathComponent("cookies.json")
    }

    @Test func persistentCookiesSurviveANewJarAndSessionCookiesDoNot() throws {
        let file = try temporaryFile()
        defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
        let storage = FileCookieStorage(file: file)
        let jar = try CookieJar(storage: storage, now: { self.clock.now })
        try jar.receive("kept=1; Max-Age=3600; Secure", from: url("https://x.test/"))
        try jar.receive("session=2", from: url("https://x.test/"))
        let again = try CookieJar(storage: storage, now: { self.clock.now })
        #expect(again.all.map(\.name) == ["kept"])
        #expect(again.all.first?.isSecure == true)
        clock.advance(by: 3_600)
        let later = try CookieJar(storage: storage, now: { self.clock.now })
        #expect(later.all.isEmpty)
    }

    @Test func aMissingFileIsAnEmptyJarAndTheFileIsTheOwnersOnly() throws {
        let file = try temporaryFile()
        defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
        let storage = FileCookieStorage(file: file)
        #expect(try storage.load().isEmpty)
        try storage.save([StoredCookie(name: "a", value: "1", domain: "x.test", created: clock.now)])
        let attributes = try FileManager.default.attributesOfItem(atPath: file.path)
        #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
        let leftovers = try FileManager.default.contentsOfDirectory(
            atPath: file.deletingLastPathComponent().path)
        #expect(leftovers == ["cookies.json"])
    }

    @Test func aFileOfAnotherFormatIsAnError() throws {
        let file = try temporaryFile()
        defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
        try Data(#"{"version":2,"cookies":[]}"#.utf8).write(to: file)
        #expect(throws: DecodingError.self) { try FileCookieStorage(file: file).load() }
    }
}
