import Foundation

extension EndpointBuilder {
    // MARK: - Parameters

    mutating func pathProperty(
        _ parameter: DocumentValue, _ wireName: String, at pointer: JSONPointer, endpoint: String,
        scope: inout NameScope
    ) -> EndpointDeclaration.Property {
        let propertyName = models.claimMemberName(
            wireName, in: &scope, at: pointer, subject: "The path parameter \(wireName)")
        var resolved = models.type(
            of: parameter["schema"] ?? .object(.init([("type", "string")])), at: pointer.appending("schema"),
            hint: Self.hint(at: pointer, or: endpoint + SwiftNames.typeName(wireName)))
        switch models.resolvedAlias(resolved.type) {
        case .builtin(let type) where ModelBuilder.textTypes.subtracting(["Date", "URL"]).contains(type):
            break
        case .named(let model) where models.isEnumeration(model):
            break
        default:
            models.report.add(
                pointer.appending("schema"), .approximated,
                "A path parameter of type \(resolved.type.text) is a String in Swift.")
            models.reportUnchecked(
                resolved.constraints, at: pointer.appending("schema"),
                because: "the parameter is a String in Swift, which it does not apply to")
            resolved.type = .builtin("String")
            resolved.constraints = []
        }
        return EndpointDeclaration.Property(
            name: propertyName, type: resolved.type.text, isOptional: false, defaultValue: nil,
            documentation: parameterDocumentation(parameter, resolved, wireName: wireName, location: "path"),
            codingKey: SwiftNames.isWritten(propertyName, as: wireName) ? nil : wireName,
            constraints: resolved.constraints)
    }

    /// The header names Courier refuses from an endpoint, lowercased (`HeaderName.framing`).
    static let reservedHeaderNames: Set<String> = [
        "content-length", "transfer-encoding", "host", "connection", "te", "upgrade", "keep-alive",
        "proxy-connection",
    ]

