import Foundation

/// Turns each operation of a document into a `CatalogEndpoint` declaration.
struct EndpointBuilder {
    static let methods = ["get", "put", "post", "delete", "options", "head", "patch", "trace"]

    var models: ModelBuilder
    private(set) var endpoints: [EndpointDeclaration] = []
    /// Parameter and property names with a `ParameterValue` conformance to add: enums used in a
    /// path.
    private(set) var parameterEnums: Set<String> = []

    init(models: ModelBuilder) {
        self.models = models
    }

    var document: SourceDocument { models.document }

    /// Declares an endpoint per operation, in document order.
    mutating func declareOperations() {
        for (path, item) in document.root["paths"]?.members ?? .init() {
            let itemPointer = JSONPointer(tokens: ["paths", path])
            var resolvedItem = item
            if item["$ref"] != nil {
                do {
                    resolvedItem = try document.resolved(item, at: itemPointer).value
                } catch {
                    models.report.add(itemPointer, .notExpressed, error.description)
                    continue
                }
            }
            for (key, _) in resolvedItem.members ?? .init()
            where !Self.methods.contains(key)
                && !["parameters", "summary", "description", "$ref"].contains(key)
                && !key.hasPrefix("x-")
            {
                models.report.add(
                    itemPointer.appending(key), .notExpressed,
                    key == "servers"
                        ? "Servers for one path are not expressed: every endpoint uses the client's base URL."
                        : "\(key) is not an operation Courier declares (OpenAPI 3.1 has no field for it in a catalog)."
                )
            }
            for method in Self.methods {
                guard let operation = resolvedItem[method] else { continue }
                declareOperation(
                    method: method, path: path, operation: operation, item: resolvedItem,
                    at: itemPointer.appending(method))
            }
        }
        if let webhooks = document.root["webhooks"]?.members, !webhooks.isEmpty {
            models.report.add(
                JSONPointer(tokens: ["webhooks"]), .notExpressed,
                "Webhooks are requests the API sends, not endpoints a client calls; they are not imported.")
        }
    }

    // MARK: - One operation

