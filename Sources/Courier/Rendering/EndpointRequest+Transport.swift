import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension EndpointRequest {
    /// The exchange a transport performs for this request against `baseURL`.
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

extension TransportRequest {
    /// The `URLRequest` a URLSession-based transport sends.
    ///
    /// An in-memory body is `httpBody`; a body streamed from files is `httpBodyStream`, which
    /// `URLSession` sends with chunked transfer coding. (``URLSessionTransport`` uploads such
    /// bodies from a file instead, with their `Content-Length`.)
    public var urlRequest: URLRequest {
        var request = URLRequest(url: url)
        request.httpMethod = method.rawValue
        for field in headers {
            request.addValue(field.value, forHTTPHeaderField: field.name.rawValue)
        }
        if let body {
            if let data = body.data {
                request.httpBody = data
            } else {
                request.httpBodyStream = body.makeInputStream()
            }
        }
        if let idleTimeout {
            // URLSession on Linux counts this in whole seconds and truncates: 0.5 would be 0,
            // which times out at once. Round up instead, so the wait is never shorter.
            request.timeoutInterval = max(1, idleTimeout.timeInterval.rounded(.up))
        }
        return request
    }
}

extension Duration {
    /// The duration in seconds as a `TimeInterval`.
    var timeInterval: TimeInterval {
        let (seconds, attoseconds) = components
        return TimeInterval(seconds) + TimeInterval(attoseconds) / 1e18
    }
}
