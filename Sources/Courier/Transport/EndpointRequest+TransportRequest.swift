import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension EndpointRequest {
    /// What a transport sends for this request against `baseURL`.
    ///
    /// The transport gets the connect and idle timeouts; an idle timeout left unset is the total
    /// timeout, which Courier itself enforces around the whole call.
    public func transportRequest(baseURL: BaseURL) throws(CourierError) -> TransportRequest {
        TransportRequest(
            method: method, url: try baseURL.url(for: self), headers: headers, body: body,
            timeout: Timeout(connect: timeout.connect, idle: timeout.idle ?? timeout.total),
            isIdempotent: isIdempotent,
            responseBodyFile: responseBodyFile, streamsResponse: streamsResponse
        )
    }

    /// A `URLRequest` for this request against `baseURL`, for use with other networking code.
    ///
    /// Repeated header names are joined with `, ` because `URLRequest` stores one value per name.
    public func urlRequest(baseURL: BaseURL) throws(CourierError) -> URLRequest {
        try transportRequest(baseURL: baseURL).urlRequest
    }
}
