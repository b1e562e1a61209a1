import Courier
import Foundation
import HTTPTypes

extension HTTPRequest {
    /// The swift-http-types request head for a request a transport sends: method, scheme,
    /// authority, path with query, and header fields (secret ones never indexed).
    ///
    /// The body stays in `request.body`; framing fields (`Content-Length`, `Transfer-Encoding`)
    /// are left to whoever writes it, as Courier leaves them to its transport. A fragment of the URL
    /// is not part of the head, as in every HTTP request.
    ///
    /// ```swift
    /// struct HTTPTypesTransport: Transport {
    ///     func send(_ request: TransportRequest) async throws -> RawResponse {
    ///         let head = try HTTPRequest(request)
    ///         …
    ///     }
    /// }
    /// ```
    ///
    /// - Throws: What ``HTTPTypes/HTTPFields/init(_:)`` throws for a field it refuses.
    public init(_ request: TransportRequest) throws(CourierError) {
        self.init(
            method: HTTPRequest.Method(request.method), url: request.url,
            headerFields: try HTTPFields(request.headers))
    }

    /// The swift-http-types request head for an endpoint's request resolved against `baseURL`, as
    /// a client with that base URL would send it.
    ///
    /// ```swift
    /// let request = try GetTodo(id: 7).request()
    /// let head = try HTTPRequest(request, baseURL: BaseURL(validating: "https://api.example.com"))
    /// // GET https://api.example.com/todos/7
    /// ```
    ///
    /// - Throws: What ``Courier/EndpointRequest/transportRequest(baseURL:)`` throws, and what
    ///   ``HTTPTypes/HTTPFields/init(_:)`` throws for a field it refuses.
    public init(_ request: EndpointRequest, baseURL: BaseURL) throws(CourierError) {
        try self.init(request.transportRequest(baseURL: baseURL))
    }
}

extension IncomingRequest {
    /// The request as a catalog reads it, from a swift-http-types request head and its body
    /// bytes: the method, the path with its query as received, and every header field. The
    /// authority (HTTP/1.1's `Host`) is a pseudo-header field of the head, not one of its fields,
    /// and is not kept.
    ///
    /// ```swift
    /// let incoming = try IncomingRequest(request, body: Data(bytes.readableBytesView))
    /// let endpoint = try catalog.match(incoming)
    /// ```
    ///
    /// - Throws: ``Courier/CourierError/Kind/unparseableEndpoint`` for a request without a path (a
    ///   `CONNECT` to an authority), which no endpoint matches; what ``Courier/HeaderFields/init(_:)``
    ///   throws for a field Courier refuses.
    public init(_ request: HTTPRequest, body: Data = Data()) throws(CourierError) {
        guard let path = request.path else {
            throw CourierError(
                stage: .transport, kind: .unparseableEndpoint,
                message: "The \(request.method) request has no path, so no catalog endpoint can match it.")
        }
        self.init(
            method: HTTPMethod(request.method), target: path, headers: try HeaderFields(request.headerFields),
            body: body)
    }
}