    /// Whether `name` is an RFC 9110 `token`, which a header field name must be, and a cookie
    /// name too (RFC 6265's `cookie-name` is a token): ASCII letters, digits and ``tokenSymbols``,
    /// as Courier's `HeaderName` has it (`CourierRulesTests` holds the two together).
    static func isToken(_ name: String) -> Bool {
        !name.isEmpty
            && name.unicodeScalars.allSatisfy { scalar in
                scalar.isASCII
                    && (("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar)
                        || ("0"..."9").contains(scalar)
                        || tokenSymbols.contains(scalar))
            }
    }

    /// The symbols of RFC 9110's `tchar`.
    static let tokenSymbols: Set<Unicode.Scalar> = Set("!#$%&'*+-.^_`|~".unicodeScalars)

    /// Why a header or cookie parameter's name cannot be sent, or `nil`: Courier refuses a name
    /// that is not an RFC 9110 token when it builds the request.
    static func nameRefusal(of parameter: DocumentValue) -> String? {
        guard let location = parameter["in"]?.string, let name = parameter["name"]?.string else { return nil }
        return nameRefusal(of: name, in: location)
    }

    /// Why `name` cannot be sent as a header or cookie (`location`) name, or `nil`.
    static func nameRefusal(of name: String, in location: String) -> String? {
        guard ["header", "cookie"].contains(location), !isToken(name) else { return nil }
        return location == "header"
            ? "The header name \(name.debugDescription) is not an RFC 9110 token (ASCII letters, digits and "
                + "!#$%&'*+-.^_`|~), so no request can carry it"
            : "The cookie name \(name.debugDescription) is not an RFC 9110 token (ASCII letters, digits and "
                + "!#$%&'*+-.^_`|~, as RFC 6265's cookie-name asks), so no request can carry it"
    }

    mutating func otherParameter(
        _ parameter: DocumentValue, at pointer: JSONPointer, entry: JSONPointer, endpoint: String,
        scope: inout NameScope, strategy: String
    ) -> [(EndpointDeclaration.Property, String)] {
        guard let wireName = parameter["name"]?.string, let location = parameter["in"]?.string else {
            models.report.add(pointer, .notExpressed, "The parameter has no name or place.")
            return []
        }
        // A parameter left out is reported where the operation names it (`entry`), which is where
        // the round trip finds it missing, also when a shared definition holds it.
        if location == "header", ["accept", "content-type", "authorization"].contains(wireName.lowercased()) {
            models.report.add(
                entry, .notExpressed,
                "OpenAPI ignores the header parameter \(wireName); Courier sets \(wireName) itself.",
                changesExport: false)
            return []
        }
        if location == "header", Self.reservedHeaderNames.contains(wireName.lowercased()) {
            models.report.add(
                entry, .notExpressed,
                "Courier sets \(wireName) itself (it frames the message or manages the connection), so an "
                    + "endpoint cannot; the operation is imported without it.")
            return []
        }
        if location == "header", wireName.lowercased() == "proxy-authorization" {
            models.report.add(
                entry, .notExpressed,
                "Courier refuses \(wireName) on a request: it would reach the server through a proxy's "
                    + "tunnel, and a proxy's credentials go in the transport's proxy settings; the operation is "
                    + "imported without it.")
            return []
        }
        if location == "header", wireName.lowercased() == "cookie" {
            // The whole field, which a server reads as name=value pairs: a value with `;` in it
            // would come back as other cookies.
            models.report.add(
                entry, .notExpressed,
                "A Cookie header parameter is the whole Cookie field; declare each cookie with in: cookie, "
                    + "or let a CookieMiddleware send what the server set. The operation is imported without it."
            )
            return []
        }
        if let refusal = Self.nameRefusal(of: parameter) {
            // A required one leaves the whole operation out before its parameters are read.
            models.report.add(entry, .notExpressed, "\(refusal); the operation is imported without it.")
            return []
        }
        if location == "querystring" {
            models.report.add(
                entry, .notExpressed,
                "A querystring parameter (OpenAPI 3.2: the whole query as one value) is not expressed; the "
                    + "operation is imported without it.")
            return []
        }
        guard ["query", "header", "cookie"].contains(location) else {
            models.report.add(
                pointer.appending("in"), .notExpressed,
                "A parameter in \(location) is not one OpenAPI defines.")
            return []
        }
        if parameter["content"] != nil {
            models.report.add(
                entry, .notExpressed,
                "A parameter described by content (a serialized value) is not expressed; the operation is imported without it."
            )
            return []
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
        // Claimed where the parameter is one property: a spread object's properties have names of
        // their own, and a parameter left out has none.
        let propertyName: String
        let subject = "The \(location) parameter \(wireName)"
        var isOptional = !required || resolved.nullable
        var defaultValue: String? = isOptional ? "nil" : nil
        let literalName = ModelBuilder.stringLiteral(wireName)
        let component: String
        switch location {
        case "query":
            if case .array(let element) = models.resolvedAlias(resolved.type) {
                guard isScalar(element) else {
                    models.report.add(
                        entry, .notExpressed,
                        "A query array of \(element.text) cannot be read back from a query; the operation is imported without it."
                    )
                    return []
                }
                propertyName = models.claimMemberName(wireName, in: &scope, at: pointer, subject: subject)
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
                    return [(property, "Query(\(literalName), \(SwiftNames.declared(propertyName)))")]
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
                if required {
                    models.report.add(
                        pointer.appending("required"), .approximated,
                        "An empty array sends no pair, so the export does not list the parameter as required."
                    )
                }
                defaultValue = required ? nil : "[]"
                component = "Query(\(literalName), \(SwiftNames.declared(propertyName)))"
            } else if isScalar(resolved.type) {
                propertyName = models.claimMemberName(wireName, in: &scope, at: pointer, subject: subject)
                component = "Query(\(literalName), \(SwiftNames.declared(propertyName)))"
            } else if let spread = spreadObject(
                parameter, wireName, resolved.type, required: required, entry: entry, scope: &scope)
            {
                return spread
            } else {
                models.report.add(
                    entry, .notExpressed,
                    "A query parameter of type \(resolved.type.text) (an object) cannot be read back from a query; the operation is imported without it."
                )
                return []
            }
        case "header", "cookie":
            propertyName = models.claimMemberName(wireName, in: &scope, at: pointer, subject: subject)
            if models.resolvedAlias(resolved.type) != .builtin("String") {
                models.report.add(
                    pointer.appending("schema"), .approximated,
                    "A \(location) parameter of type \(resolved.type.text) is a String in Swift: Courier sends \(location) values as text."
                )
                models.reportUnchecked(
                    resolved.constraints, at: pointer.appending("schema"),
                    because: "the parameter is a String in Swift, which it does not apply to")
                resolved.type = .builtin("String")
                resolved.constraints = []
            }
            component =
                location == "header"
                ? "Header(\(literalName), \(SwiftNames.declared(propertyName)))"
                : "Cookie(\(literalName), \(SwiftNames.declared(propertyName)))"
        default:
            return []
        }
        let property = EndpointDeclaration.Property(
            name: propertyName, type: resolved.type.text, isOptional: isOptional, defaultValue: defaultValue,
            documentation: parameterDocumentation(
                parameter, resolved, wireName: wireName, location: location),
            codingKey: nil,
            constraints: resolved.constraints)
        return [(property, component)]
    }

    func parameterDocumentation(
        _ parameter: DocumentValue, _ resolved: ResolvedSchema, wireName: String, location: String
    ) -> [String] {
        var lines: [String] = []
        if let description = parameter["description"]?.string { lines += ModelBuilder.lines(description) }
        // A default is the server's for a parameter left out, which a required one never is.
        let isRequired = parameter["required"]?.bool == true || location == "path"
        let schema = parameter["schema"].flatMap { try? document.resolved($0, at: .root).value }
        let defaultNote = schema.flatMap(ModelBuilder.defaultNote(of:))
        if !lines.isEmpty, !isRequired, let defaultNote {
            lines += ["", defaultNote]
        }
        if lines.isEmpty {
            // The schema's own notes (its default, unless the parameter is required) follow the
            // parameter's name.
            var notes = resolved.documentation
            if isRequired, let defaultNote {
                notes = notes.map {
                    $0.replacingOccurrences(of: defaultNote + " ", with: "")
                        .replacingOccurrences(of: defaultNote, with: "")
                }
                while notes.last?.isEmpty == true { notes.removeLast() }
            }
            lines = ["The `\(wireName)` \(location) parameter."]
            if !notes.isEmpty { lines += [""] + notes }
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
    func arrayStrategy(_ queryParameters: [DocumentValue], formNeedsIndexes: Bool) -> String {
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
    func itemsMayHoldComma(_ schema: DocumentValue?) -> Bool {
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
    func isArraySchema(_ schema: DocumentValue?) -> Bool {
        guard let schema, let resolved = try? document.resolved(schema, at: .root).value else { return false }
        if resolved["items"] != nil { return true }
        switch resolved["type"] {
        case .string(let type): return type == "array"
        case .array(let types): return types.contains("array")
        default: return false
        }
    }

    /// An object in the query as one parameter per property, as its style writes them: `name=x`
    /// (`form`, exploded) or `filter[name]=x` (`deepObject`); `nil` when a property is not a single
    /// value or the style is another.
    private mutating func spreadObject(
        _ parameter: DocumentValue, _ wireName: String, _ type: SwiftType, required: Bool, entry: JSONPointer,
        scope: inout NameScope
    ) -> [(EndpointDeclaration.Property, String)]? {
        let style = parameter["style"]?.string ?? "form"
        let explode = parameter["explode"]?.bool ?? (style == "form")
        guard (style == "form" && explode) || style == "deepObject", case .named(let model) = type,
            case .structure(let structure)? = models.declaration(named: model),
            !structure.properties.isEmpty, structure.properties.allSatisfy({ isScalar($0.type) })
        else { return nil }
        models.report.add(
            entry, .approximated,
            "The object is one query parameter per property (\(style == "form" ? "name=…" : "\(wireName)[name]=…")), "
                + "which the export lists one by one.")
        var spread: [(EndpointDeclaration.Property, String)] = []
        for field in structure.properties {
            let name = models.claimMemberName(
                wireName + "_" + field.jsonName, in: &scope, at: entry,
                subject: "The property \(field.jsonName) of the query parameter \(wireName)")
            let queryName = style == "form" ? field.jsonName : "\(wireName)[\(field.jsonName)]"
            let optional = !required || field.isOptional
            let property = EndpointDeclaration.Property(
                name: name, type: field.type.text, isOptional: optional, defaultValue: optional ? "nil" : nil,
                documentation: field.documentation.isEmpty
                    ? ["The `\(field.jsonName)` of the `\(wireName)` query parameter."] : field.documentation,
                codingKey: nil, constraints: field.constraints)
            spread.append(
                (property, "Query(\(ModelBuilder.stringLiteral(queryName)), \(SwiftNames.declared(name)))"))
        }
        return spread
    }

    /// Whether the text of a value of `type` may hold a comma.
    func canHoldComma(_ type: SwiftType) -> Bool {
        switch type {
        case .builtin(let name): ["String", "Date"].contains(name)
        // An enum's unknown case holds any text.
        default: true
        }
    }

    func isScalar(_ type: SwiftType) -> Bool {
        switch models.resolvedAlias(type) {
        case .builtin(let name): ModelBuilder.textTypes.contains(name)
        case .named(let name): models.isEnumeration(name)
        default: false
        }
    }
}
