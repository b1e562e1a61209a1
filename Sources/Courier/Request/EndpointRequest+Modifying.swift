extension EndpointRequest {
    /// A copy with `field` added after the existing fields; validated like a declared header. A
    /// `Cookie` field joins the request's one, and a second field of a name whose value is not a
    /// list (`Authorization`, `Content-Type`, `User-Agent`…) is refused: use
    /// ``settingHeader(_:)`` to replace one.
    ///
    /// Middleware uses this to add headers:
    ///
    /// ```swift
    /// let traced = try request.addingHeader(HeaderField(name: HeaderName("X-Request-ID"), value: id))
    /// ```
    public func addingHeader(_ field: HeaderField) throws(CourierError) -> EndpointRequest {
        var headers = headers
        try RequestRules.add(field, to: &headers)
        return with { $0.headers = headers }
    }

    /// A copy where `field` replaces every field of the same name; validated like a declared header.
    public func settingHeader(_ field: HeaderField) throws(CourierError) -> EndpointRequest {
        try RequestRules.validate(header: field)
        return with { $0.headers.set(field) }
    }

    /// A copy without any field named `name`.
    public func removingHeaders(named name: HeaderName) -> EndpointRequest {
        with { $0.headers.removeAll(named: name) }
    }

    /// A copy with `item` appended to the query.
    public func addingQueryItem(_ item: QueryItem) -> EndpointRequest {
        with { $0.query.append(item) }
    }
}
