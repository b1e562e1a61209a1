extension RoundTripComparison {
    /// Compares a part of a multipart form that the export writes as JSON bytes (a string whose
    /// `contentMediaType` is JSON, with a `contentSchema`) where the original describes the value
    /// itself: one difference at the part, then the original against that content schema.
    /// Returns whether `original` and `exported` were such a pair.
    mutating func compareJSONPart(_ original: Located, _ exported: Located, nullableInExport: Bool) -> Bool {
        guard let content = exported["contentSchema"],
            let mediaType = exported.value["contentMediaType"]?.string, MediaTypeText.isJSON(mediaType),
            let target = resolved(original, on: .original),
            target.value["contentSchema"] == nil, target.value["contentMediaType"] == nil
        else { return false }
        report(
            original.pointer,
            "the part is \(mediaType) bytes in the export, whose contentSchema is the document's schema")
        compareSchemas(original, content, nullableInExport: nullableInExport)
        return true
    }
}
