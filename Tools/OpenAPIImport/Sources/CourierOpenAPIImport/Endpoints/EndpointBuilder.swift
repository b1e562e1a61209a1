import Foundation

/// Turns each operation of a document into a `CatalogEndpoint` declaration.
struct EndpointBuilder {
    /// The methods an OpenAPI 3.1 path item has a field for.
    static let methods = ["get", "put", "post", "delete", "options", "head", "patch", "trace"]
    /// The methods an OpenAPI 3.2 path item has a field for: 3.1's and `query`.
    static let methods32 = methods + ["query"]

    /// The method an operation is sent with: a field of the path item in capitals (`TRACE`,
    /// `QUERY`), one of 3.2's `additionalOperations` as written (its key is case-sensitive).
    static func methodToken(_ method: String) -> String {
        methods32.contains(method) ? method.uppercased() : method
    }

    /// The `Method` component of an operation: a member of `Method` where it has one
    /// (`Method.get`), else its token (`Method("TRACE")`, `Method("QUERY")`, `Method("PURGE")`).
    static func methodComponent(_ method: String) -> String {
        // Method has a member for every field of a 3.1 path item but TRACE.
        if methods.contains(method), method != "trace" { return "Method.\(method)" }
        return "Method(\(ModelBuilder.stringLiteral(methodToken(method))))"
    }

    /// Why an `additionalOperations` key cannot be declared, or `nil`: a method with a field of
    /// its own (in any case, which 3.2 forbids there), or not an HTTP token (RFC 9110 §5.6.2).
    static func refusal(ofAdditionalMethod key: String) -> String? {
        if methods32.contains(key.lowercased()) {
            return "\(key) has a field of its own in a path item, so OpenAPI 3.2 does not allow it here"
        }
        guard isToken(key) else { return "\(key) is not an HTTP method token" }
        return nil
    }

    var models: ModelBuilder
    private(set) var endpoints: [EndpointDeclaration] = []
    /// The places of the path items whose vendor extensions are counted without declaring an
    /// endpoint (callbacks', webhooks', components'), each walked once.
    var walkedPathItems: Set<String> = []

    init(models: ModelBuilder) {
        self.models = models
    }

    var document: SourceDocument { models.document }

    /// Declares an endpoint per operation, in document order: the methods of OpenAPI 3.1 and, in
    /// a 3.2 document, `query` and the `additionalOperations`.
    mutating func declareOperations() {
        if document.isOpenAPI32 {
            models.report.add(
                JSONPointer(tokens: ["openapi"]), .approximated,
                "OpenAPI 3.2 is read as 3.1, and the catalog exports 3.1: its query operations and "
                    + "additionalOperations, media type references, querystring parameters and itemSchema are read or "
                    + "reported where the document uses them; other fields 3.2 adds are not read.",
                changesExport: false)
        }
        noteDocumentExtensions()
        // A key of the paths object that starts with `x-` is an extension, not a path.
        for (path, item) in document.root["paths"]?.members ?? .init() where !path.hasPrefix("x-") {
            let itemPointer = JSONPointer(tokens: ["paths", path])
            var resolvedItem = item
            var resolvedPointer = itemPointer
            if item["$ref"] != nil {
                do {
                    (resolvedItem, resolvedPointer) = try document.resolved(item, at: itemPointer)
                } catch {
                    models.report.add(itemPointer, .notExpressed, error.description)
                    continue
                }
            }
            // Extensions beside a `$ref` are the referring object's own.
            if item["$ref"] != nil { models.noteExtensions(of: item, at: itemPointer, in: "path items") }
            models.noteExtensions(of: resolvedItem, at: resolvedPointer, in: "path items")
            noteExtensions(ofServers: resolvedItem["servers"], at: resolvedPointer.appending("servers"))
            let fields = document.isOpenAPI32 ? Self.methods32 + ["additionalOperations"] : Self.methods
            for (key, _) in resolvedItem.members ?? .init()
            where !fields.contains(key)
                && !["parameters", "summary", "description", "$ref"].contains(key)
                && !key.hasPrefix("x-")
                && !(key == "servers" && servesAsTheDocument(resolvedItem[key]))
            {
                models.report.add(
                    itemPointer.appending(key), .notExpressed,
                    key == "servers"
                        ? "Servers for one path are not expressed: every endpoint uses the client's base URL."
                        : "\(key) is not an operation Courier declares (OpenAPI 3.1 has no field for it in a catalog)."
                )
            }
            var operations = (document.isOpenAPI32 ? Self.methods32 : Self.methods).compactMap { method in
                resolvedItem[method].map { (method, $0, itemPointer.appending(method)) }
            }
            if document.isOpenAPI32 {
                for (method, operation) in resolvedItem["additionalOperations"]?.members ?? .init() {
                    let place = itemPointer.appending("additionalOperations", method)
                    if let refusal = Self.refusal(ofAdditionalMethod: method) {
                        models.report.add(place, .notExpressed, "\(refusal); the operation is left out.")
                        continue
                    }
                    operations.append((method, operation, place))
                }
            }
            for (method, operation, pointer) in operations {
                if !Self.methods.contains(method) {
                    models.report.add(
                        pointer, .approximated,
                        "The \(Self.methodToken(method)) endpoint is declared, but the catalog's OpenAPI 3.1 export has no "
                            + "field for its method and leaves it out.")
                }
                declareOperation(
                    method: method, path: path, operation: operation, item: resolvedItem,
                    itemPointer: itemPointer,
                    at: pointer)
            }
        }
        if let webhooks = document.root["webhooks"]?.members, !webhooks.isEmpty {
            models.report.add(
                JSONPointer(tokens: ["webhooks"]), .notExpressed,
                "Webhooks are requests the API sends, not endpoints a client calls; they are not imported.")
        }
        noteUndeclaredExtensions()
        reportUnreferencedComponents()
    }

