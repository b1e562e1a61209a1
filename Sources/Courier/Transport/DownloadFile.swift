import Foundation

/// A download on its way to disk: written to a temporary file beside the destination, and moved
/// into place only once the whole body arrived, so a failed or cancelled download never leaves a
/// partial file at the destination.
final class DownloadFile: Sendable {
    /// Where the finished body goes.
    let destination: URL
    private let temporary: URL
    private let handle: FileHandle

    /// Creates the temporary file in the destination's directory.
    init(destination: URL) throws(CourierError) {
        self.destination = destination
        let directory = destination.deletingLastPathComponent()
        let temporary = directory.appendingPathComponent(".courier-download-\(UUID().uuidString)")
        guard
            FileManager.default.createFile(
                atPath: temporary.path, contents: nil, attributes: nil),
            let handle = try? FileHandle(forWritingTo: temporary)
        else {
            throw Self.unwritable(destination, reason: "its directory is missing or not writable")
        }
        self.temporary = temporary
        self.handle = handle
    }

    /// Appends `data`.
    func write(_ data: Data) throws(CourierError) {
        do {
            try handle.write(contentsOf: data)
        } catch {
            throw Self.unwritable(destination, reason: "\(error)")
        }
    }

    /// Closes the file and renames it to the destination, atomically replacing what was there.
    func complete() throws(CourierError) -> URL {
        do {
            try handle.close()
        } catch {
            discard()
            throw Self.unwritable(destination, reason: "\(error)")
        }
        // rename(2) replaces an existing file in one step; FileManager's move refuses to.
        guard rename(temporary.path, destination.path) == 0 else {
            let reason = String(cString: strerror(errno))
            discard()
            throw Self.unwritable(destination, reason: reason)
        }
        return destination
    }

    /// Closes and removes the temporary file.
    func discard() {
        try? handle.close()
        try? FileManager.default.removeItem(at: temporary)
    }

    private static func unwritable(_ destination: URL, reason: String) -> CourierError {
        CourierError(
            stage: .transport, kind: .downloadFileUnwritable,
            message: "The download could not be written to \(destination.path): \(reason)."
        )
    }
}
