extension EndpointBuilder {
    /// Counts the vendor extensions (`x-…`) of an operation and of the objects it holds that are
    /// no schemas (its parameters, request body, responses, callbacks, their media types,
    /// examples, encodings, headers and links), which the report names once per name and kind of
    /// object, as it does those of schemas.
    mutating func noteExtensions(
        ofOperation operation: DocumentValue, at pointer: JSONPointer,
        parameters: [(DocumentValue, JSONPointer, JSONPointer)]
    ) {
        models.noteExtensions(of: operation, at: pointer, in: "operations")
        for (parameter, definition, _) in parameters {
            noteExtensions(ofParameter: parameter, at: definition)
        }
        noteExtensions(ofRequestBody: operation["requestBody"], at: pointer.appending("requestBody"))
        for (key, callback) in operation["callbacks"]?.members ?? .init() {
            noteExtensions(ofCallback: callback, at: pointer.appending("callbacks", key))
        }
        noteExtensions(ofServers: operation["servers"], at: pointer.appending("servers"))
        guard let responses = operation["responses"] else { return }
        // The responses object has extensions of its own beside the statuses.
        models.noteExtensions(of: responses, at: pointer.appending("responses"), in: "responses")
        for (key, response) in responses.members ?? .init() where !key.hasPrefix("x-") {
            noteExtensions(ofResponse: response, at: pointer.appending("responses", key))
        }
    }

    /// Counts the vendor extensions of a request body and of its media types.
    private mutating func noteExtensions(ofRequestBody value: DocumentValue?, at pointer: JSONPointer) {
        guard let body = noteExtensions(of: value, at: pointer, in: "request bodies") else { return }
        noteExtensions(ofContent: body.value["content"], at: body.pointer.appending("content"))
    }

    /// Counts the vendor extensions of a response and of the objects it holds: its media types,
    /// headers and links.
    private mutating func noteExtensions(ofResponse value: DocumentValue, at pointer: JSONPointer) {
        guard let response = noteExtensions(of: value, at: pointer, in: "responses") else { return }
        noteExtensions(ofContent: response.value["content"], at: response.pointer.appending("content"))
        for (key, header) in response.value["headers"]?.members ?? .init() {
            noteExtensions(ofParameter: header, at: response.pointer.appending("headers", key), in: "headers")
        }
        noteExtensions(ofEach: response.value["links"], at: response.pointer.appending("links"), in: "links")
    }

    /// Counts the vendor extensions of a parameter or header (`kind`) and of the examples and
    /// media types it holds.
    private mutating func noteExtensions(
        ofParameter value: DocumentValue, at pointer: JSONPointer, in kind: String = "parameters"
    ) {
        guard let parameter = noteExtensions(of: value, at: pointer, in: kind) else { return }
        noteExtensions(
            ofEach: parameter.value["examples"], at: parameter.pointer.appending("examples"), in: "examples")
        noteExtensions(ofContent: parameter.value["content"], at: parameter.pointer.appending("content"))
    }

    /// Counts the vendor extensions of each media type of a `content` map and of the examples and
    /// encodings (with their headers) each one holds.
    private mutating func noteExtensions(ofContent content: DocumentValue?, at pointer: JSONPointer) {
        for (key, value) in content?.members ?? .init() {
            guard let media = noteExtensions(of: value, at: pointer.appending(key), in: "media types") else {
                continue
            }
            noteExtensions(
                ofEach: media.value["examples"], at: media.pointer.appending("examples"), in: "examples")
            for (field, encoding) in media.value["encoding"]?.members ?? .init() {
                let place = media.pointer.appending("encoding", field)
                models.noteExtensions(of: encoding, at: place, in: "encodings")
                for (name, header) in encoding["headers"]?.members ?? .init() {
                    noteExtensions(ofParameter: header, at: place.appending("headers", name), in: "headers")
                }
            }
        }
    }

