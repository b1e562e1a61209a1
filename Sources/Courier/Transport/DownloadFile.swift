import Foundation

/// A download on its way to disk: written to a temporary file beside the destination, and moved
/// into place only once the whole body arrived, so a failed or cancelled download never leaves a
/// partial file at the destination.
///
/// For a resumable download (a ``PartialDownload``), a body that continues the bytes held is
/// appended to them, and an interrupted body is kept for the next attempt instead of removed.
final class DownloadFile: Sendable {
    /// Where the finished body goes.
    let destination: URL
    private let temporary: URL
    private let handle: FileHandle
    /// The bytes held from earlier attempts, and what this response means for them.
    private let partial: (download: PartialDownload, plan: PartialDownload.Plan)?
    /// Whether the body was completed, kept or discarded: each happens once.
    private let isSettled = LockedValue(false)

    /// Creates the temporary file in the destination's directory, for a response with `status`
    /// and `headers`; throws for a response that cannot continue the bytes `partial` holds.
    init(
        destination: URL, partial: PartialDownload? = nil, status: HTTPStatus = .ok,
        headers: HeaderFields = []
    ) throws(CourierError) {
        self.destination = destination
        if let partial {
            let plan = partial.plan(status: status, headers: headers)
            switch plan {
            case .refuse(let reason):
                partial.remove()
                throw CourierError(
                    stage: .transport, kind: .invalidResponse,
                    message: reason + " The bytes kept to resume the download were removed.")
            case .whole:
                // A whole body replaces what earlier attempts kept.
                partial.remove()
            case .rest:
                // A retry of the same request asks from the same offset: drop what the
                // interrupted attempt appended since.
                guard let offset = partial.offset, Self.truncate(partial.file, to: offset) else {
                    throw Self.unwritable(destination, reason: "the bytes kept to resume it are gone")
                }
            }
            self.partial = (partial, plan)
        } else {
            self.partial = nil
        }
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

    /// The bytes held from earlier attempts that this body continues: they count towards a
    /// download's size limit.
    var heldBytes: Int64 {
        guard case .rest = partial?.plan else { return 0 }
        return partial?.download.offset ?? 0
    }

    /// Whether the download was asked to be resumable but its response cannot be resumed: it has
    /// no strong validator for `If-Range`, or it is content-coded.
    var cannotResume: Bool {
        partial?.plan == .whole(validator: nil)
    }

    /// Whether an interrupted body is kept for the next attempt (``keepForResumption()``).
    var isResumable: Bool {
        switch partial?.plan {
        case .whole(.some), .rest: true
        default: false
        }
    }

    /// Appends `data`.
    func write(_ data: Data) throws(CourierError) {
        do {
            try handle.write(contentsOf: data)
        } catch {
            throw Self.unwritable(destination, reason: "\(error)")
        }
    }

    /// Closes the file and renames it to the destination, atomically replacing what was there;
    /// the rest of a resumable download is first appended to the bytes held.
    func complete() throws(CourierError) -> URL {
        guard settle() else { throw Self.unwritable(destination, reason: "it was already settled") }
        do {
            try handle.close()
        } catch {
            remove(temporary)
            throw Self.unwritable(destination, reason: "\(error)")
        }
        var finished = temporary
        if let (download, plan) = partial, case .rest(let last, let completeLength) = plan {
            do {
                try Self.append(temporary, to: download.file)
            } catch {
                remove(temporary)
                throw Self.unwritable(destination, reason: "\(error)")
            }
            remove(temporary)
            // The body must end where its `Content-Range` says, whether or not that names the
            // complete length: a body cut short is kept to resume, one that ran past its range
            // cannot be trusted.
            let held = Self.size(of: download.file)
            if held > last + 1 {
                download.remove()
                throw CourierError(
                    stage: .transport, kind: .invalidResponse,
                    message: "The server sent the rest of the download past the end of its "
                        + "Content-Range (byte \(last)). The bytes kept to resume the download were removed.")
            }
            if held < last + 1 {
                throw CourierError(
                    stage: .transport, kind: .truncatedResponse,
                    message: "The server sent part of the rest of the download: \(held) of "
                        + "\(last + 1) bytes are kept to resume it.")
            }
            if let completeLength, held != completeLength {
                throw CourierError(
                    stage: .transport, kind: .truncatedResponse,
                    message: "The server sent part of the rest of the download: \(held) of "
                        + "\(completeLength) bytes are kept to resume it.")
            }
            finished = download.file
        }
        // rename(2) replaces an existing file in one step; FileManager's move refuses to.
        guard rename(finished.path, destination.path) == 0 else {
            let reason = String(cString: strerror(errno))
            remove(finished)
            throw Self.unwritable(destination, reason: reason)
        }
        return destination
    }

    /// Closes and removes the temporary file: the body is not wanted.
    func discard() {
        guard settle() else { return }
        try? handle.close()
        remove(temporary)
    }

    /// Gives up on an interrupted body: for a resumable download, keeps the bytes that arrived
    /// for the next attempt (with the validator they came with); otherwise removes them.
    func keepForResumption() {
        guard let (download, plan) = partial else { return discard() }
        guard settle() else { return }
        // On disk before the record says they are there.
        try? handle.synchronize()
        try? handle.close()
        switch plan {
        case .whole(let validator?):
            guard Self.size(of: temporary) > 0, rename(temporary.path, download.file.path) == 0 else {
                remove(temporary)
                return
            }
            if (try? download.record(validator: validator)) == nil { download.remove() }
        case .rest:
            if (try? Self.append(temporary, to: download.file)) == nil {
                // The bytes held may now end in a torn write: start over next time.
                download.remove()
            }
            remove(temporary)
        case .whole(nil), .refuse:
            remove(temporary)
        }
    }

    /// Marks the body settled; `false` when it already was.
    private func settle() -> Bool {
        isSettled.withLock { settled in
            defer { settled = true }
            return !settled
        }
    }

    private func remove(_ file: URL) {
        try? FileManager.default.removeItem(at: file)
    }

    /// Appends the bytes of `source` to `target`, a megabyte at a time.
    private static func append(_ source: URL, to target: URL) throws {
        let reader = try FileHandle(forReadingFrom: source)
        defer { try? reader.close() }
        let writer = try FileHandle(forWritingTo: target)
        defer { try? writer.close() }
        try writer.seekToEnd()
        while let chunk = try reader.read(upToCount: 1 << 20), !chunk.isEmpty {
            try writer.write(contentsOf: chunk)
        }
        try writer.synchronize()
    }

    /// Cuts `file` to `length` bytes; `false` when it holds fewer or cannot be changed.
    private static func truncate(_ file: URL, to length: Int64) -> Bool {
        guard size(of: file) >= length, let handle = try? FileHandle(forWritingTo: file) else { return false }
        defer { try? handle.close() }
        return (try? handle.truncate(atOffset: UInt64(length))) != nil
    }

    private static func size(of file: URL) -> Int64 {
        let size = try? FileManager.default.attributesOfItem(atPath: file.path)[.size] as? NSNumber
        return size?.int64Value ?? -1
    }

    private static func unwritable(_ destination: URL, reason: String) -> CourierError {
        CourierError(
            stage: .transport, kind: .downloadFileUnwritable,
            message: "The download could not be written to \(destination.path): \(reason)."
        )
    }
}
