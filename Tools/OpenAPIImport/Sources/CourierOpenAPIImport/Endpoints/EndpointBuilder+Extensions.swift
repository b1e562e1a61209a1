extension EndpointBuilder {
    /// Counts the vendor extensions (`x-…`) of an operation and of the objects it holds that are
    /// no schemas (its parameters, request body, responses, their media types and headers),
    /// which the report names once per name and kind of object, as it does those of schemas.
    mutating func noteExtensions(
        ofOperation operation: DocumentValue, at pointer: JSONPointer,
        parameters: [(DocumentValue, JSONPointer, JSONPointer)]
    ) {
        models.noteExtensions(of: operation, at: pointer, in: "operations")
        for (parameter, definition, _) in parameters {
            models.noteExtensions(of: parameter, at: definition, in: "parameters")
        }
        if let body = noteExtensions(
            of: operation["requestBody"], at: pointer.appending("requestBody"), in: "request bodies")
        {
            noteExtensions(
                ofEach: body.value["content"], at: body.pointer.appending("content"), in: "media types")
        }
        guard let responses = operation["responses"] else { return }
        // The responses object has extensions of its own beside the statuses.
        models.noteExtensions(of: responses, at: pointer.appending("responses"), in: "responses")
        for (key, response) in responses.members ?? .init() where !key.hasPrefix("x-") {
            guard
                let response = noteExtensions(
                    of: response, at: pointer.appending("responses", key), in: "responses")
            else { continue }
            noteExtensions(
                ofEach: response.value["content"], at: response.pointer.appending("content"),
                in: "media types")
            noteExtensions(
                ofEach: response.value["headers"], at: response.pointer.appending("headers"), in: "headers")
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
        for (offset, server) in (root["servers"]?.array ?? []).enumerated() {
            let place = JSONPointer(tokens: ["servers", String(offset)])
            noteExtensions(of: server, at: place, in: "servers")
            noteExtensions(ofEach: server["variables"], at: place.appending("variables"), in: "servers")
        }
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

    /// Counts the vendor extensions of each member of `map` (a `content` or `headers` object) at
    /// `pointer`, as objects of `kind`.
    private mutating func noteExtensions(ofEach map: DocumentValue?, at pointer: JSONPointer, in kind: String)
    {
        for (key, value) in map?.members ?? .init() {
            noteExtensions(of: value, at: pointer.appending(key), in: kind)
        }
    }
}
