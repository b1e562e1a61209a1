extension Client {
    /// The request this client would send for `endpoint`, before middleware: built with the
    /// client's encoder, its current ``defaults`` and its timeouts where the endpoint declares
    /// none. No I/O happens.
    ///
    /// ```swift
    /// let request = try await client.request(for: API.user(42))
    /// print(try request.curlCommand(baseURL: client.baseURL))
    /// ```
    public func request(for endpoint: some EndpointRepresentable) async throws(CourierError)
        -> EndpointRequest
    {
        await defaults.apply(to: try endpoint.endpoint.request(encoder: encoder, formEncoding: formEncoding))
            .applying(timeout: timeout, connectTimeout: connectTimeout, idleTimeout: idleTimeout)
            .naming(
                template: (endpoint as? any CatalogEndpoint).flatMap { EndpointTemplates.template(of: $0) })
    }
}

extension EndpointRepresentable {
    /// Builds the request value with no client and no I/O; see ``Endpoint/request(encoder:formEncoding:)``.
    public func request() throws(CourierError) -> EndpointRequest {
        try endpoint.request()
    }
}
