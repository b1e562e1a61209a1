import Foundation

extension EndpointBuilder {
    /// A multipart form as a property per part: text parts as their type (a date or URL, or a
    /// union of strings, as `String`), sent as text; bytes as `Data` with their file name and
    /// content type; any other value (an object, or a part whose `encoding` says JSON) as a JSON
    /// part of its model.
    ///
    /// A part whose values would go as several parts of one name (an array) or be spread by an
    /// encoding's `style` is left out with a report item; when such a part is required, no
    /// request could succeed, and the body's ``RequestBodyDeclaration/refusal`` says why.
    mutating func multipartBody(
        _ schema: DocumentValue, media: DocumentValue?, at pointer: JSONPointer, endpoint: String,
        scope: inout NameScope, required: Bool, bodyPointer: JSONPointer, requiredPointer: JSONPointer
    ) -> RequestBodyDeclaration? {
        guard let (object, objectPointer) = try? document.resolved(schema, at: pointer.appending("schema")),
            let fields = object["properties"]?.members, !fields.isEmpty
        else {
            // The whole body is left out, so the export differs where the body is defined.
            models.report.add(
                bodyPointer, .notExpressed,
                "A multipart body without properties is left out: its parts are unknown.")
            return nil
        }
        if !required {
            models.report.add(
                requiredPointer, .approximated,
                "The multipart body is optional in the document and always sent in Swift.")
        }
        let tokens = objectPointer.tokens
        if tokens.count == 3, tokens[0] == "components", tokens[1] == "schemas" {
            if models.multipartBodies[tokens[2]] == nil { models.multipartBodies[tokens[2]] = endpoint }
        }
        let requiredFields = Set(object["required"]?.array?.compactMap(\.string) ?? [])
        if object["additionalProperties"] == .bool(false) {
            models.report.add(
                objectPointer.appending("additionalProperties"), .approximated,
                "No other parts are allowed, which the export does not say: a server ignores parts it does not declare."
            )
        }
        let encodings = media?["encoding"]?.members ?? .init()
        var parts: [String] = []
        var optionalParts = 0
        var properties: [EndpointDeclaration.Property] = []
        // Why each part that cannot be sent cannot; when the document requires one, no request
        // could succeed, and no model is made for the other parts.
        var reasons: [String: String] = [:]
        for (field, fieldSchema) in fields {
            let fieldPointer = objectPointer.appending("properties", field)
            let raw = (try? document.resolved(fieldSchema, at: fieldPointer))?.value ?? fieldSchema
            let encoding = encodings[field]
            let isScalarUnion =
                encoding?["contentType"]?.string.map(MediaTypeText.isJSON) != true
                && Self.isUnionOfScalars(raw, in: document, at: fieldPointer)
            reasons[field] =
                Self.unsentPartReason(raw, encoding: encoding)
                ?? (isScalarUnion
                    ? "is one of several kinds of value (a string, number or Boolean), which no Swift type sends as text"
                    : nil)
        }
        // A form's only part counts as required only when the body is: an optional body whose
        // one part cannot be sent is left out, not the operation.
        let unsent = fields.keys.filter {
            reasons[$0] != nil && (requiredFields.contains($0) || (fields.keys.count == 1 && required))
        }
        for (field, fieldSchema) in fields where unsent.isEmpty || reasons[field] != nil {
            let fieldPointer = objectPointer.appending("properties", field)
            let literal = ModelBuilder.stringLiteral(field)
            // A multipart body needs a part (RFC 2046): a form's only part is always sent.
            let isRequired = requiredFields.contains(field) || fields.keys.count == 1
            let encoding = encodings[field]
            let encodingPointer = pointer.appending("encoding", field)
            let partType = encoding?["contentType"]?.string
            reportPartHeaders(of: field, encoding, at: encodingPointer)
            let raw = (try? document.resolved(fieldSchema, at: fieldPointer))?.value ?? fieldSchema
            if let reason = reasons[field] {
                models.noteExtensions(of: raw, at: fieldPointer)
                if partType != nil {
                    models.report.add(
                        encodingPointer.appending("contentType"), .notExpressed,
                        "The content type of the part \(field) is not sent: the part is left out.")
                }
                models.report.add(
                    fieldPointer, .notExpressed,
                    "The part \(field) \(reason); it is left out"
                        + (isRequired ? ", and the document requires it." : "."))
                continue
            }
            if !requiredFields.contains(field), fields.keys.count == 1 {
                models.report.add(
                    fieldPointer, .approximated,
                    "The part \(field) is optional in the document and the form's only part: it is always sent in "
                        + "Swift, since a multipart body needs a part.")
            }
            if Self.isUnionOfStrings(raw, in: document, at: fieldPointer),
                partType.map(MediaTypeText.isJSON) != true
            {
                // Text on the wire whichever member it is: a String, not a union model.
                models.noteExtensions(of: raw, at: fieldPointer)
                models.report.add(
                    fieldPointer, .approximated,
                    "The part \(field), one of several strings, is a String in Swift, sent as text: the export "
                        + "calls it a string.")
                reportTextPartType(partType, of: field, at: encodingPointer)
                let name = models.claimMemberName(
                    field, in: &scope, at: fieldPointer, subject: "The part \(field)")
                properties.append(
                    .init(
                        name: name, type: "String", isOptional: !isRequired,
                        defaultValue: isRequired ? nil : "nil",
                        documentation: models.documentation(of: raw), codingKey: nil, constraints: []))
                if !isRequired { optionalParts += 1 }
                let declared = SwiftNames.declared(name)
                parts.append(
                    isRequired
                        ? ".text(\(literal), \(declared))" : "\(declared).map { .text(\(literal), $0) }")
                continue
            }
            let resolved = models.type(
                of: fieldSchema, at: fieldPointer, hint: endpoint + SwiftNames.typeName(field))
            let documentation = resolved.documentation
            // A part's string of a media type other than text is its bytes (OpenAPI 3.1); so is
            // one whose encoding names such a type.
            let contentMediaType = raw["contentMediaType"]?.string?.lowercased()
            let isStringOfBytes =
                resolved.type == .builtin("String")
                && (contentMediaType.map { !$0.hasPrefix("text/") }
                    ?? partType.map { !$0.lowercased().hasPrefix("text/") && !MediaTypeText.isJSON($0) }
                    ?? false)
            let isBytes = isStringOfBytes || resolved.type == .builtin("Data")
            if isBytes {
                let mediaType = contentMediaType ?? partType?.lowercased()
                // One concrete media type is the default; a wildcard or a list is no value to send.
                let isConcrete = mediaType.map(MediaTypeText.isConcrete) ?? false
                if let mediaType, mediaType != "application/octet-stream" {
                    // The export writes the media type of bytes a property fills as
                    // application/octet-stream, and their encoding's content type as any (*/*).
                    let (place, source, exported) =
                        contentMediaType != nil
                        ? (
                            fieldPointer.appending("contentMediaType"), "media type",
                            "application/octet-stream"
                        )
                        : (encodingPointer.appending("contentType"), "content type", "*/*")
                    models.report.add(
                        place, .approximated,
                        isConcrete
                            ? "The part's \(source) \(mediaType) is the default of its content type property, "
                                + "which the export writes as \(exported)."
                            : "The part's \(source) \(mediaType) is not one concrete media type; its content "
                                + "type property defaults to application/octet-stream.")
                }
                let declaredType = mediaTypeLiteral(isConcrete ? mediaType ?? "" : "application/octet-stream")
                let name = models.claimMemberName(
                    field, in: &scope, at: fieldPointer, subject: "The part \(field)")
                let filename = scope.claim(name + "Filename")
                let contentType = scope.claim(name + "ContentType")
                let (data, file, type) = (
                    SwiftNames.declared(name), SwiftNames.declared(filename), SwiftNames.declared(contentType)
                )
                // A part's lengths count its bytes; a pattern reads text, which bytes are not.
                let lengths = resolved.constraints.filter {
                    $0.hasPrefix(".minLength(") || $0.hasPrefix(".maxLength(")
                }
                models.reportUnchecked(
                    resolved.constraints.filter { !lengths.contains($0) }, at: fieldPointer,
                    because: "a file part is bytes, whose only limits are their lengths")
                // An optional file part is sent only when its bytes are set, with the file name
                // and content type set beside them.
                properties += [
                    .init(
                        name: name, type: "Data", isOptional: !isRequired,
                        defaultValue: isRequired ? nil : "nil",
                        documentation: documentation,
                        codingKey: nil, constraints: lengths),
                    .init(
                        name: filename, type: "String", isOptional: !isRequired,
                        defaultValue: isRequired ? nil : "nil",
                        documentation: isRequired
                            ? ["The file name of the \(field) part."]
                            : ["The file name of the \(field) part, sent with it when set."],
                        codingKey: nil, constraints: []),
                    .init(
                        name: contentType, type: "MediaType", isOptional: !isRequired,
                        defaultValue: isRequired ? (mediaType == nil ? nil : declaredType) : "nil",
                        documentation: isRequired
                            ? ["The content type of the \(field) part."]
                            : ["The content type of the \(field) part; `\(declaredType)` when `nil`."],
                        codingKey: nil, constraints: []),
                ]
                if isRequired {
                    parts.append(".data(\(literal), \(data), filename: \(file), contentType: \(type))")
                } else {
                    optionalParts += 1
                    parts.append(
                        "\(data).map { .data(\(literal), $0, filename: \(file), contentType: \(type) ?? "
                            + "\(declaredType)) }")
                }
            } else if isTextPart(resolved.type), partType.map(MediaTypeText.isJSON) != true {
                reportTextPartType(partType, of: field, at: encodingPointer)
                let name = models.claimMemberName(
                    field, in: &scope, at: fieldPointer, subject: "The part \(field)")
                // A date or URL is the text the document's format describes, which the caller
                // writes; any other value is sent as its parameter text (`ParameterValue`).
                let isString = isStringPart(resolved.type)
                let type =
                    isString && models.resolvedAlias(resolved.type) != .builtin("String")
                    ? "String" : resolved.type.text
                if isString, models.resolvedAlias(resolved.type) != .builtin("String") {
                    models.report.add(
                        fieldPointer, .approximated,
                        "The part \(field) of type \(resolved.type.text) is a String in Swift: a text part carries text."
                    )
                }
                properties.append(
                    .init(
                        name: name, type: type, isOptional: !isRequired,
                        defaultValue: isRequired ? nil : "nil",
                        documentation: documentation,
                        codingKey: nil,
                        constraints: resolved.constraints))
                let text = isString ? "" : ".parameterText"
                // An optional text part is sent only when it has a value.
                if !isRequired { optionalParts += 1 }
                parts.append(
                    isRequired
                        ? ".text(\(literal), \(SwiftNames.declared(name))\(text))"
                        : "\(SwiftNames.declared(name)).map { .text(\(literal), $0\(text)) }")
            } else {
                // Any other value is a JSON part of its model (the default for an object), with the
                // encoding's content type only when that is one JSON type.
                var essence = partType.map(MediaTypeText.essence) ?? "application/json"
                if !MediaTypeText.isConcrete(essence) || !MediaTypeText.isJSON(essence) {
                    models.report.add(
                        encodingPointer.appending("contentType"), .approximated,
                        "The part \(field) is sent as JSON of its model with the content type application/json, "
                            + "not \(essence), which is not one JSON type.")
                    essence = "application/json"
                }
                let contentType = essence == "application/json" ? ".json" : mediaTypeLiteral(essence)
                let name = models.claimMemberName(
                    field, in: &scope, at: fieldPointer, subject: "The part \(field)")
                models.reportUnchecked(
                    resolved.constraints, at: fieldPointer,
                    because: "a JSON part is checked by its model, not by limits of its own")
                models.report.add(
                    fieldPointer, .approximated,
                    "The part \(field) is sent as JSON (\(essence)), which the export describes as bytes of that "
                        + "type with the part's schema as their contentSchema.")
                properties.append(
                    .init(
                        name: name, type: resolved.type.text, isOptional: !isRequired,
                        defaultValue: isRequired ? nil : "nil",
                        documentation: documentation + ["Sent as a JSON part (`\(essence)`)."],
                        codingKey: nil, constraints: []))
                // A value that does not encode fails the request's building, naming the part.
                let typeArgument = contentType == ".json" ? "" : ", contentType: \(contentType)"
                if isRequired {
                    parts.append(".json(\(literal), \(SwiftNames.declared(name))\(typeArgument))")
                } else {
                    optionalParts += 1
                    parts.append(
                        "\(SwiftNames.declared(name)).map { .json(\(literal), $0\(typeArgument)) }")
                }
            }
        }
        if !unsent.isEmpty {
            return RequestBodyDeclaration(
                properties: [], component: "",
                refusal: "The multipart body's required "
                    + (unsent.count == 1
                        ? "part \(unsent[0]) cannot" : "parts \(unsent.joined(separator: ", ")) cannot")
                    + " be sent (at \(objectPointer.appending("properties")))")
        }
        guard !parts.isEmpty else {
            if required {
                return RequestBodyDeclaration(
                    properties: [], component: "",
                    refusal: "No part of the required multipart body can be sent (at \(objectPointer))")
            }
            models.report.add(
                bodyPointer, .notExpressed,
                "No part of the multipart body can be sent, so the body is left out.")
            return nil
        }
        if optionalParts == parts.count {
            // A multipart body needs a part (RFC 2046); Courier refuses an empty one when the
            // request is built, before anything is sent.
            models.report.add(
                objectPointer, .approximated,
                "Every part of the form is optional; a call that sets none fails when its request is built, "
                    + "since a multipart body needs a part.",
                changesExport: false)
        }
        guard optionalParts > 0 else {
            return RequestBodyDeclaration(
                properties: properties, component: "Body.multipart(" + parts.joined(separator: ", ") + ")")
        }
        return RequestBodyDeclaration(
            properties: properties,
            component: "Body.multipart(parts: [" + parts.joined(separator: ", ") + "].compactMap { $0 })")
    }

