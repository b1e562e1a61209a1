import Foundation

/// What an import made: the files, and the report of what the Swift does not say as the
/// document does.
public struct ImportResult: Sendable {
    /// The name of the generated enum that lists the endpoints and servers.
    public var namespace: String
    /// The generated files, models first, then endpoints, then the namespace.
    public var files: [GeneratedFile]
    /// What could not be expressed exactly.
    public var report: ImportReport
    /// How many operations became endpoints.
    public var operationCount: Int
}
