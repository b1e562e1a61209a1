/// Declares that sending the endpoint's request more than once has the effect of sending it once.
///
/// `GET`, `HEAD`, `OPTIONS`, `PUT` and `DELETE` are idempotent already. Declare it for a `POST` or
/// `PATCH` the server de-duplicates, so ``RetryMiddleware`` may retry it; a request that carries
/// an `Idempotency-Key` header that is not empty counts as idempotent without it.
///
/// ```swift
/// Method(.post)
/// Path("payments", "capture")
/// Idempotent()
/// ```
public struct Idempotent: EndpointComponent {
    /// Declares the request idempotent.
    public init() {}

    /// The component as request parts.
    public var endpointParts: EndpointParts<EndpointState.NoMethod, EndpointState.NoBody> {
        EndpointParts(.idempotent)
    }
}
