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
}
