import Foundation

/// An OpenAPI 3.1 description of a ``Catalog``, as JSON text.
///
/// ```swift
/// let catalog = try Catalog([GetTodo.self, CreateTodo.self])
/// let document = catalog.openAPIDocument(
///     title: "Todos", version: "1.0", servers: [try BaseURL(validating: "api.example.com")])
/// try document.json.write(toFile: "openapi.json", atomically: true, encoding: .utf8)
/// ```
///
/// The text is the same for the same catalog in every run: keys are sorted and indented by two
/// spaces, so a checked-in copy shows a change to the API as a diff.
public struct OpenAPIDocument: Sendable, Hashable, CustomStringConvertible {
    /// The document as pretty-printed JSON with sorted keys.
    public let json: String

    /// The JSON text.
    public var description: String { json }
}
