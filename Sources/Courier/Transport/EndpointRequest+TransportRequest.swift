import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension EndpointRequest {
    /// What a transport sends for this request against `baseURL`.
    ///
    /// An idle timeout left unset is the total timeout.
    public func transportRequest(baseURL: BaseURL) throws(CourierError) -> TransportRequest {
        var timeout = timeout
        timeout.idle = timeout.idle ?? timeout.total
        return TransportRequest(
            method: method, url: try baseURL.url(for: self), headers: headers, body: body,
            timeout: timeout, isIdempotent: isIdempotent,
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
