import Foundation

/// An endpoint's body: its properties, its component, whether it is a form, and whether that
/// form's arrays of objects need indexes.
struct RequestBodyDeclaration {
    var properties: [EndpointDeclaration.Property]
    var component: String
    var isForm = false
    var formNeedsIndexes = false
}

extension EndpointBuilder {
    /// The body property and component: JSON first, then a form, multipart, text, then bytes of
    /// the first media type the document lists.
    mutating func requestBody(
        _ operation: DocumentValue, at pointer: JSONPointer, endpoint: String, scope: inout NameScope
    ) -> RequestBodyDeclaration? {
        guard let body = operation["requestBody"] else { return nil }
        guard let (value, bodyPointer) = try? document.resolved(body, at: pointer.appending("requestBody")),
            let content = value["content"]?.members, !content.isEmpty
        else {
            models.report.add(
                pointer.appending("requestBody"), .notExpressed,
                "The request body has no content the importer can read.")
            return nil
        }
        let required = value["required"]?.bool == true
        let mediaTypes = content.keys
        let chosen =
            mediaTypes.first(where: MediaTypeText.isJSON)
            ?? mediaTypes.first { $0.hasPrefix("application/x-www-form-urlencoded") }
            ?? mediaTypes.first { $0.hasPrefix("multipart/form-data") }
            ?? mediaTypes.first { $0.hasPrefix("text/") } ?? mediaTypes[0]
        for other in mediaTypes where other != chosen {
            models.report.add(
                bodyPointer.appending("content", other), .notExpressed,
                "Only \(chosen) is declared; \(other) is left out.")
        }
        let mediaPointer = bodyPointer.appending("content", chosen)
        let schema = media(content[chosen])?["schema"] ?? .object(.init())
        if MediaTypeText.isJSON(chosen) { reportMissingSchema(content[chosen], at: mediaPointer) }
        if chosen.hasPrefix("multipart/form-data") {
            return multipartBody(
                schema, at: mediaPointer, endpoint: endpoint, scope: &scope, required: required,
                bodyPointer: bodyPointer,
                requiredPointer: value["required"] == nil ? bodyPointer : bodyPointer.appending("required"))
        }
        let name = scope.claim("body")
        let documentation = value["description"]?.string.map(ModelBuilder.lines) ?? []

        func property(_ type: String, optional: Bool) -> [EndpointDeclaration.Property] {
            [
                .init(
                    name: name, type: type, isOptional: optional, defaultValue: optional ? "nil" : nil,
                    documentation: documentation, codingKey: nil, constraints: [])
            ]
        }
        func component(_ text: String, optional: Bool) -> String {
            optional ? "if let \(name) { \(text) }" : text
        }

        if MediaTypeText.isJSON(chosen) {
            let resolved = models.type(
                of: schema, at: mediaPointer.appending("schema"),
                hint: Self.hint(at: bodyPointer, or: endpoint + "Body"))
            models.reportUnchecked(resolved.constraints, at: mediaPointer.appending("schema"))
            if resolved.nullable {
                models.report.add(
                    mediaPointer.appending("schema"), .notExpressed,
                    "A body of null is not sent: the Swift body is optional, and nil sends none.")
            }
            let optional = !required
            // Another JSON type (`application/merge-patch+json`) is declared; the body sends JSON.
            let essence = MediaTypeText.essence(chosen)
            var lines = ["Body.json(\(name))"]
            if essence != "application/json" {
                if MediaTypeText.isValid(essence) {
                    lines.insert(
                        "Header.contentType(MediaType(\(ModelBuilder.stringLiteral(essence))))", at: 0)
                } else {
                    reportMediaType(chosen, at: mediaPointer)
                }
            }
            let block =
                !optional
                ? lines.joined(separator: "\n")
                : lines.count == 1
                    ? "if let \(name) { \(lines[0]) }"
                    : "if let \(name) {\n" + lines.map { "    " + $0 }.joined(separator: "\n") + "\n}"
            return RequestBodyDeclaration(
                properties: property(resolved.type.text, optional: optional), component: block)
        }
        if chosen.hasPrefix("application/x-www-form-urlencoded") {
            let resolved = models.type(
                of: schema, at: mediaPointer.appending("schema"),
                hint: Self.hint(at: bodyPointer, or: endpoint + "Form"))
            guard let model = resolved.type.modelName, models.isStructure(model) else {
                models.report.add(
                    bodyPointer, .notExpressed,
                    "A form body must be an object; this one (\(resolved.type.text)) is left out.")
                return nil
            }
            let needsIndexes = models.holdsArraysOfObjects(model)
            for (field, encoding) in media(content[chosen])?["encoding"]?.members ?? .init() {
                let style = encoding["style"]?.string ?? "form"
                let explode = encoding["explode"]?.bool ?? (style == "form")
                let isArray = models.propertyType(field, of: model).map {
                    if case .array = $0 { true } else { false }
                }
                // Objects are written with brackets (deepObject); arrays with the key repeated, or indexed.
                let written =
                    isArray == true ? (needsIndexes ? "indexed keys" : "the key repeated") : "brackets"
                // The export says deepObject only for an object of single values, and indexes.
                let matches =
                    isArray == true
                    ? (style == "form" && explode && !needsIndexes) || (style == "deepObject" && needsIndexes)
                    : style == "form" && explode && isArray == nil
                if !matches {
                    models.report.add(
                        mediaPointer.appending("encoding", field), .approximated,
                        "The field is written with \(written); the export names the style of that only for some shapes, "
                            + "not always \(style)\(explode ? "" : " without explode").")
                }
            }
            if let (form, formPointer) = try? document.resolved(schema, at: mediaPointer.appending("schema"))
            {
                let requiredFields = Set(form["required"]?.array?.compactMap(\.string) ?? [])
                let encodings = media(content[chosen])?["encoding"]?.members ?? .init()
                for (field, _) in form["properties"]?.members ?? .init() where encodings[field] == nil {
                    guard let type = models.propertyType(field, of: model), models.isObjectLike(type) else {
                        continue
                    }
                    models.report.add(
                        formPointer.appending("properties", field), .approximated,
                        "The object is written with brackets (\(field)[key]=…), not spread into the form as its default "
                            + "style would.")
                }
                for (field, _) in form["properties"]?.members ?? .init() {
                    guard case .array? = models.propertyType(field, of: model) else { continue }
                    if needsIndexes {
                        models.report.add(
                            formPointer.appending("properties", field), .approximated,
                            "The array is written with indexes, which the export describes as an object keyed by index."
                        )
                    } else if requiredFields.contains(field) {
                        models.report.add(
                            formPointer.appending("properties", field), .approximated,
                            "An empty array sends no pair, so the export does not list the field as required."
                        )
                    }
                }
            }
            let optional = !required
            if needsIndexes {
                models.report.add(
                    mediaPointer, .approximated,
                    "The form holds arrays of objects, which only indexed keys (items[0][name]=…) keep apart: "
                        + "every array of the endpoint is written with indexes.")
            }
            return RequestBodyDeclaration(
                properties: property(model, optional: optional),
                component: component("Body.form(\(name))", optional: optional), isForm: true,
                formNeedsIndexes: needsIndexes
            )
        }
        // Bytes or text, optional as the document says: a body that is not required is sent only
        // when set, which the catalog exports as not required.
        let optional = !required
        // A text body in another charset than UTF-8 is its bytes (below).
        let foreignCharset =
            chosen.hasPrefix("text/")
            ? MediaTypeText.charset(of: chosen).flatMap { $0 == "utf-8" ? nil : $0 } : nil
        let isText = chosen.hasPrefix("text/") && foreignCharset == nil
        reportUncheckedSchema(
            media(content[chosen])?["schema"], at: mediaPointer.appending("schema"),
            ofBody: isText ? "String" : "Data", isSent: true)
        if let charset = foreignCharset {
            // Courier writes and reads a text body's String as UTF-8: text in another charset is
            // the bytes the caller encodes.
            models.report.add(
                mediaPointer, .approximated,
                "The text body in charset \(charset) is its bytes in Swift (Data): encode the text in \(charset) "
                    + "yourself.")
            return RequestBodyDeclaration(
                properties: property("Data", optional: optional),
                component: component(
                    "Body.data(\(name), contentType: \(mediaTypeLiteral(chosen)))", optional: optional))
        }
        if isText {
            return RequestBodyDeclaration(
                properties: property("String", optional: optional),
                component: component(
                    chosen == "text/plain"
                        ? "Body.text(\(name))"
                        : "Body.text(\(name), contentType: \(mediaTypeLiteral(chosen)))",
                    optional: optional))
        }
        let literal = chosen.contains("*") ? ".octetStream" : mediaTypeLiteral(chosen)
        if chosen.contains("*") {
            models.report.add(
                mediaPointer, .approximated,
                "The body of any media type (\(chosen)) is sent as application/octet-stream.")
        }
        return RequestBodyDeclaration(
            properties: property("Data", optional: optional),
            component: component("Body.data(\(name), contentType: \(literal))", optional: optional))
    }

