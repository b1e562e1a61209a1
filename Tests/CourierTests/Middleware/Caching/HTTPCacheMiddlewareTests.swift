import CourierTestSupport
import CourierTesting
import Foundation
import Testing

@testable import Courier

/// An origin behind the cache: answers each request with the next scripted outcome and records it.
private final class ScriptedOrigin: Sendable {
    private let state: LockedValue<(requests: [EndpointRequest], script: [Result<RawResponse, CourierError>])>

    init(_ script: [Result<RawResponse, CourierError>]) {
        state = LockedValue(([], script))
    }

    convenience init(_ responses: RawResponse...) {
        self.init(responses.map { .success($0) })
    }

    var requests: [EndpointRequest] { state.withLock { $0.requests } }

    var next: Middleware.Next {
        { request, _ throws(CourierError) in
            let outcome = self.state.withLock { state in
                state.requests.append(request)
                return state.script.isEmpty ? .success(RawResponse(status: 599)) : state.script.removeFirst()
            }
            return try outcome.get()
        }
    }
}

/// Collects the outcomes the cache marks its responses with, as metrics and logging read them.
private final class OutcomeListener: Sendable {
    private let heard = LockedValue<[CacheOutcome?]>([])
    var outcomes: [CacheOutcome?] { heard.withLock { $0 } }
    func record(_ outcome: CacheOutcome?) { heard.withLock { $0.append(outcome) } }
}

@Suite struct HTTPCacheMiddlewareTests {
    static let t0 = HTTPDate.parse("Thu, 01 Dec 1994 16:00:00 GMT")!

    /// A cache whose clock reads `clock`.
    private static func cache(
        clock: LockedValue<Date>, storage: any HTTPCacheStorage = MemoryCacheStorage(),
        policy: CachePolicy = .useProtocol
    ) -> HTTPCacheMiddleware {
        var cache = HTTPCacheMiddleware(storage: storage, policy: policy)
        cache.now = { clock.withLock { $0 } }
        return cache
    }

    private static func get(
        _ path: String = "todos", headers: [HeaderField] = [], method: HTTPMethod = .get,
        policy: CachePolicy? = nil
    ) -> EndpointRequest {
        var request = EndpointRequest(
            method: method, pathSegments: [path], query: [], headers: HeaderFields(headers), body: nil)
        request.cachePolicy = policy
        return request
    }

    private static func ok(_ body: String, _ fields: [(HeaderName, String)]) -> RawResponse {
        RawResponse(
            status: .ok,
            headers: HeaderFields(
                [HeaderField(name: .date, value: HTTPDate.format(t0))]
                    + fields.map { HeaderField(name: $0.0, value: $0.1) }),
            body: Data(body.utf8))
    }

    private static func send(
        _ request: EndpointRequest, through cache: HTTPCacheMiddleware, origin: ScriptedOrigin,
        listener: OutcomeListener? = nil
    ) async throws -> RawResponse {
        let response = try await cache.intercept(request, baseURL: exampleBase, next: origin.next)
        listener?.record(response.cacheOutcome)
        return response
    }

    @Test func aFreshStoredResponseAnswersWithoutTheOriginAndSaysItsAge() async throws {
        let clock = LockedValue(Self.t0)
        let cache = Self.cache(clock: clock)
        let origin = ScriptedOrigin(Self.ok("one", [(.cacheControl, "max-age=60")]))
        let listener = OutcomeListener()
        let first = try await Self.send(Self.get(), through: cache, origin: origin, listener: listener)
        clock.withLock { $0 += 30 }
        let second = try await Self.send(Self.get(), through: cache, origin: origin, listener: listener)
        #expect(origin.requests.count == 1)
        #expect(second.status == .ok && second.body == first.body)
        #expect(second.headers[.age] == "30")
        #expect(listener.outcomes == [.miss, .hit])
    }

    @Test func aRedirectedResponseIsNotStoredAndSecretFieldsNeverAre() async throws {
        let clock = LockedValue(Self.t0)
        let storage = MemoryCacheStorage()
        let cache = Self.cache(clock: clock, storage: storage)
        let target = try exampleBase.url(for: Self.get())
        let signed = try #require(URL(string: "https://bucket.example.com/o?X-Amz-Signature=abc"))
        let redirected = Self.ok("one", [(.cacheControl, "max-age=60")])
        let origin = ScriptedOrigin(
            RawResponse(
                status: redirected.status, headers: redirected.headers, body: redirected.body, url: signed),
            RawResponse(
                status: .ok,
                headers: HeaderFields([
                    HeaderField(name: .date, value: HTTPDate.format(Self.t0)),
                    HeaderField(name: .cacheControl, value: "max-age=60"),
                    HeaderField(name: HeaderName("X-Auth-Token"), value: "t0ken"),
                ]),
                body: Data("two".utf8), url: target))
        _ = try await Self.send(Self.get(), through: cache, origin: origin)
        // The answer that came from another URL was not stored: the origin is asked again.
        let second = try await Self.send(Self.get(), through: cache, origin: origin)
        #expect(second.headers["X-Auth-Token"] == "t0ken")
        let third = try await Self.send(Self.get(), through: cache, origin: origin)
        #expect(origin.requests.count == 2)
        #expect(third.body == Data("two".utf8) && third.headers["X-Auth-Token"] == nil)
    }

