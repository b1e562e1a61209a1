import Foundation
import PackagePlugin

/// `swift package --allow-writing-to-package-directory import-openapi --target PetShelter openapi.yaml`:
/// runs `courier-import` on a document, writing into the target's folder.
///
/// Every argument after the target's is passed to `courier-import` as it is (`--replace`,
/// `--namespace`, `--report`, `--internal`).
@main
struct ImportOpenAPI: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        var extractor = ArgumentExtractor(arguments)
        guard let targetName = extractor.extractOption(named: "target").first else {
            throw ImportOpenAPIError("Name the target to write into: --target <name>.")
        }
        guard let target = try context.package.targets(named: [targetName]).first else {
            throw ImportOpenAPIError("The package has no target named \(targetName).")
        }
        let tool = try context.tool(named: "courier-import")
        var command = extractor.remainingArguments
        command += ["--output", target.directoryURL.path]
        if !command.contains("--format-configuration"),
            let configuration = Self.formatConfiguration(above: target.directoryURL)
        {
            command += ["--format-configuration", configuration.path]
        }
        let process = Process()
        process.executableURL = tool.url
        process.arguments = command
        process.currentDirectoryURL = context.package.directoryURL
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw ImportOpenAPIError("courier-import failed with status \(process.terminationStatus).")
        }
    }

    /// The nearest `.swift-format` in the folder or one above it.
    private static func formatConfiguration(above folder: URL) -> URL? {
        var current = folder
        while current.path != "/" {
            let candidate = current.appendingPathComponent(".swift-format")
            if FileManager.default.fileExists(atPath: candidate.path) { return candidate }
            current.deleteLastPathComponent()
        }
        return nil
    }
}

/// Why the plugin stopped, as a sentence.
struct ImportOpenAPIError: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) {
        self.description = description
    }
}
