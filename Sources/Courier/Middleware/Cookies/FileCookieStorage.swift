import Foundation

/// Keeps a ``CookieJar``'s persistent cookies in a JSON file that only its owner can read.
///
/// Each save writes a new file beside the old one, flushes it to disk, and renames it into place
/// (`rename(2)`), so a crash leaves the old cookies or the new ones, never an empty or
/// half-written file. The directory is not flushed after the rename: a power loss right after a
/// save may bring back the cookies of the save before it. A missing file loads as no cookies; a
/// file that is not one this storage wrote is an error, not an empty jar.
///
/// ```swift
/// let file = FileManager.default.temporaryDirectory.appendingPathComponent("cookies.json")
/// let jar = try CookieJar(storage: FileCookieStorage(file: file))
/// ```
public struct FileCookieStorage: CookieStorage, Hashable {
    /// The file.
    public let file: URL

    /// A storage in `file`; its directory must exist.
    public init(file: URL) {
        self.file = file
    }

    /// The cookies in the file, or none when there is no file.
    public func load() throws -> [StoredCookie] {
        let data: Data
        do {
            data = try Data(contentsOf: file)
        } catch CocoaError.fileReadNoSuchFile {
            return []
        }
        return try JSONDecoder().decode(Saved.self, from: data).cookies
    }

    /// Writes `cookies` to a new file readable by its owner only, flushes it to disk, and renames
    /// it over the old.
    public func save(_ cookies: [StoredCookie]) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let data = try encoder.encode(Saved(cookies: cookies))
        let temporary = file.deletingLastPathComponent()
            .appendingPathComponent(".\(file.lastPathComponent).\(UUID().uuidString).tmp")
        let handle = try OwnerOnlyFile.create(at: temporary)
        do {
            // On disk before it takes the old file's name: a crash after the rename finds
            // the whole new file.
            defer { try? handle.close() }
            try handle.write(contentsOf: data)
            try handle.synchronize()
        } catch {
            try? FileManager.default.removeItem(at: temporary)
            throw error
        }
        guard rename(temporary.path, file.path) == 0 else {
            let code = errno
            try? FileManager.default.removeItem(at: temporary)
            throw POSIXError(POSIXErrorCode(rawValue: code) ?? .EIO)
        }
    }

    /// The file's content: a version, so a later format is refused rather than misread.
    private struct Saved: Codable {
        var version = 1
        var cookies: [StoredCookie]

        init(cookies: [StoredCookie]) { self.cookies = cookies }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            version = try container.decode(Int.self, forKey: .version)
            guard version == 1 else {
                throw DecodingError.dataCorruptedError(
                    forKey: .version, in: container,
                    debugDescription: "Cookie file version \(version) is not one this storage reads.")
            }
            cookies = try container.decode([StoredCookie].self, forKey: .cookies)
        }
    }
}
