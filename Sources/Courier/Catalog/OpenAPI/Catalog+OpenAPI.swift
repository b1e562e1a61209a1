import Foundation

extension Catalog {
    /// Describes the catalog's endpoints as an OpenAPI 3.1 document.
    ///
    /// Each entry becomes an operation under its path template, with the entry's name as its
    /// `operationId` (its module-qualified name when another entry has the same name); how
    /// parameters, security, bodies, responses and models are described is in
    /// <doc:SharingACatalog#Export-OpenAPI>.
    ///
    /// - Parameters:
    ///   - title: The API's title, for `info.title`.
    ///   - version: The version of the API description, for `info.version`.
    ///   - servers: The base URLs the API is served from, for `servers`.
    /// - Returns: The document.
    public func openAPIDocument(title: String, version: String, servers: [BaseURL] = [])
        -> OpenAPIDocument
    {
        var schemas = OpenAPISchemas()
        var paths: [String: JSONValue] = [:]
        // An operationId is unique in a document: entries of one name (`V1.GetThing` and
        // `V2.GetThing`) are told apart by their module-qualified names.
        let sharedNames = Set(Dictionary(grouping: entries, by: \.name).filter { $0.value.count > 1 }.keys)
        // Templates that differ only in their parameters' names (`/things/{id}` and
        // `/things/{thingID}`) are one path, which OpenAPI lists once: under the first entry's
        // template, each later operation's path parameters renamed to match it.
        var templates: [String: String] = [:]
        // Every tag the listed operations use, in the order they first appear, so that tools
        // list the groups in the catalog's order.
        var tags: [String] = []
        for entry in entries {
            let method = entry.shape.method.rawValue.lowercased()
            let own = entry.shape.pathTemplate
            let path = templates[Self.anonymous(own), default: own]
            templates[Self.anonymous(own)] = path
            var item = paths[path]?.members ?? [:]
            guard OpenAPIOperation.methods.contains(method), item[method] == nil else { continue }
            for tag in entry.endpointType.documentation.listedTags where !tags.contains(tag) {
                tags.append(tag)
            }
            let operationID =
                sharedNames.contains(entry.name)
                ? OpenAPISchemas.qualifiedName(entry.endpointType) : entry.name
            let operation = entry.openAPIOperation(operationID, entry.shape, &schemas)
            item[method] = Self.renamingPathParameters(of: operation, from: own, to: path)
            paths[path] = .object(item)
        }
        var document: [String: JSONValue] = [
            // 3.1: an event stream's response schema is one event (OpenAPIOperation's
            // eventStreamResponse). A move to 3.2 must put that schema under `itemSchema`, which
            // 3.2 added for sequential media types such as text/event-stream.
            "openapi": "3.1.0",
            "info": ["title": .string(title), "version": .string(version)],
            "paths": .object(paths),
        ]
        if !servers.isEmpty {
            document["servers"] = .array(servers.map { ["url": .string($0.description)] })
        }
        if !tags.isEmpty { document["tags"] = .array(tags.map { ["name": .string($0)] }) }
        var components: [String: JSONValue] = [:]
        if !schemas.components.isEmpty { components["schemas"] = .object(schemas.components) }
        var securitySchemes: [String: JSONValue] = [:]
        for entry in entries {
            if let security = OpenAPIOperation.securityScheme(entry.shape) {
                securitySchemes[security.name] = security.scheme
            }
        }
        if !securitySchemes.isEmpty { components["securitySchemes"] = .object(securitySchemes) }
        if !components.isEmpty { document["components"] = .object(components) }
        return OpenAPIDocument(json: JSONValue.object(document).text())
    }

    /// `template` with its parameters' names left out: `/things/{}`.
    private static func anonymous(_ template: String) -> String {
        template.replacing(/\{[^}]*\}/, with: "{}")
    }

    /// The names of `template`'s parameters, in order.
    private static func parameterNames(_ template: String) -> [String] {
        template.matches(of: /\{([^}]*)\}/).map { String($0.output.1) }
    }

    /// `operation` with the path parameters named as in `template` renamed as in `path`, an
    /// equivalent template.
    private static func renamingPathParameters(
        of operation: JSONValue, from template: String, to path: String
    )
        -> JSONValue
    {
        guard template != path else { return operation }
        let names = Dictionary(
            zip(parameterNames(template), parameterNames(path)).map { ($0, $1) },
            uniquingKeysWith: { first, _ in first })
        var members = operation.members
        guard case .array(let parameters)? = members["parameters"] else { return operation }
        members["parameters"] = .array(
            parameters.map { parameter in
                var fields = parameter.members
                guard fields["in"] == "path", case .string(let name)? = fields["name"],
                    let renamed = names[name]
                else { return parameter }
                fields["name"] = .string(renamed)
                return .object(fields)
            })
        return .object(members)
    }
}
