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
    public func request<E: EndpointRepresentable>(for endpoint: E, options: CallOptions? = nil)
        throws(CourierError) -> EndpointRequest
    {
        try prepare(endpoint, options: options).request
    }

    /// The request for `endpoint`, as ``request(for:options:)`` builds it, and the decoder of its
    /// responses: the endpoint is taken from its value once (a ``RequestModel`` builds its
    /// definition each time it is asked).
    func prepare<E: EndpointRepresentable>(_ endpoint: E, options: CallOptions?)
        throws(CourierError) -> (request: EndpointRequest, decoder: JSONDecoder)
    {
        let declared = endpoint.endpoint
        var request = try declared.request(
            encoder: configuration.encoder, formEncoding: configuration.formEncoding)
        if let body = E.Success.self as? any StreamedResponseBody.Type {
            request.streamsResponse = true
            for field in body.requestHeaders where !request.headers.contains(field.name) {
                request.headers.append(field)
            }
        }
        request = try request.prepared(
            defaults: defaults.current, options: options, timeout: configuration.timeout)
        request.template = EndpointTemplate.of(endpoint)
        return (request, declared.decoder ?? configuration.decoder)
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
}
