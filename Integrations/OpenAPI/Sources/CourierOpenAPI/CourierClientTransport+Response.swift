import Courier
import CourierHTTPTypes
import Foundation
import HTTPTypes
import OpenAPIRuntime

extension CourierClientTransport {
    /// The generated client's response for a Courier one: its status and header fields, and its
    /// body as it arrives (a 2xx body streamed, read once; any other whole, readable again).
    ///
    /// A response that has no content has no body: one to `HEAD`, and a 1xx, 204 or 304 status.
    ///
    /// - Throws: What `HTTPResponse.init(_:)` of `CourierHTTPTypes` throws for a status or field
    ///   swift-http-types cannot hold.
    static func openAPIResponse(_ response: RawResponse, to method: HTTPRequest.Method) throws(CourierError)
        -> (HTTPResponse, HTTPBody?)
    {
        let head = try HTTPResponse(response)
        let code = response.status.code
        if method == .head || code < 200 || code == 204 || code == 304 {
            return (head, nil)
        }
        // A streamed body's length is not announced: a Content-Length counts the bytes on the
        // wire, which a decoded Content-Encoding changes.
        if let stream = response.bodyStream {
            return (head, HTTPBody(stream, length: .unknown, iterationBehavior: .single))
        }
        return (head, HTTPBody(response.body))
    }
}
