import Foundation

/// How ``URLSessionTransport`` uploads a body that is not all in memory: from one file, so
/// `URLSession` knows its length and streams it from disk.
enum BodyUpload {
    /// Upload this file; `isTemporary` when Courier made it and removes it afterwards.
    case file(URL, isTemporary: Bool)

    /// `nil` for no body or an in-memory one (sent as `httpBody`); a copy goes in `directory`.
    init?(
        _ body: RequestBody?, directory: URL = FileManager.default.temporaryDirectory
    ) throws(CourierError) {
        guard let body, body.isStreamed else { return nil }
        try body.checkFiles()
        if body.segments.count == 1, case .file(let url, _) = body.segments[0] {
            self = .file(url, isTemporary: false)
        } else {
            self = .file(try Self.spool(body, into: directory), isTemporary: true)
        }
    }

    func removeTemporaryFile() {
        if case .file(let url, true) = self {
            try? FileManager.default.removeItem(at: url)
        }
    }

    /// Copies the body into a new temporary file only its owner can read, 1 MiB at a time,
    /// stopping as soon as the task is cancelled (a deadline cancels it too).
    private static func spool(_ body: RequestBody, into directory: URL) throws(CourierError) -> URL {
        let url = directory.appendingPathComponent("courier-upload-\(UUID().uuidString)")
        do {
            let output = try OwnerOnlyFile.create(at: url)
            defer { try? output.close() }
            let input = body.makeInputStream()
            input.open()
            defer { input.close() }
            let size = 1 << 20
            let buffer = UnsafeMutablePointer<UInt8>.allocate(capacity: size)
            defer { buffer.deallocate() }
            while true {
                try Task.checkCancellation()
                let count = input.read(buffer, maxLength: size)
                if count < 0 { throw input.streamError ?? CocoaError(.fileReadUnknown) }
                if count == 0 { break }
                try output.write(contentsOf: Data(bytesNoCopy: buffer, count: count, deallocator: .none))
            }
        } catch is CancellationError {
            try? FileManager.default.removeItem(at: url)
            throw CourierError(stage: .transport, kind: .cancelled, message: "The request was cancelled.")
        } catch {
            try? FileManager.default.removeItem(at: url)
            throw CourierError(
                stage: .transport, kind: .bodyFileUnreadable,
                message: "The body could not be copied to a temporary file for upload.", underlying: error
            )
        }
        return url
    }
}
