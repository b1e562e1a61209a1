extension Timeout: EndpointComponent {
    /// The component as request parts: this endpoint's timeouts, overriding the client's.
    public var endpointParts: EndpointParts<EndpointState.NoMethod, EndpointState.NoBody> {
        EndpointParts(.timeout(self))
    }
}
