import Foundation

extension RoundTripComparison {
    /// The media type Courier's exporter adds to the answers of a request that is not the
    /// endpoint's.
    private static let problemJSON = "application/problem+json"

    /// Compares the request bodies of two matched operations: `required` (false when absent),
    /// the media types and each one's schema, and a form's `encoding`.
    mutating func compareRequestBodies(_ original: Operation, _ exported: Operation) {
        let site = original.operation.pointer
        let left = original.operation["requestBody"].flatMap {
            resolving($0, on: .original, reportingAt: $0.pointer)
        }
        let right = exported.operation["requestBody"].flatMap {
            resolving($0, on: .exported, reportingAt: site)
        }
        switch (left, right) {
        case (nil, nil): return
        case (let body?, nil): report(body.pointer, "a request body is in the document and not in the export")
        case (nil, _?): report(site, "a request body is in the export and not in the document")
        case (let body?, let counterpart?):
            let isRequired = body.value["required"]?.bool ?? false
            if isRequired != (counterpart.value["required"]?.bool ?? false) {
                let (document, export) = isRequired ? ("required", "optional") : ("optional", "required")
                report(
                    body.place("required"),
                    "the request body is \(document) in the document and \(export) in the export")
            }
            compareContent(body["content"], counterpart["content"], in: body, ignoring: [])
        }
    }

    /// Compares the responses of two matched operations by status key.
    ///
    /// The export's `application/problem+json` is left out of a status whose original response
    /// has none. An exported status the original lacks is no difference when it only has
    /// `application/problem+json`, and is otherwise compared with the original's response that
    /// covers it (`4XX`, else `default`).
    mutating func compareResponses(_ original: Operation, _ exported: Operation) {
        let left = original.operation["responses"]?.members ?? []
        let right = exported.operation["responses"]?.members ?? []
        let site = original.operation.pointer
        for (status, response) in left {
            guard let definition = resolving(response, on: .original, reportingAt: response.pointer) else {
                continue
            }
            if let counterpart = right.first(where: { $0.key.uppercased() == status.uppercased() }) {
                guard let exportedDefinition = resolving(counterpart.value, on: .exported, reportingAt: site)
                else { continue }
                compareResponse(definition, exportedDefinition)
            } else {
                report(response.pointer, "response \(status) is in the document and not in the export")
            }
        }
        for (status, response) in right
        where !left.contains(where: { $0.key.uppercased() == status.uppercased() }) {
            // A catalog's mismatch answers are problem+json, and have no content on HEAD.
            guard let exportedDefinition = resolving(response, on: .exported, reportingAt: site),
                !Self.isOnlyProblemJSON(exportedDefinition),
                !(exported.method.lowercased() == "head" && exportedDefinition.value["content"] == nil)
            else { continue }
            if let covering = coveringResponse(of: status, in: left) {
                if let definition = resolving(covering, on: .original, reportingAt: covering.pointer) {
                    compareResponse(definition, exportedDefinition)
                }
            } else {
                // At the responses' place even when the document has none (OpenAPI 3.1 lets an
                // operation leave them out), where the import reports the success it declared.
                report(
                    original.operation.pointer.appending("responses"),
                    "response \(status) is in the export and not in the document")
            }
        }
    }

    /// The original response that answers `status` when it has none of its own: its range's
    /// (`4XX`), else `default`.
    private func coveringResponse(of status: String, in responses: [(key: String, value: Located)])
        -> Located?
    {
        let range = status.count == 3 && status.allSatisfy(\.isNumber) ? "\(status.prefix(1))XX" : nil
        return responses.first { $0.key.uppercased() == range }?.value
            ?? responses.first { $0.key == "default" }?.value
    }

    private static func isOnlyProblemJSON(_ response: Located) -> Bool {
        let types = (response.value["content"]?.members?.keys ?? []).map(essence)
        return !types.isEmpty && types.allSatisfy { $0 == problemJSON }
    }

    private mutating func compareResponse(_ original: Located, _ exported: Located) {
        let types = (original.value["content"]?.members?.keys ?? []).map(Self.essence)
        let ignored: Set<String> = types.contains(Self.problemJSON) ? [] : [Self.problemJSON]
        compareContent(original["content"], exported["content"], in: original, ignoring: ignored)
    }

    /// Compares two `content` maps by media type (the essence, lower-cased), leaving `ignoring`
    /// out of the export's; `owner` is the object that holds the original's map, where a
    /// media type only the export has is reported when the original has no map.
    mutating func compareContent(
        _ original: Located?, _ exported: Located?, in owner: Located, ignoring: Set<String>
    ) {
        let left = original?.members ?? []
        let right = (exported?.members ?? []).filter { !ignoring.contains(Self.essence($0.key)) }
        let unmatchedLeft = left.filter { type in
            !right.contains { Self.essence($0.key) == Self.essence(type.key) }
        }
        let unmatchedRight = right.filter { type in
            !left.contains { Self.essence($0.key) == Self.essence(type.key) }
        }
        // One media type on each side that the other lacks is the same content under another
        // type (`application/merge-patch+json` sent as `application/json`): one difference, and
        // the schemas compared.
        if unmatchedLeft.count == 1, unmatchedRight.count == 1 {
            let (type, media) = unmatchedLeft[0]
            report(media.pointer, "media type \(type) is \(unmatchedRight[0].key) in the export")
            compareMedia(Self.essence(type), media, unmatchedRight[0].value)
        }
        let paired = unmatchedLeft.count == 1 && unmatchedRight.count == 1
        for (type, media) in left {
            if let counterpart = right.first(where: { Self.essence($0.key) == Self.essence(type) }) {
                compareMedia(Self.essence(type), media, counterpart.value)
            } else if !paired {
                report(media.pointer, "media type \(type) is in the document and not in the export")
            }
        }
        for (type, _) in right
        where !paired && !left.contains(where: { Self.essence($0.key) == Self.essence(type) }) {
            report(
                original?.pointer ?? owner.pointer,
                "media type \(type) is in the export and not in the document")
        }
    }

