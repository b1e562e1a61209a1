import Foundation

extension Client {
    /// Sends an endpoint through the client's middleware, redirects and transport, and returns
    /// the response as it arrived: nothing is decoded, and a status the endpoint does not
    /// document does not throw.
    ///
    /// For a caller that reads responses itself, such as the transport of a client generated from
    /// an OpenAPI document, or a proxy. Everything else is as with ``send(_:)``: the client's
    /// defaults and the call's `options`, the total timeout, every middleware, and the
    /// endpoint's ``ResponseValidation`` if it declares one (checked by the client when no
    /// ``ValidationMiddleware`` does): declare one that accepts every status to get them all.
    ///
    /// When the endpoint's `Success` is a streamed body (``ResponseBodyStream``, an
    /// ``EventStream``), a 2xx body is handed over as it arrives, in ``RawResponse/bodyStream``,
    /// and the total timeout covers only the wait for the head, as with ``stream(_:deadline:)``;
    /// any other body arrives whole, in ``RawResponse/body``.
    ///
    /// ```swift
    /// let response = try await client.rawResponse(API.user(42))
    /// print(response.status.code, response.body.count)   // 404 38, say
    /// ```
    ///
    /// - Throws: ``CourierError`` when the request cannot be built, a middleware or the
    ///   transport fails, or the endpoint's ``ResponseValidation`` refuses the response
    ///   (``CourierError/Kind/unacceptableStatus``, ``CourierError/Kind/unacceptableContentType``);
    ///   ``CourierError/Kind/notCached`` for a ``CachePolicy/returnCachedOnly`` call no cache
    ///   answered. The `504` a cache made for a cache-only call is returned, as any response is,
    ///   unless the endpoint's ``ResponseValidation`` checks it.
    public func rawResponse<E: EndpointRepresentable>(_ endpoint: E, options: CallOptions? = nil)
        async throws(CourierError) -> RawResponse
    {
        try await perform(prepare(endpoint, options: options).request)
    }
}
