import Foundation

/// New files and directories only their owner can use, so from the moment they exist.
///
/// `FileManager.createFile(atPath:contents:attributes:)` writes a file with the default mode
/// (readable by everyone, under the usual umask) and changes it to the one asked for only
/// afterwards: in between, another user can open it and keep reading what is written to it.
/// `FileManager.createDirectory(at:withIntermediateDirectories:attributes:)` does the same with
/// each directory it makes, so another user can open one and list what is written into it.
enum OwnerOnlyFile {
    /// Creates the file at `url`, which must not exist yet, with mode 0600 in the same step, and
    /// returns a handle that writes it.
    ///
    /// - Throws: The `POSIXError` of `open(2)`: the file exists, the directory is missing or not
    ///   writable, and so on.
    static func create(at url: URL) throws -> FileHandle {
        let descriptor = url.withUnsafeFileSystemRepresentation { path -> Int32 in
            guard let path else { return -1 }
            return open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        }
        guard descriptor >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EINVAL) }
        return FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
    }

    /// Creates the directory at `url` and each missing directory above it, each with mode 0700
    /// in the same step; directories that exist are left as they are.
    ///
    /// - Throws: The `POSIXError` of `mkdir(2)`: a parent is not writable, a file has the name
    ///   of a directory to create, and so on.
    static func createDirectory(at url: URL) throws {
        var missing: [URL] = []
        var directory = url.standardizedFileURL
        while !FileManager.default.fileExists(atPath: directory.path) {
            missing.append(directory)
            let parent = directory.deletingLastPathComponent()
            guard parent.path != directory.path else { break }
            directory = parent
        }
        for directory in missing.reversed() {
            let result = directory.withUnsafeFileSystemRepresentation { path in path.map { mkdir($0, 0o700) }
            }
            guard let result else { throw POSIXError(.EINVAL) }
            // Another writer may have made it meanwhile.
            guard result == 0 || errno == EEXIST else {
                throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EINVAL)
            }
        }
    }
}
