import Foundation

/// One HTTP exchange for a ``Transport`` to perform: an absolute URL and everything to send.
///
/// Courier builds a `TransportRequest` for every hop, so a transport never follows redirects.
public struct TransportRequest: Sendable, Hashable {
    /// The method.
    public let method: HTTPMethod
    /// The absolute URL, already percent-encoded by Courier.
    public let url: URL
    /// The header fields to send, in order.
    public let headers: HeaderFields
    /// The body, if any: in memory, or streamed from files (``RequestBody/makeInputStream()``).
    public let body: RequestBody?
    /// How long the exchange may take.
    public let timeout: Duration?

    /// Creates a transport request.
    public init(
        method: HTTPMethod, url: URL, headers: HeaderFields, body: RequestBody?, timeout: Duration?
    ) {
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
        self.timeout = timeout
    }
}