    /// Counts the vendor extensions of each server of a `servers` list and of its variables.
    mutating func noteExtensions(ofServers servers: DocumentValue?, at pointer: JSONPointer) {
        for (offset, server) in (servers?.array ?? []).enumerated() {
            let place = pointer.appending(String(offset))
            noteExtensions(of: server, at: place, in: "servers")
            noteExtensions(ofEach: server["variables"], at: place.appending("variables"), in: "servers")
        }
    }

    /// Counts the vendor extensions of a callback and of the path items it holds, whose requests
    /// the importer does not declare.
    private mutating func noteExtensions(ofCallback value: DocumentValue, at pointer: JSONPointer) {
        guard let callback = noteExtensions(of: value, at: pointer, in: "callbacks") else { return }
        for (expression, item) in callback.value.members ?? .init() where !expression.hasPrefix("x-") {
            noteExtensions(ofPathItem: item, at: callback.pointer.appending(expression))
        }
    }

    /// Counts the vendor extensions of a path item that declares no endpoint (a callback's, a
    /// webhook's, a component's), of its operations and of what they hold; each path item once,
    /// which ends a callback that leads back to itself.
    private mutating func noteExtensions(ofPathItem value: DocumentValue, at pointer: JSONPointer) {
        // Extensions beside a `$ref` are the referring object's own.
        if value["$ref"] != nil { models.noteExtensions(of: value, at: pointer, in: "path items") }
        guard let item = noteExtensions(of: value, at: pointer, in: "path items"),
            walkedPathItems.insert(item.pointer.text).inserted
        else { return }
        noteExtensions(ofServers: item.value["servers"], at: item.pointer.appending("servers"))
        let parameters = (item.value["parameters"]?.array ?? []).enumerated().map { offset, parameter in
            (parameter, item.pointer.appending("parameters", String(offset)), item.pointer)
        }
        var operations = Self.methods32.compactMap { method in
            item.value[method].map { ($0, item.pointer.appending(method)) }
        }
        for (method, operation) in item.value["additionalOperations"]?.members ?? .init() {
            operations.append((operation, item.pointer.appending("additionalOperations", method)))
        }
        for (operation, place) in operations {
            let own = (operation["parameters"]?.array ?? []).enumerated().map { offset, parameter in
                (parameter, place.appending("parameters", String(offset)), place)
            }
            noteExtensions(ofOperation: operation, at: place, parameters: parameters + own)
        }
    }

    /// Counts the vendor extensions of what the importer declares no endpoint for: the webhooks,
    /// and the components that are no schemas (those an operation uses are counted there already,
    /// each place once), with the `paths` and `components` objects' own.
    mutating func noteUndeclaredExtensions() {
        let root = document.root
        for (key, item) in root["webhooks"]?.members ?? .init() {
            noteExtensions(ofPathItem: item, at: JSONPointer(tokens: ["webhooks", key]))
        }
        if let paths = root["paths"] {
            models.noteExtensions(of: paths, at: JSONPointer(tokens: ["paths"]), in: "paths")
        }
        guard let components = root["components"] else { return }
        let place = JSONPointer(tokens: ["components"])
        models.noteExtensions(of: components, at: place, in: "components")
        func each(_ kind: String) -> [(key: String, value: DocumentValue)] {
            (components[kind]?.members).map(Array.init) ?? []
        }
        for (name, value) in each("parameters") {
            noteExtensions(ofParameter: value, at: place.appending("parameters", name))
        }
        for (name, value) in each("headers") {
            noteExtensions(ofParameter: value, at: place.appending("headers", name), in: "headers")
        }
        for (name, value) in each("requestBodies") {
            noteExtensions(ofRequestBody: value, at: place.appending("requestBodies", name))
        }
        for (name, value) in each("responses") {
            noteExtensions(ofResponse: value, at: place.appending("responses", name))
        }
        noteExtensions(ofContent: components["mediaTypes"], at: place.appending("mediaTypes"))
        noteExtensions(ofEach: components["examples"], at: place.appending("examples"), in: "examples")
        noteExtensions(ofEach: components["links"], at: place.appending("links"), in: "links")
        for (name, value) in each("callbacks") {
            noteExtensions(ofCallback: value, at: place.appending("callbacks", name))
        }
        for (name, value) in each("pathItems") {
            noteExtensions(ofPathItem: value, at: place.appending("pathItems", name))
        }
    }

