import Foundation

extension EndpointBuilder {
    // MARK: - Credentials

    /// The properties and components of the operation's security requirement: the first
    /// alternative whose every scheme Courier can send, preferring a bearer token, then an API
    /// key, then Basic credentials.
    mutating func security(
        _ operation: DocumentValue, at pointer: JSONPointer, scope: inout NameScope
    ) -> ([EndpointDeclaration.Property], [String]) {
        let requirementPointer =
            operation["security"] != nil ? pointer.appending("security") : JSONPointer(tokens: ["security"])
        guard let requirements = (operation["security"] ?? document.root["security"])?.array, !requirements.isEmpty
        else { return ([], []) }
        let isOptional = requirements.contains { $0.members?.isEmpty ?? false }
        let schemes = document.root["components"]?["securitySchemes"]?.members ?? .init()
        let alternatives = requirements.compactMap(\.members).filter { !$0.isEmpty }
        func rank(_ alternative: DocumentValue.Members) -> Int {
            alternative.keys.map { key in
                let scheme = schemes[key].flatMap { try? document.resolved($0, at: .root).value }
                switch (scheme?["type"]?.string, scheme?["scheme"]?.string?.lowercased()) {
                case ("http", "bearer"), ("oauth2", _), ("openIdConnect", _): return 0
                case ("apiKey", _): return 1
                case ("http", "basic"): return 2
                default: return 9
                }
            }.max() ?? 9
        }
        guard let chosen = alternatives.enumerated().min(by: { rank($0.element) < rank($1.element) }),
            rank(chosen.element) < 9
        else {
            if !alternatives.isEmpty {
                models.report.add(
                    requirementPointer, .notExpressed,
                    "No security alternative uses a scheme Courier sends (bearer, API key, Basic); give the credentials to the client, for example with AuthenticationMiddleware.")
            }
            return ([], [])
        }
        for (offset, alternative) in alternatives.enumerated() where offset != chosen.offset {
            models.report.add(
                requirementPointer.appending(String(offset)), .notExpressed,
                "Only one security alternative is declared: \(chosen.element.keys.joined(separator: " and ")); "
                    + "\(alternative.keys.joined(separator: " and ")) is left out.")
        }
        var properties: [EndpointDeclaration.Property] = []
        var components: [String] = []
        for schemeName in chosen.element.keys {
            guard let scheme = schemes[schemeName].flatMap({ try? document.resolved($0, at: .root).value }) else { continue }
            let schemePointer = JSONPointer(tokens: ["components", "securitySchemes", schemeName])
            switch (scheme["type"]?.string, scheme["scheme"]?.string?.lowercased()) {
            case ("http", "bearer"), ("oauth2", _), ("openIdConnect", _):
                let name = scope.claim("token")
                if scheme["type"]?.string != "http" {
                    models.report.add(
                        schemePointer, .approximated,
                        "The \(scheme["type"]?.string ?? "") scheme is sent as a bearer token; getting the token (its flows, scopes) is the client's: see TokenProvider.")
                }
                properties.append(
                    .init(
                        name: name, type: "String", isOptional: isOptional, defaultValue: isOptional ? "nil" : nil,
                        documentation: ["The access token, sent as `Authorization: Bearer …` and never logged."],
                        codingKey: nil, constraints: []))
                components.append(isOptional ? "if let \(name) { Header.bearer(\(name)) }" : "Header.bearer(\(name))")
            case ("http", "basic"):
                let name = scope.claim("basicCredentials")
                properties.append(
                    .init(
                        name: name, type: "String", isOptional: isOptional, defaultValue: isOptional ? "nil" : nil,
                        documentation: [
                            "`username:password` in Base64, sent as `Authorization: Basic …` (RFC 7617) and never logged."
                        ],
                        codingKey: nil, constraints: []))
                components.append(
                    isOptional
                        ? "if let \(name) { Header(\"Authorization\", \"Basic \\(\(name))\", isSecret: true) }"
                        : "Header(\"Authorization\", \"Basic \\(\(name))\", isSecret: true)")
            case ("apiKey", _):
                let keyName = scheme["name"]?.string ?? "X-API-Key"
                let name = scope.claim("apiKey")
                properties.append(
                    .init(
                        name: name, type: "String", isOptional: isOptional, defaultValue: isOptional ? "nil" : nil,
                        documentation: ["The API key, sent as `\(keyName)` and never logged."], codingKey: nil,
                        constraints: []))
                let literal = ModelBuilder.stringLiteral(keyName)
                switch scheme["in"]?.string {
                case "query": components.append("Query(\(literal), \(name), isSecret: true)")
                case "cookie": components.append("Cookie(\(literal), \(name))")
                default: components.append("Header(\(literal), \(name), isSecret: true)")
                }
            default:
                break
            }
        }
        return (properties, components)
    }

