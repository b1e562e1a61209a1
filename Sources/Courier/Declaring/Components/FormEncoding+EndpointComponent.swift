extension FormEncoding: EndpointComponent {
    /// The component as request parts: this endpoint's query and form bodies use this encoding
    /// instead of the client's.
    public var endpointParts: EndpointParts<EndpointState.NoMethod, EndpointState.NoBody> {
        EndpointParts(.formEncoding(self))
    }
}