    private mutating func declareOperation(
        method: String, path: String, operation: DocumentValue, item: DocumentValue, at pointer: JSONPointer
    ) {
        let name = endpointName(method: method, path: path, operation: operation, at: pointer)
        var scope = NameScope(reserved: ["definition", "failureStatuses", "schemaConstraints"])
        var properties: [EndpointDeclaration.Property] = []
        var components: [String] = ["Method.\(method)"]

        // Parameters: the path item's, replaced by the operation's of the same name and place.
        // Each parameter with where it is defined and where the operation names it.
        var parameters: [(DocumentValue, JSONPointer, JSONPointer)] = []
        for (list, listPointer) in [
            (
                item["parameters"],
                JSONPointer(tokens: Array(pointer.tokens.dropLast())).appending("parameters")
            ),
            (operation["parameters"], pointer.appending("parameters")),
        ] {
            for (offset, parameter) in (list?.array ?? []).enumerated() {
                let parameterPointer = listPointer.appending(String(offset))
                // A shared parameter is reported where it is defined, once for every operation.
                guard let (value, definition) = try? document.resolved(parameter, at: parameterPointer) else {
                    models.report.add(
                        parameterPointer, .notExpressed, "The parameter's reference cannot be followed.")
                    continue
                }
                parameters.removeAll { $0.0["name"] == value["name"] && $0.0["in"] == value["in"] }
                parameters.append((value, definition, parameterPointer))
            }
        }

        // The path, segment by segment.
        var pathArguments: [String] = []
        var pathProperties: [String: String] = [:]
        for (parameter, parameterPointer, _) in parameters where parameter["in"]?.string == "path" {
            guard let wireName = parameter["name"]?.string else { continue }
            let property = pathProperty(
                parameter, wireName, at: parameterPointer, endpoint: name, scope: &scope)
            pathProperties[wireName] = property.name
            properties.append(property)
        }
        var literal: [String] = []
        for segment in path.split(separator: "/", omittingEmptySubsequences: true) {
            if segment.hasPrefix("{"), segment.hasSuffix("}"),
                let property = pathProperties[String(segment.dropFirst().dropLast())]
            {
                if !literal.isEmpty {
                    pathArguments.append(ModelBuilder.stringLiteral(literal.joined(separator: "/")))
                }
                literal = []
                pathArguments.append(property)
            } else if segment.contains("{") {
                models.report.add(
                    pointer, .notExpressed,
                    "The path segment \(segment) mixes parameters and text, which a Courier path cannot read back; the operation is left out."
                )
                return
            } else {
                literal.append(String(segment))
            }
        }
        if !literal.isEmpty {
            pathArguments.append(ModelBuilder.stringLiteral(literal.joined(separator: "/")))
        }
        if !pathArguments.isEmpty { components.append("Path(\(pathArguments.joined(separator: ", ")))") }

        // The body's properties come last, but its form decides how arrays are written.
        let body = requestBody(operation, at: pointer, endpoint: name, scope: &scope)
        let strategy = arrayStrategy(
            parameters.filter { $0.0["in"]?.string == "query" }.map(\.0),
            formNeedsIndexes: body?.formNeedsIndexes ?? false)
        if strategy != ".repeatedKey" { components.append("FormEncoding(arrays: \(strategy))") }

        // Query, header and cookie parameters.
        for (parameter, parameterPointer, entry) in parameters where parameter["in"]?.string != "path" {
            if let (property, component) = otherParameter(
                parameter, at: parameterPointer, entry: entry, endpoint: name, scope: &scope,
                strategy: strategy)
            {
                properties.append(property)
                components.append(component)
            }
        }

        // Credentials.
        let (securityProperties, securityComponents) = security(operation, at: pointer, scope: &scope)
        properties += securityProperties
        components += securityComponents

        // Responses: the success type and status, and the failures.
        let (success, successStatus, accept) = successResponse(operation, at: pointer, endpoint: name)
        if let accept { components.append("Header.accept(MediaType(\(ModelBuilder.stringLiteral(accept))))") }
        if let successStatus { components.append("SuccessStatus(\(successStatus))") }
        let failure = failures(operation, at: pointer, endpoint: name)

        if let body {
            properties += body.properties
            components.append(body.component)
        }

        for key in ["callbacks", "servers"] where operation[key] != nil {
            models.report.add(
                pointer.appending(key), .notExpressed,
                key == "servers"
                    ? "Servers for one operation are not expressed: the endpoint uses the client's base URL."
                    : "Callbacks are requests the API sends; they are not imported.")
        }

        var documentation: [String] = []
        if let summary = operation["summary"]?.string { documentation += ModelBuilder.lines(summary) }
        if let description = operation["description"]?.string {
            if !documentation.isEmpty { documentation.append("") }
            documentation += ModelBuilder.lines(description)
        }
        if !documentation.isEmpty { documentation.append("") }
        documentation.append(
            "`\(method.uppercased()) \(path)`\(operation["deprecated"]?.bool == true ? " (deprecated)" : "")")

        endpoints.append(
            EndpointDeclaration(
                name: name, documentation: documentation, properties: properties, components: components,
                success: success, failure: failure))
    }

