/// Anything the client can send: an ``Endpoint`` value or a ``RequestModel`` type.
public protocol EndpointRepresentable: Sendable {
    /// What a 2xx response decodes to.
    associatedtype Success: Decodable & Sendable
    /// The documented error model; `Never` when there is none.
    associatedtype Failure: Error
    /// The endpoint to send.
    var endpoint: Endpoint<Success, Failure> { get }
}

extension Endpoint: EndpointRepresentable {
    /// The endpoint itself.
    public var endpoint: Endpoint<Success, Failure> { self }
}

extension EndpointRepresentable {
    /// Builds the request value with no client and no I/O; see ``Endpoint/request(encoder:formEncoding:)``.
    public func request() throws(CourierError) -> EndpointRequest {
        try endpoint.request()
    }
}
