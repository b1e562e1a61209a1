import Foundation

extension Client {
    /// Sends an endpoint through the client's middleware, redirects and transport, and returns
    /// the response as it arrived, whatever its status: nothing is decoded, and no status throws.
    ///
    /// For a caller that reads responses itself, such as the transport of a client generated from
    /// an OpenAPI document, or a proxy. Everything else is as with ``send(_:)``: the client's
    /// defaults and the call's `options`, the total timeout, and every middleware, a
    /// ``ValidationMiddleware`` included (give the endpoint a ``ResponseValidation`` that accepts
    /// every status it should let through).
    ///
    /// When the endpoint's `Success` is ``ResponseBodyStream``, a 2xx body is handed over as it
    /// arrives, in ``RawResponse/bodyStream``, and the total timeout covers only the wait for the
    /// head, as with ``stream(_:deadline:)``; any other body arrives whole, in
    /// ``RawResponse/body``.
    ///
    /// ```swift
    /// let response = try await client.rawResponse(API.user(42))
    /// print(response.status, response.body.count)   // 404 Not Found 38, say
    /// ```
    ///
    /// - Throws: ``CourierError`` when the request cannot be built, or a middleware or the
    ///   transport fails.
    public func rawResponse<E: EndpointRepresentable>(_ endpoint: E, options: CallOptions? = nil)
        async throws(CourierError) -> RawResponse
    {
        try await perform(prepare(endpoint, options: options).request)
    }
}