    /// The type name of an operation: its `operationId` in `UpperCamelCase`, or its method and
    /// path's words without one.
    private mutating func endpointName(
        method: String, path: String, operation: DocumentValue, at pointer: JSONPointer
    ) -> String {
        let base: String
        if let operationID = operation["operationId"]?.string {
            base = SwiftNames.typeName(operationID)
            func normalised(_ text: String) -> String {
                text.lowercased().filter { $0.isLetter || $0.isNumber }
            }
            if normalised(base) != normalised(operationID) {
                models.report.add(
                    pointer.appending("operationId"), .renamed,
                    "The operation is the type \(base), which the export uses as its operationId.")
            }
        } else {
            let words = path.split(separator: "/").map { segment in
                segment.hasPrefix("{")
                    ? "By" + SwiftNames.typeName(String(segment)) : SwiftNames.typeName(String(segment))
            }
            base = SwiftNames.typeName(method) + words.joined()
            models.report.add(
                pointer.appending("operationId"), .approximated,
                "The operation has no operationId; it is named \(base), which the export uses as its operationId."
            )
        }
        guard models.typeNames.contains(base) else { return models.typeNames.claim(base) }
        let name = models.typeNames.claim(base + "Endpoint")
        models.report.add(
            pointer.appending("operationId"), .renamed,
            "The endpoint is named \(name), since \(base) is taken by a model or another operation.")
        return name
    }

    // MARK: - Parameters

    private mutating func pathProperty(
        _ parameter: DocumentValue, _ wireName: String, at pointer: JSONPointer, endpoint: String,
        scope: inout NameScope
    ) -> EndpointDeclaration.Property {
        let propertyName = scope.claim(SwiftNames.memberName(wireName))
        var resolved = models.type(
            of: parameter["schema"] ?? .object(.init([("type", "string")])), at: pointer.appending("schema"),
            hint: Self.hint(at: pointer, or: endpoint + SwiftNames.typeName(wireName)))
        switch resolved.type {
        case .builtin(let type)
        where ["String", "Int", "Int32", "Double", "Float", "Bool", "UUID"].contains(type):
            break
        case .named(let model) where isEnumeration(model):
            parameterEnums.insert(model)
        default:
            models.report.add(
                pointer.appending("schema"), .approximated,
                "A path parameter of type \(resolved.type.text) is a String in Swift.")
            models.reportUnchecked(resolved.constraints, at: pointer.appending("schema"))
            resolved.type = .builtin("String")
            resolved.constraints = []
        }
        return EndpointDeclaration.Property(
            name: propertyName, type: resolved.type.text, isOptional: false, defaultValue: nil,
            documentation: parameterDocumentation(parameter, resolved, wireName: wireName, location: "path"),
            codingKey: propertyName == wireName ? nil : wireName, constraints: resolved.constraints)
    }