    // MARK: - Responses

    /// The success type and the `SuccessStatus` argument, if it is not the default.
    mutating func successResponse(
        _ operation: DocumentValue, at pointer: JSONPointer, endpoint: String
    ) -> (String, String?) {
        let responses = operation["responses"]?.members ?? .init()
        let successes = responses.keys.filter { Self.statusRange($0).map { $0.lowerBound >= 200 && $0.upperBound < 300 } ?? false }
            .sorted { Self.statusRange($0)!.lowerBound < Self.statusRange($1)!.lowerBound }
        guard let key = successes.first, let response = responses[key] else {
            models.report.add(
                pointer.appending("responses"), .approximated,
                "No 2xx response is documented; the endpoint's success is Empty, answered with 204.")
            return ("Empty", nil)
        }
        for other in successes.dropFirst() {
            models.report.add(
                pointer.appending("responses", other), .notExpressed,
                "Only the first success status (\(key)) is declared; a \(other) still decodes as its success type.")
        }
        let responsePointer = pointer.appending("responses", key)
        let success = bodyType(of: response, at: responsePointer, hint: endpoint + "Response")
        let status = Int(key)
        if key == "2XX" {
            models.report.add(responsePointer, .approximated, "2XX is declared as 200.")
        }
        let isDefault = (status == 200 && success != "Empty") || (status == 204 && success == "Empty") || status == nil
        return (success, isDefault ? nil : String(status!))
    }

    /// The failure type of the operation's 4xx, 5xx and `default` responses with a JSON body.
    mutating func failures(
        _ operation: DocumentValue, at pointer: JSONPointer, endpoint: String
    ) -> EndpointDeclaration.Failure {
        var entries: [(key: String, range: ClosedRange<Int>, model: String, documentation: [String])] = []
        for (key, response) in operation["responses"]?.members ?? .init() {
            let responsePointer = pointer.appending("responses", key)
            guard let range = key == "default" ? 400...599 : Self.statusRange(key) else {
                models.report.add(responsePointer, .notExpressed, "\(key) is not a status code.")
                continue
            }
            if range.lowerBound < 200 || (range.lowerBound >= 300 && range.upperBound < 400) {
                models.report.add(
                    responsePointer, .notExpressed,
                    "A \(key) response is not an endpoint's result: Courier follows redirects and reads 304s itself.")
                continue
            }
            guard range.lowerBound >= 400 else { continue }
            guard let resolved = try? document.resolved(response, at: responsePointer).value,
                let (schema, mediaType) = jsonSchema(of: resolved)
            else {
                models.report.add(
                    responsePointer, .notExpressed,
                    "The \(key) response has no JSON body, so it is not a typed failure: the client throws undocumentedStatus with the status.")
                continue
            }
            let model = models.type(
                of: schema, at: responsePointer.appending("content", mediaType, "schema"),
                hint: endpoint + Self.statusCaseName(key, range).prefix(1).uppercased() + Self.statusCaseName(key, range).dropFirst())
            models.reportUnchecked(model.constraints, at: responsePointer.appending("content", mediaType, "schema"))
            let description = resolved["description"]?.string.map(ModelBuilder.lines) ?? []
            entries.append((key, range, model.type.text, description))
        }
        guard !entries.isEmpty else { return .none }
        let models = Set(entries.map(\.model))
        if models.count == 1, let model = models.first, self.models.isStructure(model),
            !entries.contains(where: { $0.key.hasSuffix("XX") })
        {
            self.models.markAsErrors(model)
            if entries.contains(where: { $0.key == "default" }) {
                for entry in entries where entry.key != "default" {
                    self.models.report.add(
                        pointer.appending("responses", entry.key), .approximated,
                        "\(entry.key) has the default response's model, so it is declared by the default one.")
                }
                return .model(model, statuses: nil)
            }
            return .model(model, statuses: entries.compactMap { Int($0.key) })
        }
        var names = NameScope()
        let ordered = entries.sorted { ($0.range.count, $0.range.lowerBound) < ($1.range.count, $1.range.lowerBound) }
        let cases = ordered.map { entry in
            EndpointDeclaration.DocumentedFailure.Case(
                name: names.claim(Self.statusCaseName(entry.key, entry.range)), model: entry.model,
                statuses: entry.range, documentation: entry.documentation)
        }
        if let entry = entries.first(where: { $0.key == "default" }) {
            _ = entry
            self.models.report.add(
                pointer.appending("responses", "default"), .approximated,
                "The default failure is declared for 400...599, which the export writes as 4XX and 5XX.")
        }
        let name = self.models.typeNames.claim(endpoint + "Failure")
        return .documented(.init(name: name, cases: cases))
    }

