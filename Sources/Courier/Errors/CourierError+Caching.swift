import Foundation

extension CourierError {
    /// The error for `response`, the `504` a cache made for a call that may only be answered
    /// from storage (``CacheOutcome/unsatisfiable``), at `stage`: no server answered it.
    static func notCached(_ response: RawResponse, request: EndpointRequest, stage: Stage) -> CourierError {
        CourierError(
            stage: stage, kind: .notCached,
            statement:
                "Nothing usable is stored for this call, which may only be answered from the cache "
                + "(CachePolicy.returnCachedOnly or Cache-Control: only-if-cached): the cache answered "
                + "\(response.status) and nothing was sent.",
            request: request, url: response.url, response: response, notes: response.notes)
    }

    /// The error for a ``CachePolicy/returnCachedOnly`` call that reached the end of the chain:
    /// no cache answered it, and it may not be loaded.
    static func notCached(reaching request: EndpointRequest) -> CourierError {
        CourierError(
            stage: .transport, kind: .notCached,
            message:
                "The call may only be answered from a cache (CachePolicy.returnCachedOnly), and no cache "
                + "answered it: the client has no HTTPCacheMiddleware, or the request is one it does not "
                + "store (not a GET, or one with a range or a precondition); nothing was sent.",
            request: request)
    }
}