    private mutating func otherParameter(
        _ parameter: DocumentValue, at pointer: JSONPointer, entry: JSONPointer, endpoint: String,
        scope: inout NameScope, strategy: String
    ) -> (EndpointDeclaration.Property, String)? {
        guard let wireName = parameter["name"]?.string, let location = parameter["in"]?.string else {
            models.report.add(pointer, .notExpressed, "The parameter has no name or place.")
            return nil
        }
        if location == "header", ["accept", "content-type", "authorization"].contains(wireName.lowercased()) {
            models.report.add(
                pointer, .notExpressed,
                "OpenAPI ignores a \(wireName) header parameter; Courier sets \(wireName) itself.",
                changesExport: false)
            return nil
        }
        guard ["query", "header", "cookie"].contains(location) else {
            models.report.add(
                pointer.appending("in"), .notExpressed,
                "A parameter in \(location) is not one OpenAPI defines.")
            return nil
        }
        if parameter["content"] != nil {
            models.report.add(
                entry, .notExpressed,
                "A parameter described by content (a serialized value) is not expressed; the operation is imported without it."
            )
            return nil
        }
        for keyword in ["allowReserved", "allowEmptyValue"] where parameter[keyword]?.bool == true {
            models.report.add(
                pointer.appending(keyword), .notExpressed,
                keyword == "allowReserved"
                    ? "Courier percent-encodes reserved characters in a query value."
                    : "An empty value is sent as name= like any other; allowEmptyValue is not expressed.")
        }
        let schema = parameter["schema"] ?? .object(.init([("type", "string")]))
        let hint = Self.hint(at: pointer, or: endpoint + SwiftNames.typeName(wireName))
        var resolved = models.type(of: schema, at: pointer.appending("schema"), hint: hint)
        let required = parameter["required"]?.bool == true
        let propertyName = scope.claim(SwiftNames.memberName(wireName))
        var isOptional = !required || resolved.nullable
        var defaultValue: String? = isOptional ? "nil" : nil
        let literalName = ModelBuilder.stringLiteral(wireName)
        let component: String
        switch location {
        case "query":
            if case .array(let element) = resolved.type {
                guard isScalar(element) else {
                    models.report.add(
                        entry, .notExpressed,
                        "A query array of \(element.text) cannot be read back from a query; the operation is imported without it."
                    )
                    return nil
                }
                let wanted = Self.wantedStrategy(of: parameter)
                if let separator = Self.separators[wanted],
                    wanted != strategy || canHoldComma(element) || wanted != ".commaSeparated"
                {
                    models.report.add(
                        pointer, .approximated,
                        "The elements are joined with \(separator.name), which the endpoint's other arrays or the "
                            + "elements' text keep Courier from reading back, so the parameter is one String: join "
                            + "the elements yourself.")
                    let property = EndpointDeclaration.Property(
                        name: propertyName, type: "String", isOptional: !required,
                        defaultValue: required ? nil : "nil",
                        documentation: parameterDocumentation(
                            parameter, resolved, wireName: wireName, location: location)
                            + ["", "The elements, joined with \(separator.name)."],
                        codingKey: nil, constraints: [])
                    return (property, "Query(\(literalName), \(propertyName))")
                }
                if wanted != strategy {
                    models.report.add(
                        pointer, .approximated,
                        "The array is written as the endpoint's other arrays are (\(strategy)), not as \(wanted)."
                    )
                }
                if strategy == ".brackets" {
                    // The name is the operation's to compare; the style is the definition's.
                    for place in [entry, pointer.appending("style")] {
                        models.report.add(
                            place, .approximated,
                            "The array is written as \(wireName)[]=…, which the export names \(wireName)[] in the form style."
                        )
                    }
                }
                // An optional array would send nothing for both nil and []: the array is never optional.
                isOptional = false
                defaultValue = required ? nil : "[]"
                component = "Query(\(literalName), \(propertyName))"
            } else if isScalar(resolved.type) {
                component = "Query(\(literalName), \(propertyName))"
            } else {
                models.report.add(
                    entry, .notExpressed,
                    "A query parameter of type \(resolved.type.text) (an object) cannot be read back from a query; the operation is imported without it."
                )
                return nil
            }
        case "header", "cookie":
            if resolved.type != .builtin("String") {
                models.report.add(
                    pointer.appending("schema"), .approximated,
                    "A \(location) parameter of type \(resolved.type.text) is a String in Swift: Courier sends \(location) values as text."
                )
                models.reportUnchecked(resolved.constraints, at: pointer.appending("schema"))
                resolved.type = .builtin("String")
                resolved.constraints = []
            }
            component =
                location == "header"
                ? "Header(\(literalName), \(propertyName))" : "Cookie(\(literalName), \(propertyName))"
        default:
            return nil
        }
        let property = EndpointDeclaration.Property(
            name: propertyName, type: resolved.type.text, isOptional: isOptional, defaultValue: defaultValue,
            documentation: parameterDocumentation(
                parameter, resolved, wireName: wireName, location: location),
            codingKey: nil,
            constraints: resolved.constraints)
        return (property, component)
    }

    private func parameterDocumentation(
        _ parameter: DocumentValue, _ resolved: ResolvedSchema, wireName: String, location: String
    ) -> [String] {
        var lines: [String] = []
        if let description = parameter["description"]?.string { lines += ModelBuilder.lines(description) }
        if lines.isEmpty {
            // The schema's own notes (its default, say) follow the parameter's name.
            lines = ["The `\(wireName)` \(location) parameter."]
            if !resolved.documentation.isEmpty { lines += [""] + resolved.documentation }
        }
        if parameter["deprecated"]?.bool == true {
            if !lines.isEmpty { lines.append("") }
            lines.append("Deprecated.")
        }
        return lines
    }

