extension EndpointBuilder {
    /// Counts the vendor extensions (`x-…`) of an operation and of the objects it holds that are
    /// no schemas (its parameters, request body, responses), which the report names once per name
    /// and kind of object, as it does those of schemas.
    mutating func noteExtensions(
        ofOperation operation: DocumentValue, at pointer: JSONPointer,
        parameters: [(DocumentValue, JSONPointer, JSONPointer)]
    ) {
        models.noteExtensions(of: operation, at: pointer, in: "operations")
        for (parameter, definition, _) in parameters {
            models.noteExtensions(of: parameter, at: definition, in: "parameters")
        }
        if let body = operation["requestBody"],
            let (value, place) = try? document.resolved(body, at: pointer.appending("requestBody"))
        {
            models.noteExtensions(of: value, at: place, in: "request bodies")
        }
        guard let responses = operation["responses"] else { return }
        // The responses object has extensions of its own beside the statuses.
        models.noteExtensions(of: responses, at: pointer.appending("responses"), in: "responses")
        for (key, response) in responses.members ?? .init() where !key.hasPrefix("x-") {
            guard
                let (value, place) = try? document.resolved(response, at: pointer.appending("responses", key))
            else { continue }
            models.noteExtensions(of: value, at: place, in: "responses")
        }
    }
}
