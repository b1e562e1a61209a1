import Foundation

/// Runs `swift format` in place over the Swift files an import wrote into a folder.
///
/// It runs in that folder and names it `.`, wherever the importer was started: swift-format
/// 6.3.1 shortens the path of each file by the working directory's path taken as text, so run
/// from `/tmp/out` it looks for `/tmp/out2/Pet.swift` as `2/Pet.swift`, which is no file.
public struct SwiftFormatRun: Sendable {
    /// The `.swift-format` file, or `nil` for the nearest one above each formatted file.
    public let configuration: String?

    /// Creates a run with a configuration file, or without one. A relative path is read from
    /// the importer's working directory.
    public init(configuration: String? = nil) {
        self.configuration = configuration.map { URL(fileURLWithPath: $0).standardizedFileURL.path }
    }

    /// Formats every Swift file in `folder` and below, in place.
    ///
    /// - Throws: ``ImportError`` when `swift format` cannot start or fails; the files are then as
    ///   the importer wrote them.
    public func format(_ folder: URL) throws(ImportError) {
        let folder = folder.standardizedFileURL.resolvingSymlinksInPath()
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        var arguments = ["swift", "format", "format", "--in-place", "--recursive"]
        if let configuration { arguments += ["--configuration", configuration] }
        process.arguments = arguments + ["."]
        process.currentDirectoryURL = folder
        do {
            try process.run()
        } catch {
            throw ImportError("swift format could not start (\(error)); pass --no-format to skip formatting.")
        }
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            // Its own messages, above, say which file and why, with paths inside the folder.
            throw ImportError(
                "swift format failed with status \(process.terminationStatus) in \(folder.path); its messages "
                    + "above say why. A generated file it cannot parse is a fault of the importer: please report "
                    + "it. The files are left there as written, unformatted; pass --no-format to skip formatting."
            )
        }
    }
}
