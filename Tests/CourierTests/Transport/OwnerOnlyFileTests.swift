import Foundation
import Testing

@testable import Courier

struct OwnerOnlyFileTests {
    /// Mode 0600 from the start, whatever the umask lets other files have; never over a file
    /// that exists.
    @Test func aFileIsTheOwnersAloneAndNeverReplacesAnother() throws {
        let url = FileManager.default.temporaryDirectory
            .appendingPathComponent("courier-owner-only-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: url) }
        let handle = try OwnerOnlyFile.create(at: url)
        try handle.write(contentsOf: Data("secret".utf8))
        try handle.close()
        let mode = try FileManager.default.attributesOfItem(atPath: url.path)[.posixPermissions] as? Int
        #expect(mode == 0o600)
        #expect(try Data(contentsOf: url) == Data("secret".utf8))
        #expect(throws: POSIXError.self) { try OwnerOnlyFile.create(at: url) }
        #expect(try Data(contentsOf: url) == Data("secret".utf8))
    }

    /// Each missing directory 0700, one that exists keeps its mode, and making an existing
    /// directory again is no error. (That the mode is 0700 from `mkdir(2)` on, with no moment at
    /// the umask's, shows only in a trace of the system calls.)
    @Test func missingDirectoriesAreTheOwnersAloneAndExistingOnesStayAsTheyAre() throws {
        let root = FileManager.default.temporaryDirectory
            .appendingPathComponent("courier-owner-only-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.createDirectory(
            at: root, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o755])
        let nested = root.appendingPathComponent("a/b")
        try OwnerOnlyFile.createDirectory(at: nested)
        try OwnerOnlyFile.createDirectory(at: nested)
        func mode(_ url: URL) throws -> Int? {
            try FileManager.default.attributesOfItem(atPath: url.path)[.posixPermissions] as? Int
        }
        #expect(try mode(root) == 0o755)
        #expect(try mode(root.appendingPathComponent("a")) == 0o700)
        #expect(try mode(nested) == 0o700)
        let file = root.appendingPathComponent("file")
        try Data().write(to: file)
        #expect(throws: POSIXError.self) {
            try OwnerOnlyFile.createDirectory(at: file.appendingPathComponent("c"))
        }
    }
}
