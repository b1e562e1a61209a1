/// Declares how long the endpoint's request may take, overriding the client's default.
///
/// ```swift
/// Timeout(.seconds(5))
/// ```
public struct Timeout: EndpointComponent {
    let duration: Duration

    /// Declares the timeout.
    public init(_ duration: Duration) {
        self.duration = duration
    }

    /// The component as request parts.
    public var endpointParts: EndpointParts<EndpointState.NoMethod, EndpointState.NoBody> {
        EndpointParts([.timeout(duration)])
    }
}
