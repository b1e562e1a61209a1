import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension CourierError {
    /// Maps any error from a transport to a transport-stage `CourierError` with a Courier kind.
    ///
    /// `CancellationError` and `URLError(.cancelled)` both become ``Kind/cancelled``.
    static func transport(_ error: any Error) -> CourierError {
        if let error = error as? CourierError { return error }
        if error is CancellationError {
            return CourierError(
                stage: .transport, kind: .cancelled, message: "The request was cancelled.", underlying: error)
        }
        guard let urlError = error as? URLError else {
            return CourierError(
                stage: .transport, kind: .transportFailed, message: "The transport failed: \(error).",
                underlying: error
            )
        }
        let (kind, message) = kindAndMessage(for: urlError.code, url: urlError.failingURL)
        return CourierError(stage: .transport, kind: kind, message: message, underlying: urlError)
    }

    /// What the platform's URLSession is known to refuse, for the message of a bad URL.
    #if canImport(FoundationNetworking)
        private static let badURLHint =
            " On Linux, FoundationNetworking refuses every URL whose host is an IPv6 address; "
            + "AsyncHTTPClientTransport sends them."
    #else
        private static let badURLHint = ""
    #endif

    /// The kind and sentence of a `URLError` with `code`; `url`, the URL it failed on, names the
    /// host and port of a connection that could not be made.
    private static func kindAndMessage(for code: URLError.Code, url: URL?) -> (Kind, String) {
        switch code {
        case .cancelled:
            (.cancelled, "The request was cancelled.")
        case .timedOut:
            (.timedOut, "The request timed out.")
        case .networkConnectionLost, .unknown:
            (.connectionLost, "The connection was lost before the response was complete.")
        case .cannotFindHost, .dnsLookupFailed:
            (.cannotConnect, "Could not connect to the server: " + unresolvedName(in: url))
        case .cannotConnectToHost:
            (.cannotConnect, "Could not connect to the server: " + refusedConnection(to: url))
        case .notConnectedToInternet:
            (.cannotConnect, "Could not connect to the server: this device is not connected to a network.")
        case .dataLengthExceedsMaximum:
            (.responseTooLarge, "The response is larger than the allowed limit.")
        case .badServerResponse, .cannotParseResponse, .cannotDecodeRawData, .cannotDecodeContentData:
            (.invalidResponse, "The server's response could not be read.")
        case .httpTooManyRedirects, .redirectToNonExistentLocation:
            (.tooManyRedirects, "The server redirected too often.")
        case .badURL, .unsupportedURL:
            (
                .transportFailed,
                "URLSession could not use the request's URL (URL error \(code.rawValue)).\(badURLHint)"
            )
        default:
            (.transportFailed, "The transport failed with URL error \(code.rawValue).")
        }
    }

    /// The clause of a name that did not resolve: `url`'s host, when it has one.
    private static func unresolvedName(in url: URL?) -> String {
        guard let host = url?.host else { return "its name did not resolve." }
        return "the name \(host) did not resolve."
    }

    /// The clause of a connection no address took: `url`'s host and port (the scheme's default
    /// when it names none), when it has a host.
    private static func refusedConnection(to url: URL?) -> String {
        guard let url, let host = url.host else { return "it accepted no connection." }
        let port = url.port ?? BaseURL.defaultPort(forScheme: url.scheme?.lowercased() ?? "https")
        return "no address of \(host) accepted a connection on port \(port)."
    }
}
