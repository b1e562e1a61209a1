import Foundation

/// An endpoint's body: its properties, its component, whether it is a form, and whether that
/// form's arrays of objects need indexes.
struct RequestBodyDeclaration {
    var properties: [EndpointDeclaration.Property]
    var component: String
    var isForm = false
    var formNeedsIndexes = false
    /// Why no request of the operation could succeed (a required part that cannot be sent), in
    /// which case the operation is left out; `nil` for a body that is declared.
    var refusal: String?
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
                schema, media: media(content[chosen]), at: mediaPointer, endpoint: endpoint, scope: &scope,
                required: required,
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

    /// The Swift literal of a media type: `.octetStream` for bytes, else `MediaType("…")`.
    func mediaTypeLiteral(_ mediaType: String) -> String {
        mediaType == "application/octet-stream"
            ? ".octetStream" : "MediaType(\(ModelBuilder.stringLiteral(mediaType)))"
    }
}