    /// Reports what the schema of a text or bytes body says that its `String` or `Data` (`type`)
    /// does not check: its limits, and a type other than a string, which the export calls a
    /// string.
    mutating func reportUncheckedSchema(
        _ schema: DocumentValue?, at pointer: JSONPointer, ofBody type: String, isSent: Bool
    ) {
        guard let schema else { return }
        let resolved = (try? document.resolved(schema, at: pointer))?.value
        let how = isSent ? "a text or bytes body is sent as it is" : "a text or bytes body is read as it is"
        let limits = ModelBuilder.limitKeywords.filter { resolved?[$0] != nil }
        models.reportUnchecked(limits, at: pointer, because: how)
        let others = (SchemaNormaliser.typeNames(resolved?["type"]) ?? []).filter {
            $0 != "string" && $0 != "null"
        }
        if !others.isEmpty {
            models.report.add(
                pointer, .notExpressed,
                "The type \(others.joined(separator: " or ")) is not checked: the body is \(type) in Swift, "
                    + "\(isSent ? "sent" : "read") as it is, which the export calls a string.")
        }
    }

    private func mediaTypeLiteral(_ mediaType: String) -> String {
        mediaType == "application/octet-stream"
            ? ".octetStream" : "MediaType(\(ModelBuilder.stringLiteral(mediaType)))"
    }