    /// `application/json` for `Application/JSON; charset=utf-8`.
    private static func essence(_ mediaType: String) -> String {
        String(mediaType.prefix { $0 != ";" }).trimmingCharacters(in: .whitespaces).lowercased()
    }

    /// Compares the schema of one media type, where no schema in the original matches an
    /// exported string of bytes, and a form's `encoding`.
    private mutating func compareMedia(_ type: String, _ original: Located, _ exported: Located) {
        // A media type may be a $ref (OpenAPI 3.2's components/mediaTypes): compared where it is
        // used, as the import reads it.
        guard let originalTarget = resolving(original, on: .original, reportingAt: original.pointer),
            let exportedTarget = resolving(exported, on: .exported, reportingAt: original.pointer)
        else { return }
        let original = Located(value: originalTarget.value, pointer: original.pointer)
        let exported = Located(value: exportedTarget.value, pointer: exported.pointer)
        switch (original["schema"], exported["schema"]) {
        case (let schema?, let counterpart?)
        where Self.isSentAsItIs(type) && schema.value["$ref"] != nil && counterpart.value["$ref"] == nil:
            // A text or bytes body is a String or Data of its own, which the export writes in
            // place: the schema the original refers to is compared, and its differences told, at
            // this use, not where the schema is declared for every other use.
            guard let target = resolving(schema, on: .original, reportingAt: schema.pointer) else { return }
            compareSchemas(Located(value: target.value, pointer: schema.pointer), counterpart)
        case (let schema?, let counterpart?): compareSchemas(schema, counterpart)
        case (let schema?, nil):
            report(schema.pointer, "the schema of \(type)", is: schema.value.phrase, "absent")
        case (nil, let counterpart?) where !Self.isBytes(counterpart.value):
            report(original.pointer, "the schema of \(type)", is: "absent", counterpart.value.phrase)
        default: break
        }
        if type == "application/x-www-form-urlencoded" || type == "multipart/form-data" {
            compareEncodings(type, original, exported)
        }
    }

    /// Whether a body of the media type `type` (an essence) is text or bytes sent as they are:
    /// no JSON, no form and no multipart.
    private static func isSentAsItIs(_ type: String) -> Bool {
        !(MediaTypeText.isJSON(type) || type == "application/x-www-form-urlencoded"
            || type.hasPrefix("multipart/"))
    }

    /// Whether `schema` says no more than bytes: any value, or a string with at most a format,
    /// content encoding and content media type.
    private static func isBytes(_ schema: DocumentValue) -> Bool {
        if SchemaNormaliser.acceptsAnything(schema) { return true }
        let keys = (schema.members?.keys ?? []).filter(SchemaNormaliser.isSignificant)
        return schema["type"]?.string == "string"
            && keys.allSatisfy { ["type", "format", "contentEncoding", "contentMediaType"].contains($0) }
    }

    /// Compares a form's `encoding` entries: for a URL-encoded form each field's `style` and
    /// `explode` where either side has an entry; for any form an entry's `contentType` where the
    /// original has one.
    private mutating func compareEncodings(_ type: String, _ original: Located, _ exported: Located) {
        let left = original["encoding"]?.members ?? []
        let right = exported["encoding"]?.members ?? []
        let isURLEncoded = type == "application/x-www-form-urlencoded"
        var names = left.map(\.key)
        if isURLEncoded { names += right.map(\.key).filter { !names.contains($0) } }
        for name in names {
            let entry = left.first { $0.key == name }?.value
            let counterpart = right.first { $0.key == name }?.value
            if isURLEncoded {
                compareFormStyle(
                    name, entry, counterpart, place: entry?.pointer ?? original.place("encoding"))
            }
            guard let contentType = entry?["contentType"] else { continue }
            let exportedType = counterpart?.value["contentType"]
            if Self.mediaTypeList(contentType.value) != Self.mediaTypeList(exportedType) {
                report(
                    contentType.pointer, "the content type of form field \(name)",
                    is: contentType.value.phrase,
                    exportedType.phrase)
            }
        }
    }

    /// Compares a URL-encoded field's `style` (`form` when absent) and `explode` (true for
    /// `form`, else false, when absent).
    private mutating func compareFormStyle(
        _ name: String, _ entry: Located?, _ counterpart: Located?, place: JSONPointer
    ) {
        let style = entry?.value["style"]?.string ?? "form"
        let exportedStyle = counterpart?.value["style"]?.string ?? "form"
        if style != exportedStyle {
            report(
                entry?.place("style") ?? place, "the style of form field \(name)", is: style, exportedStyle)
        }
        let explode = entry?.value["explode"]?.bool ?? (style == "form")
        let exportedExplode = counterpart?.value["explode"]?.bool ?? (exportedStyle == "form")
        if explode != exportedExplode {
            report(
                entry?.place("explode") ?? place, "explode of form field \(name)", is: "\(explode)",
                "\(exportedExplode)")
        }
    }

    /// The media types of an encoding's `contentType`, a comma-separated list.
    private static func mediaTypeList(_ value: DocumentValue?) -> Set<String> {
        Set((value?.string ?? "").split(separator: ",").map { essence(String($0)) })
    }
}
