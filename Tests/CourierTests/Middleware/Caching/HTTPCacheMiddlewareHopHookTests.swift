import CourierTestSupport
import Foundation
import Testing

@testable import Courier

/// A background revalidation is sent with the request's hop hooks: its redirect hops get their
/// own cookies, and the cookies its responses set are stored.
struct HTTPCacheMiddlewareHopHookTests {
    static let t0 = HTTPDate.parse("Thu, 01 Dec 1994 16:00:00 GMT")!

    @Test func aBackgroundRevalidationKeepsTheRequestsHopHooks() async throws {
        let clock = LockedValue(Self.t0)
        var cache = HTTPCacheMiddleware()
        cache.now = { clock.withLock { $0 } }
        let seen = LockedValue<[[HopHookIdentity]]>([])
        let next: Middleware.Next = { request, _ throws(CourierError) in
            seen.withLock { $0.append(request.context.hopHooks.identities) }
            return RawResponse(
                status: .ok,
                headers: [
                    HeaderField(name: .date, value: HTTPDate.format(Self.t0)),
                    HeaderField(name: .cacheControl, value: "max-age=60, stale-while-revalidate=60"),
                ],
                body: Data("stored".utf8))
        }
        let hook = CookieMiddleware.HopCookies(
            middleware: CookieMiddleware(jar: CookieJar()), declared: ["a=1"])
        var request = EndpointRequest(
            method: .get, pathSegments: ["todos"], query: [], headers: [], body: nil, timeout: Timeout())
        request.context = request.context.adding(hook)
        _ = try await cache.intercept(request, baseURL: exampleBase, next: next)
        // Stale, within stale-while-revalidate: answered from the cache, revalidated behind it.
        clock.withLock { $0 += 90 }
        _ = try await cache.intercept(request, baseURL: exampleBase, next: next)
        try await waitUntil("the revalidation was sent") { seen.withLock { $0.count } == 2 }
        #expect(seen.withLock { $0 } == [[hook.identity], [hook.identity]])
    }
}