    /// The kinds of components other than schemas and security schemes, with what the report
    /// calls one.
    private static let referableComponents = [
        ("parameters", "parameter"), ("headers", "header"), ("requestBodies", "request body"),
        ("responses", "response"), ("examples", "example"), ("links", "link"), ("callbacks", "callback"),
        ("pathItems", "path item"), ("mediaTypes", "media type"),
    ]

    /// Reports each component other than a schema or a security scheme that no `$ref` outside it
    /// names: nothing reads it, so nothing of it is imported.
    mutating func reportUnreferencedComponents() {
        guard let components = document.root["components"] else { return }
        var references: [(target: [String], site: [String])] = []
        func collect(_ value: DocumentValue, at tokens: [String]) {
            switch value {
            case .object(let members):
                for (key, member) in members {
                    if key == "$ref", let text = member.string, text.hasPrefix("#"),
                        let target = JSONPointer(text)
                    {
                        references.append((target.tokens, tokens))
                    }
                    collect(member, at: tokens + [key])
                }
            case .array(let elements):
                for (offset, element) in elements.enumerated() {
                    collect(element, at: tokens + [String(offset)])
                }
            default: break
            }
        }
        collect(document.root, at: [])
        for (kind, noun) in Self.referableComponents {
            for (name, _) in components[kind]?.members ?? .init() {
                let place = ["components", kind, name]
                let isReferenced = references.contains { reference in
                    reference.target.starts(with: place) && !reference.site.starts(with: place)
                }
                guard !isReferenced else { continue }
                models.report.add(
                    JSONPointer(tokens: place), .notExpressed,
                    "No $ref names the \(noun) \(name), so nothing of it is imported.", changesExport: false)
            }
        }
    }

    /// Counts the vendor extensions (`x-…`) of the document's own objects that hold no operation:
    /// the document, its info (with its contact and license), servers, tags and security schemes.
    mutating func noteDocumentExtensions() {
        let root = document.root
        models.noteExtensions(of: root, at: .root, in: "the document")
        let info = JSONPointer(tokens: ["info"])
        noteExtensions(of: root["info"], at: info, in: "info")
        for part in ["contact", "license"] {
            noteExtensions(of: root["info"]?[part], at: info.appending(part), in: "info")
        }
        noteExtensions(ofServers: root["servers"], at: JSONPointer(tokens: ["servers"]))
        for (offset, tag) in (root["tags"]?.array ?? []).enumerated() {
            noteExtensions(of: tag, at: JSONPointer(tokens: ["tags", String(offset)]), in: "tags")
        }
        noteExtensions(
            ofEach: root["components"]?["securitySchemes"],
            at: JSONPointer(tokens: ["components", "securitySchemes"]), in: "security schemes")
    }

    /// Counts the vendor extensions of `value` at `pointer`, after its `$ref`, as an object of
    /// `kind`; returns it and its place, or `nil` when there is none or its `$ref` leads nowhere.
    @discardableResult
    private mutating func noteExtensions(
        of value: DocumentValue?, at pointer: JSONPointer, in kind: String
    ) -> (value: DocumentValue, pointer: JSONPointer)? {
        guard let value, let resolved = try? document.resolved(value, at: pointer) else { return nil }
        models.noteExtensions(of: resolved.value, at: resolved.pointer, in: kind)
        return resolved
    }

    /// Counts the vendor extensions of each member of `map` (an `examples` or `links` object) at
    /// `pointer`, as objects of `kind`.
    private mutating func noteExtensions(ofEach map: DocumentValue?, at pointer: JSONPointer, in kind: String)
    {
        for (key, value) in map?.members ?? .init() {
            noteExtensions(of: value, at: pointer.appending(key), in: kind)
        }
    }
}
