import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension EndpointRequest {
    /// What a transport sends for this request against `baseURL`.
    ///
    /// The transport gets the connect and idle timeouts; an idle timeout left unset is the total
    /// timeout, which Courier itself enforces around the whole call. A request that streams its
    /// response (``streamsResponse``) gets only its own idle timeout: its total timeout covers the
    /// wait for the head, and must not end a body that keeps arriving.
    ///
    /// A request with an ``absoluteURL`` on another origin than `baseURL` goes without its secret
    /// headers and query values, as a redirect to another origin would, unless it was declared
    /// with `sendsSecretsToOtherOrigin: true`.
    public func transportRequest(baseURL: BaseURL) throws(CourierError) -> TransportRequest {
        let sent = withoutSecretsForOtherOrigin(baseURL: baseURL)
        let timeout = sent.timeout
        var request = TransportRequest(
            method: sent.method, url: try baseURL.url(for: sent), headers: sent.headers, body: sent.body,
            timeout: Timeout(
                connect: timeout.connect,
                idle: sent.streamsResponse ? timeout.idle : timeout.idle ?? timeout.total
            ),
            isIdempotent: sent.isIdempotent, responseBodyFile: sent.responseBodyFile,
            streamsResponse: sent.streamsResponse
        )
        request.urlRequestConfiguration = sent.urlRequestConfiguration
        request.context = sent.context
        request.partialDownload = sent.partialDownload
        return request
    }

    /// This request, without secret headers and query values when its absolute URL is on another
    /// origin than `baseURL` and it did not opt in: what is sent.
    func withoutSecretsForOtherOrigin(baseURL: BaseURL) -> EndpointRequest {
        guard !keepsSecrets(baseURL: baseURL) else { return self }
        return with { request in
            request.headers = HeaderFields(request.headers.filter { !$0.isSensitive })
            request.query.removeAll(where: \.isSensitive)
        }
    }

    /// Whether this request, sent against `baseURL`, carries its secret headers and query values:
    /// `false` for an absolute URL on another origin that did not opt in.
    func keepsSecrets(baseURL: BaseURL) -> Bool {
        guard let target = absoluteTarget else { return true }
        return target.sendsSecretsToOtherOrigin || !target.isOtherOrigin(than: baseURL)
    }

    /// A `URLRequest` for this request against `baseURL`, for use with other networking code.
    ///
    /// Repeated header names are joined with `, ` because `URLRequest` stores one value per name.
    public func urlRequest(baseURL: BaseURL) throws(CourierError) -> URLRequest {
        try transportRequest(baseURL: baseURL).urlRequest
    }
}
