import Courier

/// The outermost middleware of one ``CourierClientTransport`` call: it keeps the response that
/// came out of the client's middleware chain, whatever its status, so that a status the client
/// then throws for still reaches the generated client.
struct ResponseCapture: Middleware {
    /// The response, once the chain answered.
    private let kept = Kept()

    /// The response the chain answered with, or `nil` when it threw.
    var response: RawResponse? {
        get async { await kept.response }
    }

    func intercept(_ request: EndpointRequest, baseURL: BaseURL, next: Next) async throws -> RawResponse {
        let response = try await next(request, baseURL)
        await kept.keep(response)
        return response
    }

    /// The kept response, shared by the copies of the middleware the client holds.
    private actor Kept {
        var response: RawResponse?

        func keep(_ response: RawResponse) {
            self.response = response
        }
    }
}
