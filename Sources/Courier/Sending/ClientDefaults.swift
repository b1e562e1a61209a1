/// Headers and query parameters the client adds to every request, changeable at any time.
///
/// Set a token after sign-in, and every later request carries it:
///
/// ```swift
/// try await client.defaults.setHeader(.authorization, "Bearer \(token)")
/// ```
///
/// A header or query parameter the endpoint declares itself takes precedence over a default
/// of the same name.
public actor ClientDefaults {
    /// The default header fields, in order.
    public private(set) var headers: HeaderFields
    /// The default query parameters, in order.
    public private(set) var query: [QueryItem]

    /// Creates empty defaults.
    public init() {
        headers = []
        query = []
    }

    /// Creates defaults; headers are validated as if an endpoint declared them.
    public init(headers: HeaderFields, query: [QueryItem] = []) throws(CourierError) {
        for field in headers { try RequestValidation.validate(header: field) }
        self.headers = headers
        self.query = query
    }

    /// Sets `name` to `value`, replacing any default of that name.
    ///
    /// Values of credential headers (and `isSecret` ones) are redacted in every rendering.
    public func setHeader(_ name: HeaderName, _ value: String, isSecret: Bool = false) throws(CourierError) {
        let field = HeaderField(name: name, value: value, isSecret: isSecret)
        try RequestValidation.validate(header: field)
        headers.set(field)
    }

    /// Removes the default header `name`.
    public func removeHeader(_ name: HeaderName) {
        headers.removeAll(named: name)
    }

    /// Sets the query parameter `name` to `value`, replacing any default of that name.
    public func setQuery(_ name: String, _ value: String) {
        query.removeAll { $0.name == name }
        query.append(QueryItem(name: name, value: value))
    }

    /// Removes the default query parameter `name`.
    public func removeQuery(_ name: String) {
        query.removeAll { $0.name == name }
    }

    /// `request` with the defaults it does not override placed before its own fields.
    func apply(to request: EndpointRequest) -> EndpointRequest {
        let headers = headers.filter { !request.headers.contains($0.name) } + request.headers
        let declaredNames = Set(request.query.map(\.name))
        let query = query.filter { !declaredNames.contains($0.name) } + request.query
        return request.with { request in
            request.query = query
            request.headers = HeaderFields(headers)
        }
    }
}
