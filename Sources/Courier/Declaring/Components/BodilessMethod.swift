/// A `GET` or `HEAD` method component: the compiler rejects a ``Body`` in the same block.
///
/// Written as `Method.get` or `Method.head`.
public struct BodilessMethod: EndpointComponent {
    /// The method, `GET` or `HEAD`.
    public let method: HTTPMethod

    init(_ method: HTTPMethod) {
        self.method = method
    }

    /// The component as request parts.
    public var endpointParts: EndpointParts<EndpointState.MethodWithoutBody, EndpointState.NoBody> {
        EndpointParts(.method(.known(method)))
    }
}
