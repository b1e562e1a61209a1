/// Declares the total time the endpoint's request may take, overriding the client's `timeout`.
///
/// Courier enforces it as one deadline over middleware, every redirect hop and the whole body,
/// and fails with ``CourierError/Kind/timedOut``; it is also the transport's idle timeout.
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
