import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension EndpointRequest {
    /// What a transport sends for this request against `baseURL`.
    public func transportRequest(baseURL: BaseURL) throws(CourierError) -> TransportRequest {
        TransportRequest(
            method: method, url: try baseURL.url(for: self), headers: headers, body: body,
            connectTimeout: connectTimeout, idleTimeout: idleTimeout ?? timeout, isIdempotent: isIdempotent,
            responseBodyFile: responseBodyFile
        )
    }

    /// A `URLRequest` for this request against `baseURL`, for use with other networking code.
    ///
    /// Repeated header names are joined with `, ` because `URLRequest` stores one value per name.
    public func urlRequest(baseURL: BaseURL) throws(CourierError) -> URLRequest {
        try transportRequest(baseURL: baseURL).urlRequest
    }
}