    /// The type a response's body decodes as: its JSON schema's type, `String` for text, `Data`
    /// for other media types, `Empty` without content.
    private mutating func bodyType(of response: DocumentValue, at pointer: JSONPointer, hint: String) -> String {
        guard let resolved = try? document.resolved(response, at: pointer) else {
            models.report.add(pointer, .notExpressed, "The response's reference cannot be followed.")
            return "Empty"
        }
        let value = resolved.value
        for key in ["headers", "links"] where value[key] != nil {
            models.report.add(
                pointer.appending(key), .notExpressed,
                key == "headers"
                    ? "Response headers are not part of the success type; read them from the response (Client.response)."
                    : "Links are not expressed.",
                changesExport: false)
        }
        guard let content = value["content"]?.members, !content.isEmpty else { return "Empty" }
        let chosen: String
        let type: String
        if let (schema, mediaType) = jsonSchema(of: value) {
            chosen = mediaType
            let resolved = models.type(of: schema, at: pointer.appending("content", mediaType, "schema"), hint: hint)
            models.reportUnchecked(resolved.constraints, at: pointer.appending("content", mediaType, "schema"))
            type = resolved.type.text
        } else if let text = content.keys.first(where: { $0.hasPrefix("text/") && $0 != "text/event-stream" }) {
            chosen = text
            type = "String"
        } else {
            chosen = content.keys[0]
            type = "Data"
            if chosen == "text/event-stream" {
                models.report.add(
                    pointer.appending("content", chosen), .approximated,
                    "An event stream is read as its bytes; declare EventStream<Model> by hand for typed events.")
            }
        }
        for other in content.keys where other != chosen {
            models.report.add(
                pointer.appending("content", other), .notExpressed,
                "Only \(chosen) is declared; \(other) is left out.")
        }
        return type
    }

    /// The schema and media type of a JSON body (`application/json` or `…+json`).
    func jsonSchema(of value: DocumentValue) -> (DocumentValue, String)? {
        guard let content = value["content"]?.members else { return nil }
        for (mediaType, media) in content where Self.isJSON(mediaType) {
            return (media["schema"] ?? .object(.init()), mediaType)
        }
        return nil
    }

    static func isJSON(_ mediaType: String) -> Bool {
        let base = mediaType.split(separator: ";")[0].trimmingCharacters(in: .whitespaces).lowercased()
        return base == "application/json" || base.hasSuffix("+json") || base == "*/*" && false
    }

    /// The statuses a response key covers: `404`, `4XX`.
    static func statusRange(_ key: String) -> ClosedRange<Int>? {
        if let code = Int(key), (100...599).contains(code) { return code...code }
        let upper = key.uppercased()
        if upper.count == 3, upper.hasSuffix("XX"), let hundred = Int(upper.prefix(1)), (1...5).contains(hundred) {
            return hundred * 100...hundred * 100 + 99
        }
        return nil
    }

    /// A case name for a failure status: `notFound`, `clientError`, `other`.
    static func statusCaseName(_ key: String, _ range: ClosedRange<Int>) -> String {
        if key == "default" { return "other" }
        if range.count > 1 { return range.lowerBound == 400 ? "clientError" : "serverError" }
        let names = [
            400: "badRequest", 401: "unauthorized", 402: "paymentRequired", 403: "forbidden", 404: "notFound",
            405: "methodNotAllowed", 406: "notAcceptable", 408: "requestTimeout", 409: "conflict", 410: "gone",
            411: "lengthRequired", 412: "preconditionFailed", 413: "contentTooLarge", 414: "uriTooLong",
            415: "unsupportedMediaType", 416: "rangeNotSatisfiable", 422: "unprocessableContent", 423: "locked",
            428: "preconditionRequired", 429: "tooManyRequests", 451: "unavailableForLegalReasons",
            500: "internalServerError", 501: "notImplemented", 502: "badGateway", 503: "serviceUnavailable",
            504: "gatewayTimeout",
        ]
        return names[range.lowerBound] ?? "status\(range.lowerBound)"
    }
}
