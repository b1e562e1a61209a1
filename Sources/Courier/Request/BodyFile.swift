import Foundation

/// Checks on files that bodies stream from.
enum BodyFile {
    /// The length of a readable regular file.
    static func length(of url: URL) throws(CourierError) -> Int64 {
        guard url.isFileURL else {
            throw CourierError(
                stage: .building, kind: .bodyFileUnreadable,
                message: "A body file must be a file URL, not \(url.scheme ?? "a relative URL")."
            )
        }
        let attributes: [FileAttributeKey: Any]
        do {
            // Follows symbolic links: a link to a regular file is that file.
            attributes = try FileManager.default.attributesOfItem(atPath: url.resolvingSymlinksInPath().path)
        } catch {
            throw unreadable(url, underlying: error)
        }
        guard (attributes[.type] as? FileAttributeType) == .typeRegular,
            let size = (attributes[.size] as? NSNumber)?.int64Value,
            FileManager.default.isReadableFile(atPath: url.path)
        else {
            throw CourierError(
                stage: .building, kind: .bodyFileUnreadable,
                message: "The body file \(url.lastPathComponent) is not a readable regular file."
            )
        }
        return size
    }

    static func unreadable(_ url: URL, underlying: any Error) -> CourierError {
        CourierError(
            stage: .building, kind: .bodyFileUnreadable,
            message: "The body file \(url.lastPathComponent) cannot be read.", underlying: underlying
        )
    }
}