    /// A multipart form as a property per part: text parts as their type (a date or URL as
    /// `String`), sent as text, and other parts as `Data` with their file name and content type.
    private mutating func multipartBody(
        _ schema: DocumentValue, at pointer: JSONPointer, endpoint: String, scope: inout NameScope,
        required: Bool, bodyPointer: JSONPointer, requiredPointer: JSONPointer
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
        var parts: [String] = []
        var optionalParts = 0
        var properties: [EndpointDeclaration.Property] = []
        for (field, fieldSchema) in fields {
            let fieldPointer = objectPointer.appending("properties", field)
            let resolved = models.type(
                of: fieldSchema, at: fieldPointer, hint: endpoint + SwiftNames.typeName(field))
            let literal = ModelBuilder.stringLiteral(field)
            // A multipart body needs a part (RFC 2046): a form's only part is always sent.
            let isRequired = requiredFields.contains(field) || fields.keys.count == 1
            if !requiredFields.contains(field), fields.keys.count == 1 {
                models.report.add(
                    fieldPointer, .approximated,
                    "The part \(field) is optional in the document and the form's only part: it is always sent in "
                        + "Swift, since a multipart body needs a part.")
            }
            let documentation = resolved.documentation
            // A part's string of a media type other than text is its bytes (OpenAPI 3.1).
            let mediaType = (try? document.resolved(fieldSchema, at: fieldPointer))?.value[
                "contentMediaType"]?.string?.lowercased()
            let isBytes =
                resolved.type == .builtin("String") && mediaType.map { !$0.hasPrefix("text/") } == true
            switch isBytes ? .builtin("Data") : resolved.type {
            case .builtin("Data"):
                // One concrete media type is the default; a wildcard or a list is no value to send.
                let isConcrete = mediaType.map(MediaTypeText.isConcrete) ?? false
                if isBytes, let mediaType, mediaType != "application/octet-stream" {
                    models.report.add(
                        fieldPointer.appending("contentMediaType"), .approximated,
                        isConcrete
                            ? "The part's media type \(mediaType) is the default of its content type property, "
                                + "which the export writes as application/octet-stream."
                            : "The part's media type \(mediaType) is not one concrete media type; its content "
                                + "type property defaults to application/octet-stream.")
                }
                let name = models.claimMemberName(
                    field, in: &scope, at: fieldPointer, subject: "The part \(field)")
                let filename = scope.claim(name + "Filename")
                let contentType = scope.claim(name + "ContentType")
                let declaredType =
                    isBytes
                    ? mediaTypeLiteral(isConcrete ? mediaType ?? "" : "application/octet-stream") : nil
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
                        defaultValue: isRequired ? declaredType : "nil",
                        documentation: isRequired
                            ? ["The content type of the \(field) part."]
                            : [
                                "The content type of the \(field) part; `\(declaredType ?? ".octetStream")` when "
                                    + "`nil`."
                            ],
                        codingKey: nil, constraints: []),
                ]
                if isRequired {
                    parts.append(".data(\(literal), \(data), filename: \(file), contentType: \(type))")
                } else {
                    optionalParts += 1
                    parts.append(
                        "\(data).map { .data(\(literal), $0, filename: \(file), contentType: \(type) ?? "
                            + "\(declaredType ?? ".octetStream")) }")
                }
            case _ where isTextPart(resolved.type):
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
            default:
                models.report.add(
                    fieldPointer, .notExpressed,
                    "The part \(field) of type \(resolved.type.text) (JSON in a part) is left out: declare it by hand with MultipartPart.data."
                )
            }
        }
        guard !parts.isEmpty else { return nil }
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