    @Test func aStaleResponseIsRevalidatedAndANotModifiedAnswersAsTheStored200() async throws {
        let clock = LockedValue(Self.t0)
        let cache = Self.cache(clock: clock)
        let notModified = RawResponse(
            status: 304,
            headers: [
                HeaderField(name: .etag, value: "\"v1\""),
                HeaderField(name: .cacheControl, value: "max-age=120"),
                HeaderField(name: HeaderName("X-Served-By"), value: "edge-2"),
                HeaderField(name: .date, value: HTTPDate.format(Self.t0 + 20)),
            ])
        let origin = ScriptedOrigin(
            Self.ok(
                "body",
                [
                    (.cacheControl, "max-age=10"), (.etag, "\"v1\""),
                    (.lastModified, "Tue, 15 Nov 1994 12:45:26 GMT"),
                    (.contentType, "application/json"),
                ]), notModified)
        let listener = OutcomeListener()
        _ = try await Self.send(Self.get(), through: cache, origin: origin)
        clock.withLock { $0 += 20 }
        let response = try await Self.send(Self.get(), through: cache, origin: origin, listener: listener)
        #expect(response.status == .ok)
        #expect(response.body == Data("body".utf8))
        #expect(response.headers[.contentType] == "application/json")
        #expect(response.headers[.cacheControl] == "max-age=120")
        #expect(response.headers["X-Served-By"] == "edge-2")
        #expect(listener.outcomes == [.revalidated])
        let conditional = try #require(origin.requests.last)
        #expect(conditional.headers[.ifNoneMatch] == "\"v1\"")
        #expect(conditional.headers[.ifModifiedSince] == "Tue, 15 Nov 1994 12:45:26 GMT")
        // The 304's max-age=120 freshened the stored response.
        clock.withLock { $0 += 100 }
        _ = try await Self.send(Self.get(), through: cache, origin: origin)
        #expect(origin.requests.count == 2)
    }

    @Test func aNotModifiedPassesOnItsCookiesAndSecretFieldsWithoutStoringThem() async throws {
        let clock = LockedValue(Self.t0)
        let storage = MemoryCacheStorage()
        let cache = Self.cache(clock: clock, storage: storage)
        let notModified = RawResponse(
            status: 304,
            headers: [
                HeaderField(name: .etag, value: "\"v1\""),
                HeaderField(name: .cacheControl, value: "max-age=60"),
                HeaderField(name: .setCookie, value: "session=renewed; Path=/"),
                HeaderField(name: .setCookie, value: "theme=dark"),
                HeaderField(name: HeaderName("X-Auth-Token"), value: "t0ken"),
                HeaderField(name: .connection, value: "X-Hop, X-Api-Key"),
                HeaderField(name: HeaderName("X-Hop"), value: "1"),
                HeaderField(name: HeaderName("X-Api-Key"), value: "hop-secret"),
                HeaderField(name: HeaderName("Keep-Alive"), value: "timeout=5"),
            ])
        let origin = ScriptedOrigin(
            Self.ok(
                "body", [(.cacheControl, "max-age=10"), (.etag, "\"v1\""), (.setCookie, "session=first")]),
            notModified)
        _ = try await Self.send(Self.get(), through: cache, origin: origin)
        clock.withLock { $0 += 20 }
        let revalidated = try await Self.send(Self.get(), through: cache, origin: origin)
        #expect(revalidated.body == Data("body".utf8))
        #expect(revalidated.headers.values(for: .setCookie) == ["session=renewed; Path=/", "theme=dark"])
        #expect(revalidated.headers["X-Auth-Token"] == "t0ken")
        #expect(revalidated.headers["X-Hop"] == nil && revalidated.headers["Keep-Alive"] == nil)
        // A secret field its Connection names is hop-by-hop: not passed on.
        #expect(revalidated.headers["X-Api-Key"] == nil)
        // The next answer, from storage, carries none of them.
        let hit = try await Self.send(Self.get(), through: cache, origin: origin)
        #expect(origin.requests.count == 2)
        #expect(hit.body == Data("body".utf8))
        #expect(hit.headers[.setCookie] == nil && hit.headers["X-Auth-Token"] == nil)
    }

    @Test func aNotModifiedForAnotherTagIsAskedAgainWithoutConditions() async throws {
        let clock = LockedValue(Self.t0)
        let cache = Self.cache(clock: clock)
        let origin = ScriptedOrigin(
            Self.ok("old", [(.cacheControl, "no-cache"), (.etag, "\"v1\"")]),
            RawResponse(status: 304, headers: [HeaderField(name: .etag, value: "\"v9\"")]),
            Self.ok("new", [(.etag, "\"v2\"")]))
        _ = try await Self.send(Self.get(), through: cache, origin: origin)
        let response = try await Self.send(Self.get(), through: cache, origin: origin)
        #expect(response.body == Data("new".utf8))
        #expect(origin.requests.map { $0.headers[.ifNoneMatch] } == [nil, "\"v1\"", nil])
    }

