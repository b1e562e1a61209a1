import Foundation

/// New files only their owner can read or write, so from the moment they exist.
///
/// `FileManager.createFile(atPath:contents:attributes:)` writes a file with the default mode
/// (readable by everyone, under the usual umask) and changes it to the one asked for only
/// afterwards: in between, another user can open it and keep reading what is written to it.
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
}
