import Foundation

extension EndpointBuilder {
    /// The properties and components of the operation's security requirement: the first
    /// alternative whose every scheme Courier can send, preferring a bearer token, then an API
    /// key, then Basic credentials. `keysNamedByParameters` are the schemes whose API key's field
    /// a parameter of the operation names (``apiKeyFields(of:)``).
    mutating func security(
        _ operation: DocumentValue, at pointer: JSONPointer, scope: inout NameScope,
        keysNamedByParameters: Set<String> = []
    ) -> ([EndpointDeclaration.Property], [String]) {
        let requirementPointer =
            operation["security"] != nil ? pointer.appending("security") : JSONPointer(tokens: ["security"])
        let declared = operation["security"] ?? document.root["security"]
        guard let requirements = declared?.array, !requirements.isEmpty else {
            if declared != nil, declared?.array == nil {
                models.report.add(
                    requirementPointer, .notExpressed,
                    "security is not a list of requirement objects, so no credentials are declared: write it "
                        + "as [{scheme: [...]}].")
            }
            return ([], [])
        }
        let isOptional = requirements.contains { $0.members?.isEmpty ?? false }
        let schemes = document.root["components"]?["securitySchemes"]?.members ?? .init()
        let alternatives = requirements.compactMap(\.members).filter { !$0.isEmpty }
        for name in Set(alternatives.flatMap(\.keys)).sorted() where schemes[name] == nil {
            models.report.add(
                requirementPointer, .notExpressed,
                "The security scheme \(name) is not declared in components.securitySchemes, so no alternative "
                    + "that names it is declared.")
        }
        guard let chosen = chosenAlternative(alternatives) else {
            if !alternatives.isEmpty {
                models.report.add(
                    requirementPointer, .notExpressed,
                    "No security alternative uses a scheme Courier sends (bearer, API key, Basic); give the credentials to the client, for example with AuthenticationMiddleware."
                )
            }
            return ([], [])
        }
        for (offset, alternative) in alternatives.enumerated() where offset != chosen.offset {
            models.report.add(
                requirementPointer, .notExpressed,
                "Only one security alternative is declared: \(chosen.element.keys.joined(separator: " and ")); "
                    + "\(alternative.keys.joined(separator: " and ")) is left out.")
        }
        var properties: [EndpointDeclaration.Property] = []
        var components: [String] = []
        var authorizationScheme: String?
        // The API keys a catalog would read as keys, in the order they are declared.
        var readableKeys: [(scheme: String, location: String, name: String)] = []
        for schemeName in chosen.element.keys {
            guard let scheme = schemes[schemeName].flatMap({ try? document.resolved($0, at: .root).value })
            else { continue }
            let schemePointer = JSONPointer(tokens: ["components", "securitySchemes", schemeName])
            let header = Self.header(of: scheme)
            if header?.lowercased() == "authorization" {
                // A request carries one Authorization field (its value is not a list).
                if let first = authorizationScheme {
                    models.report.add(
                        requirementPointer, .notExpressed,
                        "\(schemeName) would send a second Authorization header beside \(first)'s, which a "
                            + "request carries once; it is left out.")
                    continue
                }
                authorizationScheme = schemeName
            } else if let header, header.lowercased() == "proxy-authorization" {
                models.report.add(
                    schemePointer, .notExpressed,
                    "\(schemeName) sends its key in \(header), which Courier refuses on a request (it would "
                        + "reach the server through a proxy's tunnel; a proxy's credentials go in the transport's "
                        + "proxy settings); it is left out.")
                continue
            } else if let header, Self.reservedHeaderNames.contains(header.lowercased()) {
                models.report.add(
                    schemePointer, .notExpressed,
                    "Courier sets \(header) itself, so \(schemeName) cannot send its key there; it is left out."
                )
                continue
            }
            if scheme["type"]?.string == "apiKey", let name = scheme["name"]?.string,
                let refusal = Self.nameRefusal(of: name, in: scheme["in"]?.string ?? "header")
            {
                models.report.add(
                    schemePointer, .notExpressed,
                    "\(refusal); the scheme \(schemeName) is left out.")
                continue
            }
            // OAuth 2 and OpenID Connect name scopes; other schemes may name roles (OpenAPI 3.1).
            let scopes = (chosen.element[schemeName]?.array ?? []).compactMap(\.string)
            if !scopes.isEmpty {
                let word = ["oauth2", "openIdConnect"].contains(scheme["type"]?.string) ? "scope" : "role"
                models.report.add(
                    requirementPointer, .notExpressed,
                    "The \(word)\(scopes.count == 1 ? "" : "s") \(scopes.joined(separator: ", ")) that "
                        + "\(schemeName) requires \(scopes.count == 1 ? "is" : "are") not declared (the export "
                        + "lists the scheme without them); the credentials you send must grant them.")
            }
            switch (scheme["type"]?.string, scheme["scheme"]?.string?.lowercased()) {
            case ("http", "bearer"), ("oauth2", _), ("openIdConnect", _):
                let name = scope.claim("token")
                if let type = scheme["type"]?.string, type != "http" {
                    models.report.add(
                        schemePointer, .approximated,
                        "The \(type) scheme is sent as a bearer token; getting the token (its flows, scopes) is the client's: see TokenProvider."
                    )
                    // Where the operation requires it, the export names HTTP bearer instead.
                    models.report.add(
                        requirementPointer, .approximated,
                        "\(schemeName) (\(type)) is required as a bearer token, which the export names HTTP bearer."
                    )
                }
                properties.append(
                    .init(
                        name: name, type: "String", isOptional: isOptional,
                        defaultValue: isOptional ? "nil" : nil,
                        documentation: [
                            "The access token, sent as `Authorization: Bearer …` and never logged."
                        ],
                        codingKey: nil, constraints: []))
                components.append(
                    isOptional ? "if let \(name) { Header.bearer(\(name)) }" : "Header.bearer(\(name))")
            case ("http", "basic"):
                let name = scope.claim("basicCredentials")
                properties.append(
                    .init(
                        name: name, type: "String", isOptional: isOptional,
                        defaultValue: isOptional ? "nil" : nil,
                        documentation: [
                            "`username:password` in Base64, sent as `Authorization: Basic …` (RFC 7617) and never logged."
                        ],
                        codingKey: nil, constraints: []))
                components.append(
                    isOptional
                        ? "if let \(SwiftNames.declared(name)) { Header(\"Authorization\", \"Basic \\(\(SwiftNames.declared(name)))\", isSecret: true) }"
                        : "Header(\"Authorization\", \"Basic \\(\(SwiftNames.declared(name)))\", isSecret: true)"
                )
            case ("apiKey", _):
                let keyName = scheme["name"]?.string ?? "X-API-Key"
                let name = scope.claim("apiKey")
                properties.append(
                    .init(
                        name: name, type: "String", isOptional: isOptional,
                        defaultValue: isOptional ? "nil" : nil,
                        documentation: ["The API key, sent as `\(keyName)` and never logged."],
                        codingKey: nil,
                        constraints: []))
                let literal = ModelBuilder.stringLiteral(keyName)
                switch Self.apiKeyLocation(of: scheme) {
                case "query":
                    components.append("Query(\(literal), \(SwiftNames.declared(name)), isSecret: true)")
                case "cookie": components.append("Cookie(\(literal), \(SwiftNames.declared(name)))")
                default: components.append("Header(\(literal), \(SwiftNames.declared(name)), isSecret: true)")
                }
                let location = Self.apiKeyLocation(of: scheme)
                // A key in the Authorization field is the credential a catalog reads first.
                guard authorizationScheme != schemeName else { continue }
                if Self.exportsAsAPIKey(keyName, in: location) {
                    readableKeys.append((schemeName, location, keyName))
                } else {
                    models.report.add(
                        requirementPointer, .approximated,
                        "The API key of \(schemeName) is sent as the \(location) \(keyName), which the export lists as a "
                            + "\(location) parameter and not as a security scheme: a catalog reads only a secret header or "
                            + "query item whose name says key or token as an API key.")
                    if !keysNamedByParameters.contains(schemeName) {
                        models.report.add(
                            pointer.appending("parameters"), .approximated,
                            "The export lists the \(location) \(keyName) that \(schemeName)'s API key is sent in as a "
                                + "parameter of the operation.")
                    }
                }
            default:
                break
            }
        }
        // A catalog reads one credential per request: the Authorization field's, else the first
        // key in a header, else the first in the query. Any other key it lists as a parameter.
        let readKey =
            authorizationScheme != nil
            ? nil
            : readableKeys.first { $0.location == "header" } ?? readableKeys.first { $0.location == "query" }
        for key in readableKeys where key.scheme != readKey?.scheme {
            let read = authorizationScheme ?? readKey?.scheme ?? ""
            models.report.add(
                requirementPointer, .approximated,
                "The API key of \(key.scheme) is sent as the \(key.location) \(key.name) beside \(read)'s credential; "
                    + "the export lists one credential per operation, \(read)'s, and this key as a \(key.location) "
                    + "parameter.")
            if !keysNamedByParameters.contains(key.scheme) {
                models.report.add(
                    pointer.appending("parameters"), .approximated,
                    "The export lists the \(key.location) \(key.name) that \(key.scheme)'s API key is sent in as a "
                        + "parameter of the operation.")
            }
        }
        return (properties, components)
    }

