import Foundation
import Testing

@testable import CourierOpenAPIImport

@Suite struct SwiftFormatRunTests {
    /// A folder whose path starts with the working directory's path as text without being inside
    /// it (`/work/repo-format-…` beside `/work/repo`), which swift-format 6.3.1 misreads when it
    /// runs in that directory.
    private func folderBesideTheWorkingDirectory() throws -> URL {
        let folder = URL(
            fileURLWithPath: FileManager.default.currentDirectoryPath + "-format-" + UUID().uuidString,
            isDirectory: true)
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("Models"), withIntermediateDirectories: true)
        return folder
    }

    @Test func itFormatsAFolderWhosePathStartsWithTheWorkingDirectorysPath() throws {
        let folder = try folderBesideTheWorkingDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("Models/Pet.swift")
        try Data("struct Pet {\nvar name:String\n}\n".utf8).write(to: file)
        let configuration = folder.appendingPathComponent(".swift-format")
        try Data(#"{"version": 1, "indentation": {"spaces": 3}}"#.utf8).write(to: configuration)
        try SwiftFormatRun(configuration: configuration.path).format(folder)
        #expect(try String(contentsOf: file, encoding: .utf8) == "struct Pet {\n   var name: String\n}\n")
    }

    @Test func aFailureSaysWhereItsMessagesAreAndLeavesTheFilesAsWritten() throws {
        let folder = try folderBesideTheWorkingDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("Models/Pet.swift")
        try Data("struct Pet {}\n".utf8).write(to: file)
        let missing = folder.appendingPathComponent("missing.swift-format").path
        #expect {
            try SwiftFormatRun(configuration: missing).format(folder)
        } throws: { error in
            let description = (error as? ImportError)?.description ?? ""
            return description.hasPrefix("swift format failed with status 1 in ")
                && description.contains("its messages above say why")
        }
        #expect(try String(contentsOf: file, encoding: .utf8) == "struct Pet {}\n")
    }
}
