extension EndpointRequest {
    /// A copy with `field` added after the existing fields; validated like a declared header.
    ///
    /// Middleware uses this to add headers:
    ///
    /// ```swift
    /// let signed = try request.addingHeader(HeaderField(name: .authorization, value: "Bearer \(token)"))
    /// ```
    public func addingHeader(_ field: HeaderField) throws(CourierError) -> EndpointRequest {
        try RequestValidation.validate(header: field)
        var fields = headers
        fields.append(field)
        return replacing(headers: fields)
    }

    /// A copy where `field` replaces every field of the same name; validated like a declared header.
    public func settingHeader(_ field: HeaderField) throws(CourierError) -> EndpointRequest {
        try RequestValidation.validate(header: field)
        var fields = headers
        fields.set(field)
        return replacing(headers: fields)
    }

    /// A copy without any field named `name`.
    public func removingHeaders(named name: HeaderName) -> EndpointRequest {
        var fields = headers
        fields.removeAll(named: name)
        return replacing(headers: fields)
    }

    /// A copy with `item` appended to the query.
    public func addingQueryItem(_ item: QueryItem) -> EndpointRequest {
        replacing(query: query + [item])
    }
}