    @Test func theCookiesOfANotModifiedForAnotherTagReachTheCallAheadOfTheReloadedOnes() async throws {
        let clock = LockedValue(Self.t0)
        let cache = Self.cache(clock: clock)
        let origin = ScriptedOrigin(
            Self.ok("old", [(.cacheControl, "no-cache"), (.etag, "\"v1\"")]),
            RawResponse(
                status: 304,
                headers: [
                    HeaderField(name: .etag, value: "\"v9\""),
                    HeaderField(name: .setCookie, value: "session=a"),
                ]),
            Self.ok("new", [(.etag, "\"v2\""), (.setCookie, "session=b")]))
        _ = try await Self.send(Self.get(), through: cache, origin: origin)
        let response = try await Self.send(Self.get(), through: cache, origin: origin)
        #expect(response.body == Data("new".utf8))
        // In the order the origin sent them: a jar reading them keeps the reloaded response's.
        #expect(response.headers.values(for: .setCookie) == ["session=a", "session=b"])
    }

    @Test func varyKeepsOneVariantPerRequestFieldValue() async throws {
        let clock = LockedValue(Self.t0)
        let cache = Self.cache(clock: clock)
        let origin = ScriptedOrigin(
            Self.ok("en", [(.cacheControl, "max-age=60"), (.vary, "Accept-Language")]),
            Self.ok("fr", [(.cacheControl, "max-age=60"), (.vary, "Accept-Language")]))
        let english = Self.get(headers: [HeaderField(name: .acceptLanguage, value: "en")])
        let french = Self.get(headers: [HeaderField(name: .acceptLanguage, value: "fr")])
        _ = try await Self.send(english, through: cache, origin: origin)
        _ = try await Self.send(french, through: cache, origin: origin)
        #expect(try await Self.send(english, through: cache, origin: origin).body == Data("en".utf8))
        #expect(try await Self.send(french, through: cache, origin: origin).body == Data("fr".utf8))
        #expect(origin.requests.count == 2)
    }

    @Test func oneCredentialsResponseNeverAnswersAnother() async throws {
        let clock = LockedValue(Self.t0)
        let cache = Self.cache(clock: clock)
        let origin = ScriptedOrigin(
            Self.ok("alice", [(.cacheControl, "private, max-age=60")]),
            Self.ok("bob", [(.cacheControl, "private, max-age=60")]))
        let alice = Self.get(headers: [HeaderField(name: .authorization, value: "Bearer alice")])
        let bob = Self.get(headers: [HeaderField(name: .authorization, value: "Bearer bob")])
        _ = try await Self.send(alice, through: cache, origin: origin)
        #expect(try await Self.send(bob, through: cache, origin: origin).body == Data("bob".utf8))
        #expect(try await Self.send(alice, through: cache, origin: origin).body == Data("alice".utf8))
        #expect(origin.requests.count == 2)
    }

    @Test func anUnsafeRequestInvalidatesItsTarget() async throws {
        let clock = LockedValue(Self.t0)
        let cache = Self.cache(clock: clock)
        let origin = ScriptedOrigin(
            Self.ok("v1", [(.cacheControl, "max-age=600")]), RawResponse(status: .noContent),
            Self.ok("v2", [(.cacheControl, "max-age=600")]))
        let listener = OutcomeListener()
        _ = try await Self.send(Self.get(), through: cache, origin: origin)
        _ = try await Self.send(Self.get(method: .delete), through: cache, origin: origin, listener: listener)
        #expect(try await Self.send(Self.get(), through: cache, origin: origin).body == Data("v2".utf8))
        #expect(listener.outcomes == [.bypassed])
    }

    @Test func anUnsafeRequestThatFailsInvalidatesNothing() async throws {
        let clock = LockedValue(Self.t0)
        let cache = Self.cache(clock: clock)
        let origin = ScriptedOrigin(
            Self.ok("v1", [(.cacheControl, "max-age=600")]), RawResponse(status: .conflict))
        _ = try await Self.send(Self.get(), through: cache, origin: origin)
        _ = try await Self.send(Self.get(method: .post), through: cache, origin: origin)
        #expect(try await Self.send(Self.get(), through: cache, origin: origin).body == Data("v1".utf8))
        #expect(origin.requests.count == 2)
    }

