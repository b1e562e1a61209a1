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
        try request(for: endpoint.endpoint, template: EndpointTemplate.of(endpoint), options: options)
    }

    /// The request for an endpoint already taken from its value (a ``RequestModel`` builds its
    /// definition each time it is asked), with the template of the value's type.
    func request<Success, Failure>(
        for endpoint: Endpoint<Success, Failure>, template: String?, options: CallOptions?
    ) throws(CourierError) -> EndpointRequest {
        var request = try endpoint.request(
            encoder: configuration.encoder, formEncoding: configuration.formEncoding
        )
        .prepared(defaults: defaults.current, options: options, timeout: configuration.timeout)
        request.template = template
        request.streamsResponse = Success.self is any StreamedResponseBody.Type
        return request
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
