extension EndpointRequest {
    /// This request as a client sends it: with the client's `defaults`, the call's `options`, and
    /// the client's `timeout` where neither the endpoint nor the options set one.
    ///
    /// A per-call URL is the exact target: the endpoint's path and query do not follow it. A
    /// default header or query parameter goes only where the request has none of its name; the
    /// options' headers replace every field of their names, validated like declared ones.
    func prepared(defaults: ClientDefaults.Values, options: CallOptions?, timeout clientTimeout: Timeout)
        throws(CourierError) -> EndpointRequest
    {
        var request = self
        if options?.url != nil {
            request.pathSegments = []
            // The endpoint's path, and so its secret values, are not sent.
            request.secretPath = nil
            request.query = []
        }
        let declaredNames = Set(request.query.map(\.name))
        request.headers = HeaderFields(
            defaults.headers.filter { !request.headers.contains($0.name) } + request.headers)
        request.query += defaults.query.filter { !declaredNames.contains($0.name) }
        if let options { try request.apply(options) }
        request.timeout = request.timeout.filling(from: clientTimeout)
        return request
    }

    /// Applies a call's `options`, validated like a declared request.
    private mutating func apply(_ options: CallOptions) throws(CourierError) {
        // The names are removed once, then every field added as a declared one is.
        for field in options.headers {
            self = removingHeaders(named: field.name)
        }
        for field in options.headers {
            self = try addingHeader(field)
        }
        if let timeout = options.timeout {
            try RequestAssembly.validate(timeout)
            self.timeout = timeout.filling(from: self.timeout)
        }
        if let url = options.url {
            absoluteTarget = try AbsoluteTarget(
                url, sendsSecretsToOtherOrigin: options.sendsSecretsToOtherOrigin)
        }
        if let cachePolicy = options.cachePolicy {
            self.cachePolicy = cachePolicy
        }
        if let configuration = options.urlRequestConfiguration {
            urlRequestConfiguration = configuration
        }
    }
}