    /// The alternative of a requirement list's (`alternatives`, without `{}`) that an endpoint
    /// declares, and its offset: the first of those whose every scheme Courier sends, preferring a
    /// bearer token, then an API key, then Basic credentials; `nil` when none is.
    private func chosenAlternative(_ alternatives: [DocumentValue.Members]) -> (
        offset: Int, element: DocumentValue.Members
    )? {
        let schemes = document.root["components"]?["securitySchemes"]?.members ?? .init()
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
        else { return nil }
        return chosen
    }

    /// Where the API keys of the alternative the endpoint declares for `operation` are sent: the
    /// `in` and `name` of each, and its scheme's name. A header, query or cookie parameter of the
    /// same place and name is the same field, which a request carries once. A key that is left out
    /// (a name that is no token, a header Courier sets) is not among them, and neither is one in a
    /// header OpenAPI says a parameter cannot name (`Authorization`).
    func apiKeyFields(of operation: DocumentValue) -> [(location: String, name: String, scheme: String)] {
        let declared = operation["security"] ?? document.root["security"]
        let alternatives = (declared?.array ?? []).compactMap(\.members).filter { !$0.isEmpty }
        guard let chosen = chosenAlternative(alternatives) else { return [] }
        let schemes = document.root["components"]?["securitySchemes"]?.members ?? .init()
        return chosen.element.keys.compactMap { schemeName in
            guard let scheme = schemes[schemeName].flatMap({ try? document.resolved($0, at: .root).value }),
                scheme["type"]?.string == "apiKey"
            else { return nil }
            let location = Self.apiKeyLocation(of: scheme)
            let name = scheme["name"]?.string ?? "X-API-Key"
            let setByCourier =
                ["accept", "content-type", "authorization", "proxy-authorization"].contains(name.lowercased())
                || Self.reservedHeaderNames.contains(name.lowercased())
            guard !(location == "header" && setByCourier), Self.nameRefusal(of: name, in: location) == nil
            else {
                return nil
            }
            return (location, name, schemeName)
        }
    }