    /// Why a part of schema `schema` (resolved) with the `encoding` entry cannot be sent, or
    /// `nil` when it can: an array goes as a part per element, all of one name, which a catalog
    /// endpoint cannot tell apart (unless its encoding says JSON); an object or array spread by
    /// a `style` goes as parts the importer does not write; an object of a content type other
    /// than JSON has no writer.
    static func unsentPartReason(_ schema: DocumentValue, encoding: DocumentValue?) -> String? {
        let types = SchemaNormaliser.typeNames(schema["type"]) ?? []
        let isArray = types.contains("array") || (types.isEmpty && schema["items"] != nil)
        let isObject = types.contains("object") || (types.isEmpty && schema["properties"] != nil)
        guard isArray || isObject else { return nil }
        let partType = encoding?["contentType"]?.string
        if partType == nil,
            let style = encoding?["style"]?.string ?? encoding?["explode"].map({ _ in "form" })
        {
            return "is spread into parts by its encoding's style \(style), which the importer does not write"
        }
        if let partType, MediaTypeText.isJSON(partType) { return nil }
        if isArray {
            return "is an array, whose items go as parts of one name"
                + (partType.map { " (each \($0))" } ?? "")
                + ", which an endpoint of a catalog cannot tell apart: declare it by hand with "
                + "Body.multipart(parts:)"
        }
        return partType.map { "is an object sent as \($0), which the importer has no writer for" }
    }

