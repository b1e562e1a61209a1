@testable import CourierOpenAPIImport

/// Imports `yaml` (the paths and components of a 3.1 document unless it has its own header).
func importing(_ yaml: String, version: String = "3.1.0") throws -> ImportResult {
    let text =
        yaml.hasPrefix("openapi:") ? yaml : "openapi: \(version)\ninfo: {title: Test, version: '1'}\n" + yaml
    return try OpenAPIImporter(namespace: "TestAPI").importDocument(text)
}

/// The contents of the generated file at `path`, or a sentence naming the files there are.
func file(_ result: ImportResult, _ path: String) -> String {
    result.files.first { $0.path == path }?.contents ?? "(no \(path) among \(result.files.map(\.path)))"
}

/// The report's items at `pointer`.
func reported(_ result: ImportResult, at pointer: String) -> [ImportReport.Item] {
    result.report.items.filter { $0.pointer == pointer }
}