    /// The name of a model declared inside a shared component (`#/components/parameters/direction`):
    /// the component's, since every operation that uses it shares the model; else `fallback`.
    static func hint(at pointer: JSONPointer, or fallback: String) -> String {
        let tokens = pointer.tokens
        guard tokens.count >= 3, tokens[0] == "components", tokens[1] != "schemas" else { return fallback }
        return SwiftNames.typeName(tokens[2])
    }

    /// The separators of the styles that join an array's elements into one value.
    static let separators: [String: (character: String, name: String)] = [
        ".commaSeparated": (",", "commas"), "spaceDelimited": (" ", "spaces"),
        "pipeDelimited": ("|", "pipes"),
    ]

    /// How a query parameter asks for its array to be written: a `FormEncoding` strategy, or
    /// the name of a style Courier does not write.
    static func wantedStrategy(of parameter: DocumentValue) -> String {
        let style = parameter["style"]?.string ?? "form"
        let explode = parameter["explode"]?.bool ?? (style == "form")
        switch (style, explode) {
        case ("form", true): return ".repeatedKey"
        case ("form", false): return ".commaSeparated"
        case ("deepObject", _): return ".brackets"
        case ("spaceDelimited", _), ("pipeDelimited", _): return style
        default: return ".repeatedKey"
        }
    }

    /// The one way the endpoint writes arrays: indexed when its form holds arrays of objects
    /// (only indexes keep their elements apart), else brackets, repeated keys or commas, as the
    /// most demanding array parameter asks.
    private func arrayStrategy(_ queryParameters: [DocumentValue], formNeedsIndexes: Bool) -> String {
        if formNeedsIndexes { return ".indexed" }
        // Arrays of text joined by commas become one String, so they ask for nothing.
        let wanted = Set(
            queryParameters.filter { isArraySchema($0["schema"]) }.map(Self.wantedStrategy(of:))
                .filter { $0 != ".commaSeparated" }
                + queryParameters.filter {
                    isArraySchema($0["schema"]) && Self.wantedStrategy(of: $0) == ".commaSeparated"
                        && !itemsMayHoldComma($0["schema"])
                }.map { _ in ".commaSeparated" })
        for strategy in [".brackets", ".repeatedKey", ".commaSeparated"] where wanted.contains(strategy) {
            return strategy
        }
        return ".repeatedKey"
    }

    /// Whether the items of an array schema are text (or unknown), which may hold a comma.
    private func itemsMayHoldComma(_ schema: DocumentValue?) -> Bool {
        guard let schema, let array = try? document.resolved(schema, at: .root).value,
            let items = array["items"], let element = try? document.resolved(items, at: .root).value
        else { return true }
        switch element["type"]?.string {
        case "integer", "number", "boolean": return false
        case "string": return element["format"]?.string != "uuid"
        default: return true
        }
    }

    /// Whether `schema`, through references, is an array.
    private func isArraySchema(_ schema: DocumentValue?) -> Bool {
        guard let schema, let resolved = try? document.resolved(schema, at: .root).value else { return false }
        if resolved["items"] != nil { return true }
        switch resolved["type"] {
        case .string(let type): return type == "array"
        case .array(let types): return types.contains("array")
        default: return false
        }
    }

    /// Whether the text of a value of `type` may hold a comma.
    private func canHoldComma(_ type: SwiftType) -> Bool {
        switch type {
        case .builtin(let name): ["String", "Date"].contains(name)
        // An enum's unknown case holds any text.
        default: true
        }
    }

    private func isScalar(_ type: SwiftType) -> Bool {
        switch type {
        case .builtin(let name):
            ["String", "Int", "Int32", "Double", "Float", "Bool", "UUID", "Date"].contains(name)
        case .named(let name): isEnumeration(name)
        default: false
        }
    }

    private func isEnumeration(_ name: String) -> Bool {
        models.declarations.contains {
            if case .enumeration(let enumeration) = $0 { enumeration.name == name } else { false }
        }
    }
}
