import Foundation

extension Client {
    /// The request this client would send for `endpoint`, before middleware: built with the
    /// client's ``Configuration``, its current ``defaults``, the call's `options` and the
    /// client's timeouts where neither sets one. No I/O happens, and no wait.
    ///
    /// ```swift
    /// let request = try client.request(for: API.user(42))
    /// print(try request.curlCommand(baseURL: client.baseURL))
    /// ```
    public func request(for endpoint: some EndpointRepresentable, options: CallOptions? = nil)
        throws(CourierError) -> EndpointRequest
    {
        try request(
            for: endpoint.endpoint, facts: EndpointTypeFacts.of(endpoint), options: options)
    }

    /// The URL this client would send `endpoint` to, before middleware, with its current
    /// ``defaults`` and the call's `options`: ``request(for:options:)`` resolved in one call.
    ///
    /// ```swift
    /// let url = try client.url(for: API.user(42))   // https://api.example.com/users/42
    /// ```
    public func url(for endpoint: some EndpointRepresentable, options: CallOptions? = nil)
        throws(CourierError) -> URL
    {
        try request(for: endpoint, options: options).transportRequest(baseURL: baseURL).url
    }

    /// The request for an endpoint value that was already built from its declaration, so that
    /// ``send(_:)`` runs a ``RequestModel``'s definition once.
    ///
    /// Without call options, the request prepared last for the same parts, defaults and endpoint
    /// type is found again (``BuiltRequestMemo/prepared(for:defaults:facts:prepare:)``).
    @usableFromInline func request<Success, Failure>(
        for endpoint: Endpoint<Success, Failure>, facts: EndpointTypeFacts, options: CallOptions? = nil
    ) throws(CourierError) -> EndpointRequest {
        let defaults = defaults.current
        guard let options else {
            return try memo.prepared(for: endpoint.parts, defaults: defaults, facts: facts) {
                () throws(CourierError) in
                try prepare(endpoint, facts: facts, defaults: defaults, options: nil)
            }
        }
        return try prepare(endpoint, facts: facts, defaults: defaults, options: options)
    }

    /// The request for `endpoint` with `defaults`, `options` and the client's timeouts applied.
    private func prepare<Success, Failure>(
        _ endpoint: Endpoint<Success, Failure>, facts: EndpointTypeFacts,
        defaults: ClientDefaults.Values, options: CallOptions?
    ) throws(CourierError) -> EndpointRequest {
        var built = try memo.request(for: endpoint.parts) { () throws(CourierError) in
            try endpoint.request(encoder: configuration.encoder, formEncoding: configuration.formEncoding)
        }
        if options?.url != nil {
            // A per-call URL is the exact target: the endpoint's path and query do not follow it.
            built = built.with { request in
                request.pathSegments = []
                request.query = []
            }
        }
        var request = ClientDefaults.apply(defaults, to: built)
        if let options { request = try options.apply(to: request) }
        return request.with { request in
            request.timeout = request.timeout.filling(from: configuration.timeout)
            request.template = facts.template
            request.streamsResponse = facts.streamsResponse
        }
    }
}