    /// Whether `schema` (resolved) is a union (`anyOf` or `oneOf`) whose every member is a
    /// string (a string, an enum of strings or a string `const`): text on the wire whichever it is.
    static func isUnionOfStrings(
        _ schema: DocumentValue, in document: SourceDocument, at pointer: JSONPointer
    )
        -> Bool
    {
        unionMemberKinds(schema, in: document, at: pointer)?.allSatisfy { $0 == "string" } == true
    }

    /// Whether `schema` (resolved) is a union whose members are scalars of more than one kind
    /// (`anyOf [string, integer]`): a union model in Swift, which has no text to send.
    static func isUnionOfScalars(
        _ schema: DocumentValue, in document: SourceDocument, at pointer: JSONPointer
    )
        -> Bool
    {
        guard let kinds = unionMemberKinds(schema, in: document, at: pointer) else { return false }
        return kinds.allSatisfy { $0 != "other" } && kinds.contains { $0 != "string" }
    }

    /// The kind of each member of `schema`'s `anyOf` or `oneOf` (resolved): `string` (a string,
    /// an enum of strings or a string `const`), `scalar` (a number, integer or Boolean) or
    /// `other`; a `null` member is left out. `nil` when `schema` is no such union.
    private static func unionMemberKinds(
        _ schema: DocumentValue, in document: SourceDocument, at pointer: JSONPointer
    ) -> [String]? {
        guard schema["properties"] == nil, schema["items"] == nil else { return nil }
        for keyword in ["anyOf", "oneOf"] {
            guard let members = schema[keyword]?.array, !members.isEmpty else { continue }
            return members.enumerated().compactMap { offset, member in
                let place = pointer.appending(keyword, String(offset))
                guard let value = (try? document.resolved(member, at: place))?.value else { return "other" }
                if let cases = value["enum"]?.array {
                    return cases.allSatisfy { $0.string != nil } ? "string" : "other"
                }
                if let constant = value["const"] { return constant.string != nil ? "string" : "other" }
                let types = Set(SchemaNormaliser.typeNames(value["type"]) ?? []).subtracting(["null"])
                if types.isEmpty, SchemaNormaliser.typeNames(value["type"]) == ["null"] { return nil }
                guard types.count == 1, value["properties"] == nil, value["items"] == nil else {
                    return "other"
                }
                if types == ["string"] { return "string" }
                return ["number", "integer", "boolean"].contains(types.first!) ? "scalar" : "other"
            }
        }
        return nil
    }

