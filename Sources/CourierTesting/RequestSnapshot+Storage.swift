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

/// The error ``RequestSnapshot/verify(named:record:directory:filePath:)`` throws: a snapshot was
/// recorded, re-recorded, or differs from the request.
///
/// Recording always throws, so a run that writes snapshots never passes.
public struct RequestSnapshotFailure: Error, Sendable, Hashable, CustomStringConvertible {
    /// Why the check failed.
    public enum Reason: Sendable, Hashable {
        /// There was no file; it now holds the request's text.
        case recorded
        /// Recording was on; the file now holds the request's text.
        case rerecorded
        /// The file differs from the request's text.
        case mismatch
    }

    /// Why the check failed.
    public let reason: Reason
    /// The golden file.
    public let file: URL
    /// The line diff from the file to the request, for a ``Reason/mismatch``.
    public let difference: RequestDifference?

    init(reason: Reason, file: URL, difference: RequestDifference? = nil) {
        self.reason = reason
        self.file = file
        self.difference = difference
    }

    /// A sentence saying what happened and what to do, with the diff for a mismatch.
    public var description: String {
        let path = file.path(percentEncoded: false)
        switch reason {
        case .recorded:
            return "Recorded a new snapshot at \(path); check it, then run the test again."
        case .rerecorded:
            return "Re-recorded the snapshot at \(path); check it, then run the test again "
                + "without COURIER_RECORD_SNAPSHOTS or record: true."
        case .mismatch:
            return "The request differs from the snapshot at \(path) (- snapshot, + request); "
                + "if the change is intended, re-record with COURIER_RECORD_SNAPSHOTS=1.\n"
                + (difference?.description ?? "")
        }
    }
}