    // MARK: - One operation

    /// Why a path cannot be declared, as a sentence for the report.
    struct PathProblem: Error {
        let reason: String
    }

    /// The path as a Swift string literal for `Path`, each `{name}` interpolating the property
    /// of that path parameter (`"files/\(name).json"`); `nil` for the root path.
    ///
    /// Literal text is percent-decoded, as `Path` encodes it again. A segment may hold text
    /// around one parameter; two parameters in one segment could not be told apart when read back.
    /// A trailing slash stays: `Path` sends it, and a server may answer `/x/` differently from `/x`.
    static func pathLiteral(_ path: String, properties: [String: String]) -> Result<String?, PathProblem> {
        var literal = ""
        for segment in path.split(separator: "/", omittingEmptySubsequences: true) {
            if segment.removingPercentEncoding?.contains("/") == true {
                return .failure(
                    PathProblem(
                        reason:
                            "The path segment \(segment) holds an encoded slash, which a Path literal would split"
                    ))
            }
            var pieces = ""
            var parameters = 0
            var rest = segment[...]
            while !rest.isEmpty {
                guard let open = rest.firstIndex(of: "{") else {
                    pieces += text(rest)
                    break
                }
                pieces += text(rest[..<open])
                guard let close = rest[open...].firstIndex(of: "}") else {
                    return .failure(PathProblem(reason: "The path segment \(segment) has a { without a }"))
                }
                let name = String(rest[rest.index(after: open)..<close])
                guard let property = properties[name] else {
                    return .failure(
                        PathProblem(
                            reason:
                                "The path names {\(name)}, which no path parameter of the operation declares")
                    )
                }
                parameters += 1
                guard parameters == 1 else {
                    return .failure(
                        PathProblem(
                            reason:
                                "The path segment \(segment) holds two parameters, which a server could not tell apart"
                        ))
                }
                pieces += "\\(\(SwiftNames.declared(property)))"
                rest = rest[rest.index(after: close)...]
            }
            literal += (literal.isEmpty ? "" : "/") + pieces
        }
        if !literal.isEmpty, path.hasSuffix("/") { literal += "/" }
        return .success(literal.isEmpty ? nil : "\"" + literal + "\"")

        /// Literal text, percent-decoded, escaped for a string literal.
        func text(_ raw: Substring) -> String {
            String(
                ModelBuilder.stringLiteral(raw.removingPercentEncoding ?? String(raw)).dropFirst().dropLast())
        }
    }

