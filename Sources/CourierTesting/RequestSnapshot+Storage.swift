import Courier
import Foundation

extension RequestSnapshot {
    /// The environment variable that makes ``verify(named:record:directory:filePath:)`` re-record.
    public static let recordEnvironmentVariable = "COURIER_RECORD_SNAPSHOTS"

    /// Checks the text against the golden file `<name>.http`, recording it when it is missing.
    ///
    /// The file lives in `__Snapshots__/<TestFileName>/` next to the calling test file, or in
    /// `directory` when one is given. Files hold `LF` line endings; a file checked out with `CRLF`
    /// still matches. Otherwise the comparison is exact.
    ///
    /// ```swift
    /// try RequestSnapshot(API.search("swift"), baseURL: base).verify(named: "search")
    /// ```
    ///
    /// - Parameters:
    ///   - name: The file name without the `.http` extension.
    ///   - record: Whether to overwrite the file; `COURIER_RECORD_SNAPSHOTS=1` (or `true`) turns it on.
    ///   - directory: The directory; by default `__Snapshots__/<TestFileName>/` beside `filePath`.
    ///   - filePath: The calling test file; leave the default.
    /// - Throws: ``RequestSnapshotFailure`` when the file was missing and is now recorded, when it
    ///   was re-recorded, or when it differs (with a line diff); a file-system error if the file
    ///   cannot be read or written.
    public func verify(
        named name: String, record: Bool = false, directory: URL? = nil, filePath: String = #filePath
    ) throws {
        let folder = directory ?? Self.defaultDirectory(forTestFile: filePath)
        let file = folder.appending(path: name + ".http")
        let recording = record || Self.isRecording(environment: ProcessInfo.processInfo.environment)
        let existing = try? String(contentsOf: file, encoding: .utf8)
        if recording || existing == nil {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try Data(text.utf8).write(to: file, options: .atomic)
            throw RequestSnapshotFailure(reason: existing == nil ? .recorded : .rerecorded, file: file)
        }
        let difference = RequestDifference(expected: Self.lineFeeds(existing ?? ""), actual: text)
        if !difference.isEmpty {
            throw RequestSnapshotFailure(reason: .mismatch, file: file, difference: difference)
        }
    }

    /// `__Snapshots__/<TestFileName>/` in the directory of `filePath`.
    static func defaultDirectory(forTestFile filePath: String) -> URL {
        let testFile = URL(filePath: filePath)
        return testFile.deletingLastPathComponent()
            .appending(path: "__Snapshots__")
            .appending(path: testFile.deletingPathExtension().lastPathComponent)
    }

    /// Whether `environment` asks to re-record snapshots: `COURIER_RECORD_SNAPSHOTS` is `1` or
    /// `true` (any case).
    static func isRecording(environment: [String: String]) -> Bool {
        guard let value = environment[recordEnvironmentVariable] else { return false }
        return ["1", "true"].contains(value.lowercased())
    }
}
