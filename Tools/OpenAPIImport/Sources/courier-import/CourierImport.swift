import ArgumentParser
import CourierOpenAPIImport
import Foundation

/// `courier-import`: imports an OpenAPI document as Courier declarations.
@main
struct CourierImport: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "courier-import",
        abstract: "Turns an OpenAPI 3.0, 3.1 or 3.2 document into Courier models, endpoints and a catalog.",
        subcommands: [Generate.self, Compare.self],
        defaultSubcommand: Generate.self)
}

/// Imports a document into a folder of Swift files.
struct Generate: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Writes Swift for a document: Models/, Endpoints/ and the namespace enum.")

    @Argument(help: "The OpenAPI document, JSON or YAML.")
    var document: String

    @Option(name: .shortAndLong, help: "The folder to write into, such as Sources/PetStore.")
    var output: String

    @Option(
        help:
            "The name of the enum listing the endpoints and servers, used as written (default: from info.title)."
    )
    var namespace: String?

    @Flag(help: "Declare everything internal instead of public.")
    var `internal` = false

    @Flag(help: "Replace the Models and Endpoints folders and the namespace file of an earlier import.")
    var replace = false

    @Option(help: "Write the report as JSON to this file.")
    var report: String?

    @Flag(help: "Do not run swift-format on the written files.")
    var noFormat = false

    @Option(help: "The swift-format configuration (default: the nearest .swift-format above the output).")
    var formatConfiguration: String?

    func validate() throws {
        if let namespace {
            do {
                try OpenAPIImporter.check(namespace: namespace)
            } catch {
                throw ValidationError(error.description)
            }
        }
    }

    func run() throws {
        let text = try String(contentsOfFile: document, encoding: .utf8)
        let result: ImportResult
        do {
            result = try OpenAPIImporter(namespace: namespace, isPublic: !self.internal).importDocument(text)
        } catch {
            // A document's fault, not the command line's: said without the usage text.
            throw ImportError("\(document): \(error.description)")
        }
        let folder = URL(fileURLWithPath: output, isDirectory: true)
        try prepare(folder, namespace: result.namespace)
        for file in result.files {
            let url = folder.appendingPathComponent(file.path)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(file.contents.utf8).write(to: url)
        }
        if let report {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
            try encoder.encode(result.report).write(to: URL(fileURLWithPath: report))
        }
        if !noFormat { try SwiftFormatRun(configuration: formatConfiguration).format(folder) }
        let counts = Dictionary(grouping: result.report.items, by: \.kind).mapValues(\.count)
        FileHandle.standardError.write(
            Data(
                ("courier-import: \(result.operationCount) endpoints, "
                    + "\(result.files.filter { $0.path.hasPrefix("Models/") }.count) models in \(output); report: "
                    + "\(counts[.notExpressed] ?? 0) not expressed, \(counts[.approximated] ?? 0) approximated, "
                    + "\(counts[.renamed] ?? 0) renamed\n").utf8))
    }

    /// Makes sure the folder holds no earlier import, or removes it with `--replace`.
    private func prepare(_ folder: URL, namespace: String) throws {
        let manager = FileManager.default
        let earlier = ["Models", "Endpoints", "\(namespace).swift"].map { folder.appendingPathComponent($0) }
            .filter { manager.fileExists(atPath: $0.path) }
        guard !earlier.isEmpty else { return }
        guard replace else {
            throw ValidationError(
                "\(output) already holds an import (\(earlier.map(\.lastPathComponent).joined(separator: ", "))); "
                    + "pass --replace to write it again.")
        }
        for url in earlier { try manager.removeItem(at: url) }
    }
}

/// Compares a document with the export of the catalog imported from it.
struct Compare: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Lists where a catalog's export differs from the document it was imported from.")

    @Argument(help: "The original document.")
    var original: String

    @Argument(help: "The document the generated catalog exported.")
    var exported: String

    @Option(help: "The import's report (JSON): differences it explains are allowed.")
    var report: String?

    func run() throws {
        let original = try DocumentValue.parse(String(contentsOfFile: self.original, encoding: .utf8))
        let exported = try DocumentValue.parse(String(contentsOfFile: self.exported, encoding: .utf8))
        var importReport = ImportReport()
        if let report {
            importReport = try JSONDecoder().decode(
                ImportReport.self, from: Data(contentsOf: URL(fileURLWithPath: report)))
        }
        let differences = RoundTrip.differences(
            original: original, exported: exported, schemaRenames: importReport.schemaRenames)
        let unexplained = differences.filter { !importReport.allows(differenceAt: $0.pointer) }
        print(
            "\(self.original): \(differences.count) differences, \(differences.count - unexplained.count) explained by the report, \(unexplained.count) not"
        )
        for difference in unexplained {
            print("  \(difference)")
        }
        if !unexplained.isEmpty { throw ExitCode.failure }
    }
}
