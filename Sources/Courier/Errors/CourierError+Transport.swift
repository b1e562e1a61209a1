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
        let (kind, message) = kindAndMessage(for: urlError.code)
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

    private static func kindAndMessage(for code: URLError.Code) -> (Kind, String) {
        switch code {
        case .cancelled:
            (.cancelled, "The request was cancelled.")
        case .timedOut:
            (.timedOut, "The request timed out.")
        case .networkConnectionLost, .unknown:
            (.connectionLost, "The connection was lost before the response was complete.")
        case .cannotConnectToHost, .cannotFindHost, .dnsLookupFailed, .notConnectedToInternet:
            (.cannotConnect, "Could not connect to the server.")
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
}