    @Test func policiesChooseBetweenStorageAndOrigin() async throws {
        let clock = LockedValue(Self.t0)
        let cache = Self.cache(clock: clock)
        let origin = ScriptedOrigin(
            Self.ok("v1", [(.cacheControl, "max-age=60")]), Self.ok("v2", [(.cacheControl, "max-age=60")]))
        let listener = OutcomeListener()
        // Nothing stored: a cache-only call gets the cache's 504 and the origin sees nothing.
        let offline = try await Self.send(Self.get(policy: .returnCachedOnly), through: cache, origin: origin)
        #expect(offline.status == 504 && origin.requests.isEmpty)
        _ = try await Self.send(Self.get(policy: .returnCachedElseLoad), through: cache, origin: origin)
        // A reload goes to the origin although v1 is fresh, and stores v2.
        let reloaded = try await Self.send(
            Self.get(policy: .reloadIgnoringCache), through: cache, origin: origin, listener: listener)
        #expect(reloaded.body == Data("v2".utf8))
        // Long stale: the cached policies still answer with v2, without I/O.
        clock.withLock { $0 += 3_600 }
        for policy in [CachePolicy.returnCachedElseLoad, .returnCachedOnly] {
            let answer = try await Self.send(
                Self.get(policy: policy), through: cache, origin: origin, listener: listener)
            #expect(answer.body == Data("v2".utf8))
        }
        #expect(origin.requests.count == 2)
        #expect(listener.outcomes == [.miss, .stale, .stale])
    }

    /// The cached policies answer with a `no-cache` response without revalidating it, as they
    /// say, and report it as stale though its lifetime has not run out; a fresh one is a hit.
    @Test func aCachedPolicyReportsANoCacheResponseItServesAsStale() async throws {
        let clock = LockedValue(Self.t0)
        let cache = Self.cache(clock: clock)
        let origin = ScriptedOrigin(
            Self.ok("v1", [(.cacheControl, "no-cache, max-age=60")]),
            Self.ok("v2", [(.cacheControl, "max-age=60")]))
        let listener = OutcomeListener()
        let noCache = Self.get("no-cache")
        _ = try await Self.send(noCache, through: cache, origin: origin)
        _ = try await Self.send(Self.get("fresh"), through: cache, origin: origin)
        clock.withLock { $0 += 10 }
        for request in [noCache, Self.get("fresh")] {
            for policy in [CachePolicy.returnCachedElseLoad, .returnCachedOnly] {
                var request = request
                request.cachePolicy = policy
                _ = try await Self.send(request, through: cache, origin: origin, listener: listener)
            }
        }
        #expect(origin.requests.count == 2)
        #expect(listener.outcomes == [.stale, .stale, .hit, .hit])
    }

    @Test func onlyIfCachedAnswers504WhenNothingUsableIsStored() async throws {
        let clock = LockedValue(Self.t0)
        let cache = Self.cache(clock: clock)
        let origin = ScriptedOrigin(Self.ok("v1", [(.cacheControl, "max-age=60")]))
        let onlyIfCached = Self.get(headers: [HeaderField(name: .cacheControl, value: "only-if-cached")])
        #expect(try await Self.send(onlyIfCached, through: cache, origin: origin).status == 504)
        _ = try await Self.send(Self.get(), through: cache, origin: origin)
        #expect(try await Self.send(onlyIfCached, through: cache, origin: origin).body == Data("v1".utf8))
        clock.withLock { $0 += 120 }
        #expect(try await Self.send(onlyIfCached, through: cache, origin: origin).status == 504)
        #expect(origin.requests.count == 1)
    }