    /// Reports the `contentType` of a text part's encoding, which a text part does not send: it
    /// goes with no content type of its own, meaning `text/plain`.
    private mutating func reportTextPartType(_ partType: String?, of field: String, at pointer: JSONPointer) {
        guard let partType else { return }
        models.report.add(
            pointer.appending("contentType"), .approximated,
            "The text part \(field) is sent with no content type of its own, which means text/plain, not "
                + "\(partType) as the encoding says; the export names none.")
    }

    /// Reports the `headers` of a part's encoding, which a ``MultipartPart`` does not send.
    private mutating func reportPartHeaders(
        of field: String, _ encoding: DocumentValue?, at pointer: JSONPointer
    ) {
        guard let headers = encoding?["headers"]?.members, !headers.isEmpty else { return }
        models.report.add(
            pointer.appending("headers"), .notExpressed,
            "The headers of the part \(field) (\(headers.keys.joined(separator: ", "))) are not sent: a part "
                + "carries only its name, file name and content type.",
            changesExport: false)
    }

    /// Whether a part of this type is sent as text.
    private func isTextPart(_ type: SwiftType) -> Bool {
        switch models.resolvedAlias(type) {
        case .builtin(let name):
            ModelBuilder.textTypes.contains(name)
        case .named(let name):
            models.isEnumeration(name)
        default: false
        }
    }

    /// Whether a text part of this type is a `String` in Swift: a string, or a date or URL, which
    /// is no `ParameterValue`.
    private func isStringPart(_ type: SwiftType) -> Bool {
        [.builtin("String"), .builtin("Date"), .builtin("URL")].contains(models.resolvedAlias(type))
    }
}
