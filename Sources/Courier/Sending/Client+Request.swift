extension Client {
    /// The request this client would send for `endpoint`, before middleware: built with the
    /// client's ``Configuration``, its current ``defaults`` and its timeouts where the endpoint
    /// declares none. No I/O happens.
    ///
    /// ```swift
    /// let request = try await client.request(for: API.user(42))
    /// print(try request.curlCommand(baseURL: client.baseURL))
    /// ```
    public func request(for endpoint: some EndpointRepresentable) async throws(CourierError)
        -> EndpointRequest
    {
        try await request(for: endpoint.endpoint, template: EndpointTemplates.template(of: endpoint))
    }

    /// The request for an endpoint value that was already built from its declaration, so that
    /// ``send(_:)`` runs a ``RequestModel``'s definition once.
    func request<Success, Failure>(for endpoint: Endpoint<Success, Failure>, template: String?)
        async throws(CourierError) -> EndpointRequest
    {
        let built = try endpoint.request(
            encoder: configuration.encoder, formEncoding: configuration.formEncoding)
        return defaults.apply(to: built).with { request in
            request.timeout = request.timeout.filling(from: configuration.timeout)
            request.template = template
            request.streamsResponse = Success.self is any StreamedResponseBody.Type
        }
    }
}