    @Test func staleIfErrorAnswersWhenTheOriginFails() async throws {
        let clock = LockedValue(Self.t0)
        let cache = Self.cache(clock: clock)
        let down = CourierError(stage: .transport, kind: .cannotConnect, message: "down")
        let origin = ScriptedOrigin([
            .success(Self.ok("v1", [(.cacheControl, "max-age=60, stale-if-error=600")])), .failure(down),
            .success(RawResponse(status: .serviceUnavailable)), .failure(down),
        ])
        let listener = OutcomeListener()
        _ = try await Self.send(Self.get(), through: cache, origin: origin)
        clock.withLock { $0 += 120 }
        #expect(
            try await Self.send(Self.get(), through: cache, origin: origin, listener: listener).body
                == Data("v1".utf8))
        #expect(
            try await Self.send(Self.get(), through: cache, origin: origin, listener: listener).body
                == Data("v1".utf8))
        #expect(listener.outcomes == [.stale, .stale])
        clock.withLock { $0 += 1_000 }
        await expectCourierError(.cannotConnect) {
            try await Self.send(Self.get(), through: cache, origin: origin)
        }
    }

    @Test func aFailureStaleIfErrorCoversHandsItsCookiesToTheCall() async throws {
        let clock = LockedValue(Self.t0)
        let cache = Self.cache(clock: clock)
        let origin = ScriptedOrigin(
            Self.ok("v1", [(.cacheControl, "max-age=60, stale-if-error=600")]),
            RawResponse(
                status: .serviceUnavailable,
                headers: [
                    HeaderField(name: .setCookie, value: "backoff=1"),
                    HeaderField(name: .retryAfter, value: "5"),
                ]))
        _ = try await Self.send(Self.get(), through: cache, origin: origin)
        clock.withLock { $0 += 120 }
        let stale = try await Self.send(Self.get(), through: cache, origin: origin)
        #expect(stale.status == .ok && stale.body == Data("v1".utf8))
        #expect(stale.headers.values(for: .setCookie) == ["backoff=1"])
        // Only its cookies: the failure's other fields are not the stored response's.
        #expect(stale.headers[.retryAfter] == nil)
    }

    @Test func staleWhileRevalidateAnswersAtOnceAndRevalidatesInTheBackground() async throws {
        let clock = LockedValue(Self.t0)
        let cache = Self.cache(clock: clock)
        let origin = ScriptedOrigin(
            Self.ok("v1", [(.cacheControl, "max-age=60, stale-while-revalidate=60")]),
            Self.ok("v2", [(.cacheControl, "max-age=60, stale-while-revalidate=60")]))
        _ = try await Self.send(Self.get(), through: cache, origin: origin)
        clock.withLock { $0 += 90 }
        #expect(try await Self.send(Self.get(), through: cache, origin: origin).body == Data("v1".utf8))
        try await waitUntil("the background revalidation ended") {
            origin.requests.count == 2 && cache.backgroundRevalidations == 0
        }
        #expect(try await Self.send(Self.get(), through: cache, origin: origin).body == Data("v2".utf8))
        #expect(origin.requests.count == 2)
    }

    @Test func theCallersOwnValidationIsAnsweredFromAFreshStoredResponse() async throws {
        let clock = LockedValue(Self.t0)
        let cache = Self.cache(clock: clock)
        let modified = HTTPDate.format(Self.t0 - 3_600)
        let origin = ScriptedOrigin(
            Self.ok(
                "v1",
                [
                    (.cacheControl, "max-age=60"), (.etag, "\"v1\""), (.lastModified, modified),
                    (.contentType, "text/plain"),
                ]
            ))
        _ = try await Self.send(Self.get(), through: cache, origin: origin)
        func status(_ fields: (HeaderName, String)...) async throws -> Int {
            let request = Self.get(headers: fields.map { HeaderField(name: $0.0, value: $0.1) })
            let response = try await Self.send(request, through: cache, origin: origin)
            #expect(response.cacheOutcome == .hit)
            #expect(response.status.code == 304 ? response.body.isEmpty : response.body == Data("v1".utf8))
            return response.status.code
        }
        #expect(try await status((.ifNoneMatch, "\"v1\"")) == 304)
        #expect(try await status((.ifNoneMatch, "\"v0\", W/\"v1\"")) == 304, "compared weakly")
        #expect(try await status((.ifNoneMatch, "*")) == 304)
        #expect(try await status((.ifNoneMatch, "\"v2\"")) == 200)
        #expect(try await status((.ifModifiedSince, HTTPDate.format(Self.t0 - 60))) == 304)
        #expect(try await status((.ifModifiedSince, HTTPDate.format(Self.t0 - 7_200))) == 200)
        #expect(try await status((.ifModifiedSince, "yesterday")) == 200, "not a date: ignored")
        let later = HTTPDate.format(Self.t0)
        #expect(
            try await status((.ifNoneMatch, "\"v2\""), (.ifModifiedSince, later)) == 200,
            "If-None-Match first")
        let notModified = try await Self.send(
            Self.get(headers: [HeaderField(name: .ifNoneMatch, value: "\"v1\"")]), through: cache,
            origin: origin)
        #expect(notModified.headers[.etag] == "\"v1\"" && notModified.headers[.cacheControl] == "max-age=60")
        #expect(notModified.headers[.age] == "0" && notModified.headers[.contentType] == nil)
        #expect(origin.requests.count == 1)
    }

    /// RFC 9111 §4.3.2: a stored response a cached policy serves answers the caller's own
    /// conditions too.
    @Test(arguments: [CachePolicy.returnCachedElseLoad, .returnCachedOnly])
    func aCachedPolicyAnswersTheCallersOwnValidation(policy: CachePolicy) async throws {
        let clock = LockedValue(Self.t0)
        let cache = Self.cache(clock: clock)
        let origin = ScriptedOrigin(Self.ok("v1", [(.cacheControl, "max-age=60"), (.etag, "\"v1\"")]))
        _ = try await Self.send(Self.get(), through: cache, origin: origin)
        clock.withLock { $0 += 120 }
        let matching = Self.get(headers: [HeaderField(name: .ifNoneMatch, value: "\"v1\"")], policy: policy)
        let notModified = try await Self.send(matching, through: cache, origin: origin)
        #expect(notModified.status.code == 304 && notModified.body.isEmpty)
        #expect(notModified.cacheOutcome == .stale)
        let other = Self.get(headers: [HeaderField(name: .ifNoneMatch, value: "\"v0\"")], policy: policy)
        let whole = try await Self.send(other, through: cache, origin: origin)
        #expect(whole.status.code == 200 && whole.body == Data("v1".utf8))
        #expect(origin.requests.count == 1)
    }

    @Test func theCallersOwnValidationOfAStaleResponseGoesToTheOriginUntouched() async throws {
        let clock = LockedValue(Self.t0)
        let storage = MemoryCacheStorage()
        let cache = Self.cache(clock: clock, storage: storage)
        let notModified = RawResponse(status: 304, headers: [HeaderField(name: .etag, value: "\"v1\"")])
        let origin = ScriptedOrigin(
            Self.ok("v1", [(.cacheControl, "max-age=60"), (.etag, "\"v1\"")]), notModified)
        _ = try await Self.send(Self.get(), through: cache, origin: origin)
        let bytes = storage.currentBytes
        clock.withLock { $0 += 120 }
        let own = Self.get(headers: [HeaderField(name: .ifNoneMatch, value: "\"v0\"")])
        let passed = try await Self.send(own, through: cache, origin: origin)
        #expect(passed.status.code == 304 && passed.headers == notModified.headers)
        #expect(passed.cacheOutcome == .bypassed)
        #expect(
            origin.requests.last?.headers[.ifNoneMatch] == "\"v0\"", "the caller's condition, not the cache's"
        )
        #expect(storage.currentBytes == bytes)
    }

    @Test func theCallersOwnPreconditionsRangesStreamsAndDownloadsPassThrough() async throws {
        let clock = LockedValue(Self.t0)
        let cache = Self.cache(clock: clock)
        let origin = ScriptedOrigin(
            Self.ok("v1", [(.cacheControl, "max-age=60"), (.etag, "\"v1\"")]),
            RawResponse(status: 412), Self.ok("part", [(.cacheControl, "max-age=60")]))
        _ = try await Self.send(Self.get(), through: cache, origin: origin)
        let precondition = Self.get(headers: [HeaderField(name: .ifMatch, value: "\"v0\"")])
        let failed = try await Self.send(precondition, through: cache, origin: origin)
        #expect(failed.status.code == 412 && failed.cacheOutcome == .bypassed)
        let range = Self.get(headers: [HeaderField(name: .range, value: "bytes=0-3")])
        #expect(try await Self.send(range, through: cache, origin: origin).body == Data("part".utf8))
        var streamed = Self.get()
        streamed.streamsResponse = true
        #expect(!HTTPCacheMiddleware.handles(streamed))
        var download = Self.get()
        download.responseBodyFile = URL(fileURLWithPath: "/tmp/x")
        #expect(!HTTPCacheMiddleware.handles(download))
        #expect(origin.requests.count == 3)
    }

    @Test func noStoreAndSetCookieAreNotKept() async throws {
        let clock = LockedValue(Self.t0)
        let storage = MemoryCacheStorage()
        let cache = Self.cache(clock: clock, storage: storage)
        let origin = ScriptedOrigin(
            Self.ok("secret", [(.cacheControl, "no-store")]),
            Self.ok("v1", [(.cacheControl, "max-age=60"), (.setCookie, "id=1")]))
        _ = try await Self.send(Self.get("a"), through: cache, origin: origin)
        #expect(storage.currentBytes == 0)
        let first = try await Self.send(Self.get("b"), through: cache, origin: origin)
        #expect(first.headers[.setCookie] == "id=1")
        let hit = try await Self.send(Self.get("b"), through: cache, origin: origin)
        #expect(hit.body == Data("v1".utf8) && hit.headers[.setCookie] == nil)
    }

    @Test func aRequestsNoStoreGoesToTheOriginAndStoresNothing() async throws {
        let clock = LockedValue(Self.t0)
        let storage = MemoryCacheStorage()
        let cache = Self.cache(clock: clock, storage: storage)
        let origin = ScriptedOrigin(
            Self.ok("v1", [(.cacheControl, "max-age=60"), (.etag, "\"v1\"")]),
            Self.ok("v2", [(.cacheControl, "max-age=60"), (.etag, "\"v2\"")]),
            Self.ok("v3", [(.cacheControl, "max-age=60")]))
        let listener = OutcomeListener()
        _ = try await Self.send(Self.get(), through: cache, origin: origin, listener: listener)
        // v1 is stale, so the rules would revalidate it with its tag; a request that asks for
        // nothing to be stored is not answered from storage either: it goes out as it is, and v2
        // is not stored.
        clock.withLock { $0 += 120 }
        let noStore = [HeaderField(name: .cacheControl, value: "no-store")]
        let bypassed = try await Self.send(
            Self.get(headers: noStore), through: cache, origin: origin, listener: listener)
        #expect(bypassed.body == Data("v2".utf8))
        #expect(origin.requests.last?.headers[.ifNoneMatch] == nil)
        // With only-if-cached, the origin stays out of it: the stored v1 answers.
        let offline = [HeaderField(name: .cacheControl, value: "no-store, only-if-cached, max-stale")]
        let stale = try await Self.send(
            Self.get(headers: offline), through: cache, origin: origin, listener: listener)
        #expect(stale.body == Data("v1".utf8))
        // A cached policy, the call's or the cache's own, still answers from storage.
        let cached = try await Self.send(
            Self.get(headers: noStore, policy: .returnCachedElseLoad), through: cache, origin: origin)
        #expect(cached.body == Data("v1".utf8))
        let cachedByDefault = Self.cache(clock: clock, storage: storage, policy: .returnCachedElseLoad)
        let byDefault = try await Self.send(
            Self.get(headers: noStore), through: cachedByDefault, origin: origin)
        #expect(byDefault.body == Data("v1".utf8))
        #expect(origin.requests.count == 2)
        #expect(listener.outcomes == [.miss, .bypassed, .stale])
    }

    @Test func metricsAndLogsSayHowTheCacheAnswered() async throws {
        let clock = LockedValue(Self.t0)
        let sent = LockedValue(0)
        let transport = StubTransport { _ in
            sent.withLock { $0 += 1 }
            return Self.ok("v1", [(.cacheControl, "max-age=60")])
        }
        let recorded = LockedValue<[CacheOutcome?]>([])
        let lines = LockedValue<[String]>([])
        let client = Client(
            baseURL: exampleBase, transport: transport,
            middleware: [
                MetricsMiddleware { metrics in recorded.withLock { $0.append(metrics.cacheOutcome) } },
                LoggingMiddleware(
                    sink: ClosureLogSink { entry in lines.withLock { $0.append(entry.message) } }),
                Self.cache(clock: clock),
            ])
        let endpoint = Endpoint<Data, Never> {
            Method.get
            Path("todos")
        }
        _ = try await client.send(endpoint)
        let hit = try await client.send(endpoint)
        #expect(hit.body == Data("v1".utf8))
        #expect(sent.withLock { $0 } == 1)
        #expect(recorded.withLock { $0 } == [.miss, .hit])
        #expect(lines.withLock { $0 }.last?.hasSuffix("ms, cache hit)") == true)
    }

    @Test func aRetryAfterTheCacheStoresTheRetriedAnswer() async throws {
        let clock = LockedValue(Self.t0)
        let sent = LockedValue(0)
        let transport = StubTransport { _ in
            let count = sent.withLock { count in
                count += 1
                return count
            }
            // The first attempt fails with a 503, which the retry after the cache absorbs.
            if count == 1 { return RawResponse(status: .serviceUnavailable) }
            return Self.ok("v1", [(.cacheControl, "max-age=60")])
        }
        let client = Client(
            baseURL: exampleBase, transport: transport,
            middleware: [
                Self.cache(clock: clock), DeduplicationMiddleware(),
                RetryMiddleware(maxRetries: 1, backoff: RetryBackoff(base: .zero)),
            ])
        let endpoint = Endpoint<Data, Never> {
            Method.get
            Path("todos")
        }
        var bodies: [Data] = []
        for _ in 0..<5 { bodies.append(try await client.send(endpoint).body) }
        // The retry's 200 was stored: the origin saw the first attempt and its retry only.
        #expect(bodies == Array(repeating: Data("v1".utf8), count: 5))
        #expect(sent.withLock { $0 } == 2)
    }

    @Test func theCachesOwn504IsUnsatisfiableAndAnOrigins504IsAMiss() async throws {
        let gatewayTimeout = RawResponse(
            status: 504, headers: [HeaderField(name: .contentLength, value: "0")])
        let transport = StubTransport { _ in gatewayTimeout }
        let recorded = LockedValue<[String]>([])
        let lines = LockedValue<[String]>([])
        let client = Client(
            baseURL: exampleBase, transport: transport,
            middleware: [
                MetricsMiddleware { metrics in
                    recorded.withLock {
                        $0.append("\(metrics.status?.code ?? 0) \(metrics.cacheOutcome?.name ?? "-")")
                    }
                },
                LoggingMiddleware(
                    sink: ClosureLogSink { entry in lines.withLock { $0.append(entry.message) } }),
                HTTPCacheMiddleware(),
            ])
        let endpoint = Endpoint<Data, Never> {
            Method.get
            Path("todos")
        }
        // The cache's own 504 throws notCached, the origin's an undocumented status; the metrics
        // and the log tell them apart too.
        let offline = await #expect(throws: CourierError.self) {
            try await client.send(endpoint, options: CallOptions(cachePolicy: .returnCachedOnly))
        }
        let origin = await #expect(throws: CourierError.self) { try await client.send(endpoint) }
        #expect(offline?.kind == .notCached)
        #expect(offline?.response?.status.code == 504)
        #expect(offline?.message.contains("nothing was sent") == true)
        #expect(origin?.kind == .undocumentedStatus)
        #expect(recorded.withLock { $0 } == ["504 unsatisfiable", "504 miss"])
        let responseLines = lines.withLock { $0 }.filter { $0.contains("504") }
        #expect(responseLines.count == 2)
        #expect(responseLines.first?.hasSuffix("ms, cache unsatisfiable)") == true)
        #expect(responseLines.last?.hasSuffix("ms, cache miss)") == true)
    }

    /// An error body some endpoint documents for every non-2xx status.
    struct Problem: Decodable, Error {
        let message: String
    }

    /// The cache's 504 is not read as the endpoint's documented error (its decoding is not
    /// tried, so its type is not named), nor said to come from a server: no server answered it.
    @Test func aCacheOnlyMissIsNotCachedWhateverTheEndpointDocuments() async throws {
        let client = Client(
            baseURL: exampleBase, transport: StubTransport { RawResponse.stub(.ok, to: $0) },
            middleware: [HTTPCacheMiddleware()])
        let endpoint = Endpoint<Data, Problem> {
            Method.get
            Path("todos")
        }
        let error = await #expect(throws: CourierError.self) {
            try await client.send(endpoint, options: CallOptions(cachePolicy: .returnCachedOnly))
        }
        #expect(error?.kind == .notCached)
        #expect(error?.response?.cacheOutcome == .unsatisfiable)
        #expect(error?.message.contains("server") == false)
        #expect(error?.message.contains("Problem") == false)
    }

    /// Without a cache, a call that may only be answered from one fails before anything is
    /// sent; every other policy loads, as it would with an empty cache.
    @Test func aCacheOnlyCallWithoutACacheFailsBeforeAnythingIsSent() async throws {
        let sent = SentRequests()
        let client = Client(
            baseURL: exampleBase,
            transport: StubTransport { request in
                _ = sent.append(request)
                return RawResponse.stub(.ok, to: request)
            })
        let endpoint = Endpoint<Data, Never> {
            Method.get
            Path("todos")
        }
        let error = await #expect(throws: CourierError.self) {
            try await client.send(endpoint, options: CallOptions(cachePolicy: .returnCachedOnly))
        }
        #expect(error?.kind == .notCached)
        #expect(error?.stage == .transport)
        #expect(error?.response == nil)
        #expect(error?.message.contains("no HTTPCacheMiddleware") == true)
        #expect(sent.count == 0)
        for policy in [CachePolicy.useProtocol, .reloadIgnoringCache, .returnCachedElseLoad] {
            _ = try await client.send(endpoint, options: CallOptions(cachePolicy: policy))
        }
        #expect(sent.count == 3)
    }

    /// A caller of `send` reads what the cache did from the decoded response.
    @Test func theDecodedResponseSaysWhatTheCacheDid() async throws {
        let client = Client(
            baseURL: exampleBase,
            transport: StubTransport {
                RawResponse.stub(.ok, [("Cache-Control", "max-age=60")], to: $0, body: "7")
            },
            middleware: [HTTPCacheMiddleware()])
        let endpoint = Endpoint<Data, Never> {
            Method.get
            Path("todos")
        }
        #expect(try await client.send(endpoint).cacheOutcome == .miss)
        let hit = try await client.send(endpoint)
        #expect(hit.cacheOutcome == .hit)
        #expect(hit.value == Data("7".utf8))
        let uncached = Client(
            baseURL: exampleBase, transport: StubTransport { RawResponse.stub(.ok, to: $0) })
        #expect(try await uncached.send(endpoint).cacheOutcome == nil)
    }

    /// A cache-only call the cache does not store (a `POST`, a `GET` with a range) is not loaded
    /// either: it fails at the end of the chain, unsent.
    @Test func aCacheOnlyCallTheCacheDoesNotStoreIsNotSent() async throws {
        let sent = SentRequests()
        let client = Client(
            baseURL: exampleBase,
            transport: StubTransport { request in
                _ = sent.append(request)
                return RawResponse.stub(.ok, to: request)
            },
            middleware: [HTTPCacheMiddleware()])
        let post = Endpoint<Data, Never> {
            Method.post
            Path("todos")
            Body.json(["title": "milk"])
        }
        let range = Endpoint<Data, Never> {
            Method.get
            Path("todos")
            Header(.range, "bytes=0-9")
        }
        for error in [
            await #expect(throws: CourierError.self) {
                try await client.send(post, options: CallOptions(cachePolicy: .returnCachedOnly))
            },
            await #expect(throws: CourierError.self) {
                try await client.send(range, options: CallOptions(cachePolicy: .returnCachedOnly))
            },
        ] {
            #expect(error?.kind == .notCached)
            #expect(error?.message.contains("not a GET, or one with a range or a precondition") == true)
        }
        #expect(sent.count == 0)
    }

    /// Validation, by a middleware before the cache or by the endpoint's own rules, sees the
    /// cache's 504 as what it is: notCached, not an unacceptable status.
    @Test func validationTellsTheCachesOwn504Apart() async throws {
        let transport = StubTransport { RawResponse.stub(.ok, to: $0) }
        let validated = Client(
            baseURL: exampleBase, transport: transport,
            middleware: [ValidationMiddleware(), HTTPCacheMiddleware()])
        let plain = Endpoint<Data, Never> {
            Method.get
            Path("todos")
        }
        let declaring = Endpoint<Data, Never> {
            Method.get
            Path("todos")
            ResponseValidation(statuses: [200...299])
        }
        let cached = Client(baseURL: exampleBase, transport: transport, middleware: [HTTPCacheMiddleware()])
        let throughMiddleware = await #expect(throws: CourierError.self) {
            try await validated.send(plain, options: CallOptions(cachePolicy: .returnCachedOnly))
        }
        let byTheEndpoint = await #expect(throws: CourierError.self) {
            try await cached.send(declaring, options: CallOptions(cachePolicy: .returnCachedOnly))
        }
        let raw = await #expect(throws: CourierError.self) {
            try await cached.rawResponse(declaring, options: CallOptions(cachePolicy: .returnCachedOnly))
        }
        #expect(throughMiddleware?.kind == .notCached && throughMiddleware?.stage == .middleware)
        #expect(byTheEndpoint?.kind == .notCached && byTheEndpoint?.stage == .status)
        #expect(raw?.kind == .notCached && raw?.response?.status.code == 504)
    }
}