    /// Where an API key scheme sends its key: `query`, `cookie`, or else `header`.
    static func apiKeyLocation(of scheme: DocumentValue) -> String {
        switch scheme["in"]?.string {
        case "query": "query"
        case "cookie": "cookie"
        default: "header"
        }
    }

    /// Whether a catalog's export names the API key sent in the `location` (`header`, `query` or
    /// `cookie`) field `name` as an API key security scheme rather than as a parameter: Courier's
    /// `EndpointCredentials` reads the `Authorization` header as one whatever its value, another
    /// secret header or query item only when its name says key or token
    /// (`EndpointCredentials.namesAKey`), and a cookie never. `CourierRulesTests` holds the two
    /// rules together.
    static func exportsAsAPIKey(_ name: String, in location: String) -> Bool {
        let lower = name.lowercased()
        switch location {
        case "header": return lower == "authorization" || lower.contains("key") || lower.contains("token")
        case "query": return lower.contains("key") || lower.contains("token")
        default: return false
        }
    }

    /// The header a security scheme sends its credentials in: `Authorization` for HTTP bearer and
    /// Basic, OAuth 2 and OpenID Connect, its `name` for an API key in a header; `nil` otherwise.
    static func header(of scheme: DocumentValue) -> String? {
        switch (scheme["type"]?.string, scheme["scheme"]?.string?.lowercased()) {
        case ("http", "bearer"), ("http", "basic"), ("oauth2", _), ("openIdConnect", _): "Authorization"
        case ("apiKey", _) where scheme["in"]?.string == "header" || scheme["in"] == nil:
            scheme["name"]?.string ?? "X-API-Key"
        default: nil
        }
    }
}
