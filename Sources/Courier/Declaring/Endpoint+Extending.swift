extension Endpoint {
    /// A copy with more components after the declared ones, for a call or a variant that the
    /// endpoint's author did not write:
    ///
    /// ```swift
    /// let traced = API.user(42).with {
    ///     Header("X-Request-ID", requestID)
    ///     Query("expand", "teams")
    /// }
    /// ```
    ///
    /// The components follow the same rules as in the original block, checked when the request
    /// is built: a second ``Body`` or ``Timeout``, or a body on `GET`, throws then. The method
    /// cannot change.
    public func with<B: BodyState>(
        @EndpointBuilder _ build: () -> EndpointParts<EndpointState.NoMethod, B>
    ) -> Endpoint {
        Endpoint(parts: parts + build().parts, decoder: decoder)
    }
}
