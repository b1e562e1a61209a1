/// Headers and query parameters the client adds to every request, changeable at any time.
///
/// Set a token after sign-in, and every later request carries it:
///
/// ```swift
/// try await client.defaults.setHeader(.authorization, "Bearer \(token)")
/// ```
///
/// A header or query parameter the endpoint declares itself takes precedence over a default
/// of the same name. Default headers go before the declared ones; default query parameters go
/// after them (`?page=2&api_version=3`). Headers and parameters are validated as if an endpoint
/// declared them, so ``setHeader(_:_:isSecret:)`` and ``setQuery(_:_:isSecret:)`` both throw.
public actor ClientDefaults {
    /// The headers and query parameters, kept behind a lock so that ``current`` reads them without
    /// an actor hop; only the actor's methods change them, one at a time.
    struct Values: Sendable {
        var headers: HeaderFields = []
        var query: [QueryItem] = []
    }

    private let values: LockedValue<Values>

    /// The default header fields, in order.
    public var headers: HeaderFields { values.withLock { $0.headers } }
    /// The default query parameters, in order.
    public var query: [QueryItem] { values.withLock { $0.query } }

    /// Creates empty defaults.
    public init() {
        values = LockedValue(Values())
    }

    /// Creates defaults, validated as if an endpoint declared them.
    ///
    /// ```swift
    /// let defaults = try ClientDefaults(query: [QueryItem(name: "api_version", value: "3")])
    /// ```
    ///
    /// - Parameters:
    ///   - headers: Header fields for every request.
    ///   - query: Query parameters for every request, after the declared ones.
    /// - Throws: ``CourierError/Kind/invalidHeaderValue`` (and the other header kinds) or
    ///   ``CourierError/Kind/invalidQueryName``.
    public init(headers: HeaderFields = [], query: [QueryItem] = []) throws(CourierError) {
        var added = HeaderFields()
        for field in headers { try RequestRules.add(field, to: &added) }
        for item in query { try RequestRules.validate(queryItem: item) }
        values = LockedValue(Values(headers: added, query: query))
    }

    /// Sets `name` to `value`, replacing any default of that name.
    ///
    /// Values of credential headers (and `isSecret` ones) are redacted in every rendering.
    public func setHeader(_ name: HeaderName, _ value: String, isSecret: Bool = false) throws(CourierError) {
        let field = HeaderField(name: name, value: value, isSecret: isSecret)
        try RequestRules.validate(header: field)
        values.withLock { $0.headers.set(field) }
    }

    /// Removes the default header `name`.
    public func removeHeader(_ name: HeaderName) {
        values.withLock { $0.headers.removeAll(named: name) }
    }

    /// Sets the query parameter `name` to `value`, replacing any default of that name.
    ///
    /// Values marked `isSecret` (and those sensitive by name, such as `api_key`) are redacted in
    /// every rendering.
    ///
    /// - Throws: ``CourierError/Kind/invalidQueryName`` for an empty name.
    public func setQuery(_ name: String, _ value: String, isSecret: Bool = false) throws(CourierError) {
        let item = QueryItem(name: name, value: value, isSecret: isSecret)
        try RequestRules.validate(queryItem: item)
        values.withLock { values in
            values.query.removeAll { $0.name == name }
            values.query.append(item)
        }
    }

    /// Removes the default query parameter `name`.
    public func removeQuery(_ name: String) {
        values.withLock { values in values.query.removeAll { $0.name == name } }
    }

    /// The default headers and query parameters as they stand now, read without a hop to the
    /// actor.
    nonisolated var current: Values {
        values.withLock { $0 }
    }
}
