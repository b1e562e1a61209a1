/// Compares an OpenAPI document with what Courier exports for the catalog imported from it.
///
/// The judge of an import is a round trip: the generated catalog's export must describe the same
/// API as the document, apart from the differences the ``ImportReport`` lists.
/// ``differences(original:exported:schemaRenames:)`` tells the API from the way a document
/// happens to write it:
///
/// - Both sides are read as OpenAPI 3.1: a 3.0 `nullable: true` allows `null`, a Boolean
///   `exclusiveMinimum` or `exclusiveMaximum` turns its `minimum` or `maximum` into the numeric
///   form, `format: byte` is `contentEncoding: base64`. Local `$ref`s (any JSON Pointer) are
///   followed, and each pair of schemas they lead to is compared once, which also ends a walk
///   through a recursive schema. A component schema referred to on both sides is matched by name
///   through the schema renames (another name is a difference at the component) and compared
///   structurally, as a `$ref` on one side and an inline schema on the other are.
/// - Operations are matched by method and path template, path parameters by position, so a
///   renamed path parameter is one difference of its own. `operationId`s are compared
///   lower-cased, letters and digits only. Other parameters are matched by location and name
///   (header names in any case), the path item's and the operation's together; `Accept`,
///   `Content-Type` and `Authorization` headers are left out on both sides, as OpenAPI says them
///   elsewhere. `required`, `style` and `explode` are compared with their defaults.
/// - Security is compared by what the schemes are (type, HTTP scheme, API key location and
///   name), not by their keys, as a set of alternatives in which `{}` means no credentials.
/// - Request bodies and responses are compared by media type and schema. The
///   `application/problem+json` answers Courier's exporter adds (400, 401, 404, 415) are not
///   differences where the document has no `application/problem+json` for that status; another
///   status only the export has is compared with the document's `4XX` or `default` response.
/// - Schemas are compared keyword by keyword, recursively; titles, descriptions, examples,
///   defaults, `readOnly`, `writeOnly`, `deprecated`, `externalDocs`, `xml` and `x-` keys are
///   left out. A format the export adds is not a difference, nor are an integer's `minimum` and
///   `maximum` that are exactly the bounds of its `int32`, `int64` or `uint64` format, nor
///   `null` allowed in the export by a property the document does not require. An `allOf`
///   against an export without one is the object of its members' properties, and a `type:
///   object` beside an `anyOf` or `oneOf` whose every member is an object says nothing more.
/// - A component schema no operation leads to is compared with the export's of its name, and is
///   a difference when the export has none.
///
/// ```swift
/// let differences = RoundTrip.differences(
///     original: try DocumentValue.parse(documentText), exported: try DocumentValue.parse(exportText),
///     schemaRenames: report.schemaRenames)
/// let unexplained = differences.filter { !report.allows(differenceAt: $0.pointer) }
/// ```
public enum RoundTrip {
    /// The differences between a document and the export of the catalog imported from it, in
    /// the order of the places they point at in the document; none when they describe the same
    /// API.
    ///
    /// - Parameters:
    ///   - original: The OpenAPI 3.0, 3.1 or 3.2 document that was imported.
    ///   - exported: The OpenAPI 3.1 document the generated catalog exports.
    ///   - schemaRenames: Component schema names the export spells differently: document name →
    ///     exported name (``ImportReport/schemaRenames``).
    /// - Returns: Each difference once, at its pointer into `original`.
    public static func differences(
        original: DocumentValue, exported: DocumentValue, schemaRenames: [String: String] = [:]
    ) -> [RoundTripDifference] {
        var comparison = RoundTripComparison(
            original: original, exported: exported, schemaRenames: schemaRenames)
        comparison.compareOperations()
        comparison.compareUnreachedComponentSchemas()
        return DocumentOrder(original).sorted(comparison.differences)
    }
}