    private mutating func declareOperation(
        method: String, path: String, operation: DocumentValue, item: DocumentValue, itemPointer: JSONPointer,
        at pointer: JSONPointer
    ) {
        let name = endpointName(method: method, path: path, operation: operation, at: pointer)
        var scope = NameScope(reserved: ["definition", "failureStatuses", "schemaConstraints"])
        var properties: [EndpointDeclaration.Property] = []
        var components: [String] = [Self.methodComponent(method)]

        // Parameters: the path item's, replaced by the operation's of the same name and place.
        // Each parameter with where it is defined and where the operation names it.
        var parameters: [(DocumentValue, JSONPointer, JSONPointer)] = []
        for (list, listPointer) in [
            (
                item["parameters"],
                itemPointer.appending("parameters")
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
        noteExtensions(ofOperation: operation, at: pointer, parameters: parameters)

        // The path, as one literal with the path properties interpolated.
        var pathProperties: [String: String] = [:]
        for (parameter, parameterPointer, _) in parameters where parameter["in"]?.string == "path" {
            guard let wireName = parameter["name"]?.string else { continue }
            let property = pathProperty(
                parameter, wireName, at: parameterPointer, endpoint: name, scope: &scope)
            pathProperties[wireName] = property.name
            properties.append(property)
        }
        // `matrix` (`;id=5`) and `label` (`.5`) put text before the value that a Path would
        // percent-encode or a catalog would export as part of the path: such requests could not be
        // the document's.
        for (parameter, parameterPointer, _) in parameters where parameter["in"]?.string == "path" {
            guard let style = parameter["style"]?.string, style != "simple" else { continue }
            models.report.add(
                pointer, .notExpressed,
                "The path parameter \(parameter["name"]?.string ?? "") has style \(style), which a Path does not "
                    + "write (at \(parameterPointer.appending("style"))); the operation is left out.")
            return
        }
        // A required header or cookie that no request can carry: no call would reach the server.
        for (parameter, parameterPointer, _) in parameters where parameter["required"]?.bool == true {
            guard let refusal = Self.nameRefusal(of: parameter) else { continue }
            models.report.add(
                pointer, .notExpressed,
                "\(refusal), and the operation requires it (at \(parameterPointer.appending("name"))); the "
                    + "operation is left out.")
            return
        }
        switch Self.pathLiteral(path, properties: pathProperties) {
        case .success(let literal?): components.append("Path(\(literal))")
        case .success(nil): break
        case .failure(let reason):
            models.report.add(pointer, .notExpressed, "\(reason.reason); the operation is left out.")
            return
        }

        // The body's properties come last, but its form decides how arrays are written.
        var body: RequestBodyDeclaration?
        if ["get", "head", "trace"].contains(method), operation["requestBody"] != nil {
            // RFC 9110 §9.3.1: a GET body has no meaning, and Courier refuses one when compiling;
            // §9.3.8: a client must not send one with TRACE, which Courier refuses when building.
            models.report.add(
                pointer.appending("requestBody"), .notExpressed,
                method == "trace"
                    ? "A TRACE request carries no body (RFC 9110 §9.3.8), and Courier refuses one; the body is left out."
                    : "A \(method.uppercased()) request has no body in Courier (its content has no meaning, RFC 9110 "
                        + "§9.3.1); the body is left out.")
        } else {
            body = requestBody(operation, at: pointer, endpoint: name, scope: &scope)
        }
        // A body that cannot carry what the document requires: no call would succeed.
        if let refusal = body?.refusal {
            models.report.add(pointer, .notExpressed, "\(refusal); the operation is left out.")
            return
        }
        let strategy = arrayStrategy(
            parameters.filter { $0.0["in"]?.string == "query" }.map(\.0),
            formNeedsIndexes: body?.formNeedsIndexes ?? false)
        // The document fixes how values are written (arrays as it says, booleans as true and
        // false, dates as RFC 3339), whatever the client's own FormEncoding is for other APIs.
        if strategy != ".repeatedKey" || parameters.contains(where: { $0.0["in"]?.string == "query" })
            || body?.isForm == true
        {
            components.append("FormEncoding(arrays: \(strategy))")
        }

        // Query, header and cookie parameters. One that names the field an API key of the
        // operation's security is sent in is that key: a request carries the field once (Courier
        // refuses a cookie declared twice), and the security scheme says it is a secret, so the
        // key is declared and the parameter is not.
        let keyFields = apiKeyFields(of: operation)
        var keysNamedByParameters: Set<String> = []
        for (parameter, parameterPointer, entry) in parameters where parameter["in"]?.string != "path" {
            if let location = parameter["in"]?.string, let wireName = parameter["name"]?.string,
                let key = keyFields.first(where: { key in
                    key.location == location
                        && (location == "header"
                            ? key.name.lowercased() == wireName.lowercased() : key.name == wireName)
                })
            {
                // A path item's parameter is every operation's: the item says which one it is the
                // key of, since another operation may declare it as a parameter.
                let subject =
                    entry.tokens.starts(with: pointer.tokens)
                    ? "The" : "For the \(Self.methodToken(method)) operation, the"
                models.report.add(
                    entry, .notExpressed,
                    "\(subject) \(location) parameter \(wireName) is the \(location) the security scheme \(key.scheme) sends its "
                        + "API key in, which a request carries once: it is declared as the endpoint's API key, not as a "
                        + "parameter of its own.")
                keysNamedByParameters.insert(key.scheme)
                continue
            }
            for (property, component) in otherParameter(
                parameter, at: parameterPointer, entry: entry, endpoint: name, scope: &scope,
                strategy: strategy)
            {
                properties.append(property)
                components.append(component)
            }
        }

        // Credentials.
        let (securityProperties, securityComponents) = security(
            operation, at: pointer, scope: &scope, keysNamedByParameters: keysNamedByParameters)
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

        for key in ["callbacks", "servers"]
        where operation[key] != nil && !(key == "servers" && servesAsTheDocument(operation[key])) {
            models.report.add(
                pointer.appending(key), .notExpressed,
                key == "servers"
                    ? "Servers for one operation are not expressed: the endpoint uses the client's base URL."
                    : "Callbacks are requests the API sends; they are not imported.")
        }

        var documentation: [String] = []
        if let summary = operation["summary"]?.string { documentation += ModelBuilder.lines(summary) }
        if let description = operation["description"]?.string, !ModelBuilder.lines(description).isEmpty {
            if !documentation.isEmpty { documentation.append("") }
            documentation += ModelBuilder.lines(description)
        }
        if !documentation.isEmpty { documentation.append("") }
        documentation.append(
            "`\(Self.methodToken(method)) \(path)`\(operation["deprecated"]?.bool == true ? " (deprecated)" : "")"
        )
        // The path item's own text applies to each of its operations.
        for key in ["summary", "description"] {
            guard let text = item[key]?.string, !ModelBuilder.lines(text).isEmpty else { continue }
            documentation += [""] + ModelBuilder.lines(text)
        }

        var declaration = EndpointDeclaration(
            name: name, documentation: documentation, properties: properties, components: components,
            success: success, failure: failure, isExported: Self.methods.contains(method))
        declaration.operationDocumentation = EndpointDeclaration.OperationDocumentation(
            summary: operation["summary"]?.string, details: operation["description"]?.string,
            tags: operation["tags"]?.array?.compactMap(\.string) ?? [],
            isDeprecated: operation["deprecated"]?.bool == true)
        endpoints.append(declaration)
    }

    /// Whether `servers` of a path or an operation are the document's own, URL and variables
    /// alike, which every endpoint uses already.
    private func servesAsTheDocument(_ servers: DocumentValue?) -> Bool {
        func essentials(_ servers: DocumentValue?) -> [DocumentValue]? {
            servers?.array?.map { server in
                .object(
                    .init([("url", server["url"] ?? .null), ("variables", server["variables"] ?? .null)]))
            }
        }
        guard let own = essentials(servers), let documents = essentials(document.root["servers"]) else {
            return false
        }
        return !own.isEmpty && own == documents
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
}
