/// An OpenAPI document being imported: its value, its version and its local references.
struct SourceDocument: Sendable {
    /// The OpenAPI versions the importer reads.
    enum Version: Sendable, Hashable {
        /// 3.0.x: `nullable`, boolean `exclusiveMinimum`.
        case openAPI30
        /// 3.1.x (and 3.2.x, read as 3.1): JSON Schema 2020-12, `type` arrays.
        case openAPI31
    }

    let root: DocumentValue
    let version: Version
    /// Whether the document is OpenAPI 3.2, read as 3.1 with its `query` and
    /// `additionalOperations` operations.
    let isOpenAPI32: Bool

    /// Reads the document's version.
    ///
    /// - Throws: ``ImportError`` for a Swagger 2.0 document, another version, or a value that is
    ///   not an object with `openapi` and `paths` or `webhooks` or `components`.
    init(_ root: DocumentValue) throws(ImportError) {
        guard root.members != nil else { throw ImportError("The document is not a JSON or YAML object.") }
        if root["swagger"] != nil {
            throw ImportError(
                "The document is Swagger 2.0; convert it to OpenAPI 3 first (for example with swagger2openapi)."
            )
        }
        guard let text = root["openapi"]?.string else {
            throw ImportError("The document has no `openapi` version string.")
        }
        isOpenAPI32 = text.hasPrefix("3.2")
        if text.hasPrefix("3.0.") || text == "3.0" {
            version = .openAPI30
        } else if text.hasPrefix("3.1") || isOpenAPI32 {
            version = .openAPI31
        } else {
            throw ImportError("OpenAPI \(text) is not supported: the importer reads 3.0, 3.1 and 3.2.")
        }
        self.root = root
    }

    /// The name of the component schema `reference` points to (`#/components/schemas/Name`).
    static func componentSchemaName(_ reference: String) -> String? {
        guard let pointer = JSONPointer(reference), reference.hasPrefix("#"),
            pointer.tokens.count == 3, pointer.tokens[0] == "components", pointer.tokens[1] == "schemas"
        else { return nil }
        return pointer.tokens[2]
    }

    /// Follows `$ref`s from `value` at `pointer` until a value without one, with the pointer of
    /// where it was found.
    ///
    /// - Throws: ``ImportError`` for a reference outside the document, to nowhere, or in a cycle.
    func resolved(_ value: DocumentValue, at pointer: JSONPointer) throws(ImportError) -> (
        value: DocumentValue, pointer: JSONPointer
    ) {
        var current = (value: value, pointer: pointer)
        var seen: Set<String> = []
        while let reference = current.value["$ref"]?.string {
            guard reference.hasPrefix("#") else {
                throw ImportError(
                    "\(current.pointer): the reference \(reference) is to another document; "
                        + "bundle the document first (for example with redocly bundle).")
            }
            guard seen.insert(reference).inserted else {
                throw ImportError("\(current.pointer): the reference \(reference) leads back to itself.")
            }
            guard let target = JSONPointer(reference), let next = root.value(at: target) else {
                throw ImportError("\(current.pointer): the reference \(reference) points to nothing.")
            }
            current = (next, target)
        }
        return current
    }
}
