import Foundation
import Testing

@testable import Courier

/// The cache's rules against the examples of RFC 9111, RFC 5861 and RFC 8246, with instants
/// given, never read.
@Suite struct CacheRulesTests {
    /// Thu, 01 Dec 1994 16:00:00 GMT, the RFCs' example date.
    static let t0 = HTTPDate.parse("Thu, 01 Dec 1994 16:00:00 GMT")!

    static func stored(
        _ fields: [(String, String)], status: HTTPStatus = .ok, requestDate: Date = t0,
        responseDate: Date = t0
    ) -> CachedResponse {
        CachedResponse(
            status: status,
            headers: HeaderFields(
                fields.map { HeaderField(name: HeaderName(validating: $0.0)!, value: $0.1) }),
            body: Data("x".utf8), url: nil, requestDate: requestDate, responseDate: responseDate)
    }

    static func headers(_ fields: [(String, String)]) -> HeaderFields {
        HeaderFields(fields.map { HeaderField(name: HeaderName(validating: $0.0)!, value: $0.1) })
    }

    static let date = ("Date", "Thu, 01 Dec 1994 16:00:00 GMT")

    // MARK: Storing (§3)

    @Test func storesFinalResponsesThatAreExplicitlyOrHeuristicallyCacheable() {
        func storable(_ status: HTTPStatus, _ fields: [(String, String)], request: [(String, String)] = [])
            -> Bool
        {
            CacheRules.isStorable(
                status: status, headers: Self.headers(fields), requestHeaders: Self.headers(request))
        }
        #expect(storable(.ok, []))
        #expect(storable(404, []))
        #expect(!storable(201, []))
        #expect(storable(201, [("Cache-Control", "max-age=60")]))
        #expect(storable(302, [("Expires", "Thu, 01 Dec 1994 16:00:00 GMT")]))
        #expect(storable(.ok, [("Cache-Control", "private")]))
        #expect(!storable(.ok, [("Cache-Control", "no-store")]))
        #expect(!storable(.ok, [], request: [("Cache-Control", "no-store")]))
        #expect(!storable(206, [("Cache-Control", "max-age=60"), ("Content-Range", "bytes 0-9/100")]))
        // A 200 is the whole representation, whatever a Content-Range on it says (RFC 9110 §14.4
        // gives it no meaning there): stored as it came.
        #expect(storable(.ok, [("Cache-Control", "max-age=60"), ("Content-Range", "bytes 0-9/100")]))
        #expect(!storable(304, [("Cache-Control", "max-age=60")]))
        #expect(!storable(.ok, [("Vary", "*")]))
        #expect(storable(.ok, [("Authorization-Info", "x")]))
        // must-understand overrides no-store for a status the cache implements (§5.2.2.3).
        #expect(storable(.ok, [("Cache-Control", "must-understand, no-store, max-age=60")]))
        #expect(!storable(299, [("Cache-Control", "must-understand, no-store, max-age=60")]))
    }

    @Test func storedFieldsDropHopByHopFieldsTheirConnectionNamesAndSetCookie() {
        let fields = CacheRules.storedFields(
            of: Self.headers([
                ("Connection", "X-Hop"), ("X-Hop", "1"), ("Keep-Alive", "timeout=5"), ("Set-Cookie", "id=1"),
                ("ETag", "\"a\""), ("Content-Type", "text/plain"),
            ]))
        #expect(fields.map(\.name.rawValue) == ["ETag", "Content-Type"])
    }

    // MARK: Freshness (§4.2.1, §4.2.2, §5.3)

    @Test func maxAgeWinsOverExpires() {
        let stored = Self.stored([
            Self.date, ("Cache-Control", "max-age=60"), ("Expires", "Thu, 01 Dec 1994 17:00:00 GMT"),
        ])
        #expect(CacheRules.freshnessLifetime(of: stored) == 60)
    }

    @Test func expiresCountsFromTheDateField() {
        let stored = Self.stored([Self.date, ("Expires", "Thu, 01 Dec 1994 16:10:00 GMT")])
        #expect(CacheRules.freshnessLifetime(of: stored) == 600)
    }

    @Test func invalidExpiresLikeZeroMeansAlreadyExpired() {
        // §5.3: "a cache recipient MUST interpret invalid date formats, especially the value "0",
        // as representing a time in the past".
        #expect(CacheRules.freshnessLifetime(of: Self.stored([Self.date, ("Expires", "0")])) == 0)
        // A date with two spaces where the grammar has one is no date.
        let doubleSpaced = Self.stored([Self.date, ("Expires", "Thu, 01 Dec  1994 16:10:00 GMT")])
        #expect(CacheRules.freshnessLifetime(of: doubleSpaced) == 0)
        #expect(CacheRules.freshnessLifetime(of: Self.stored([("Cache-Control", "max-age=x")])) == 0)
    }

    @Test func sMaxageIsForSharedCachesOnly() {
        let stored = Self.stored([Self.date, ("Cache-Control", "s-maxage=600")])
        #expect(CacheRules.freshnessLifetime(of: stored) == 0)
    }

    @Test func heuristicFreshnessIsATenthOfTheAgeOfLastModifiedCapped() {
        let tenDays = Self.stored([Self.date, ("Last-Modified", "Mon, 21 Nov 1994 16:00:00 GMT")])
        #expect(CacheRules.freshnessLifetime(of: tenDays) == 86_400)
        let years = Self.stored([Self.date, ("Last-Modified", "Mon, 21 Nov 1984 16:00:00 GMT")])
        #expect(CacheRules.freshnessLifetime(of: years) == CacheRules.heuristicCap)
        // Only for statuses cacheable by default, or with `public` (§4.2.2).
        let created = Self.stored(
            [Self.date, ("Last-Modified", "Mon, 21 Nov 1994 16:00:00 GMT")], status: 201)
        #expect(CacheRules.freshnessLifetime(of: created) == 0)
    }

    // MARK: Age (§4.2.3)

    @Test func currentAgeAddsAgeFieldResponseDelayAndResidentTime() {
        let stored = Self.stored(
            [Self.date, ("Age", "100")], requestDate: Self.t0.addingTimeInterval(-2), responseDate: Self.t0)
        // corrected_initial_age = max(0, 100 + 2) = 102; resident_time = 30.
        #expect(CacheRules.currentAge(of: stored, now: Self.t0.addingTimeInterval(30)) == 132)
    }

    @Test func apparentAgeWinsWhenTheDateIsOlderThanTheAgeSays() {
        let stored = Self.stored([Self.date], responseDate: Self.t0.addingTimeInterval(50))
        #expect(CacheRules.currentAge(of: stored, now: Self.t0.addingTimeInterval(50)) == 50)
        // A Date in the future gives no negative age.
        let future = Self.stored([("Date", "Thu, 01 Dec 1994 17:00:00 GMT")])
        #expect(CacheRules.currentAge(of: future, now: Self.t0) == 0)
        let invalidAge = Self.stored([Self.date, ("Age", "soon")])
        #expect(CacheRules.currentAge(of: invalidAge, now: Self.t0) == 0)
    }

    @Test func aListBasedAgeCountsItsFirstMemberOnly() {
        let listed = Self.stored([Self.date, ("Age", "90, 0")])
        #expect(CacheRules.currentAge(of: listed, now: Self.t0) == 90)
        let lines = Self.stored([Self.date, ("Age", "0"), ("Age", "90")])
        #expect(CacheRules.currentAge(of: lines, now: Self.t0) == 0)
        // The first member decides: an invalid one is ignored, whatever follows it.
        let invalidFirst = Self.stored([Self.date, ("Age", "later, 90")])
        #expect(CacheRules.currentAge(of: invalidFirst, now: Self.t0) == 0)
    }

    // MARK: Reuse

    private func reuse(
        _ fields: [(String, String)], at seconds: TimeInterval, request: [(String, String)] = []
    )
        -> CacheRules.Reuse
    {
        CacheRules.reuse(
            of: Self.stored([Self.date] + fields), requestHeaders: Self.headers(request),
            now: Self.t0.addingTimeInterval(seconds))
    }

    @Test func freshUntilTheLifetimeThenValidated() {
        #expect(reuse([("Cache-Control", "max-age=60")], at: 59) == .fresh)
        #expect(reuse([("Cache-Control", "max-age=60")], at: 60) == .validate)
    }

    @Test func noCacheAlwaysValidates() {
        #expect(reuse([("Cache-Control", "max-age=60, no-cache")], at: 0) == .validate)
        #expect(
            reuse([("Cache-Control", "max-age=60")], at: 0, request: [("Cache-Control", "no-cache")])
                == .validate)
    }

    @Test func requestDirectivesNarrowOrWidenWhatIsAccepted() {
        let cc = [("Cache-Control", "max-age=60")]
        #expect(reuse(cc, at: 20, request: [("Cache-Control", "max-age=30")]) == .fresh)
        #expect(reuse(cc, at: 40, request: [("Cache-Control", "max-age=30")]) == .validate)
        #expect(reuse(cc, at: 0, request: [("Cache-Control", "max-age=0")]) == .validate)
        #expect(reuse(cc, at: 40, request: [("Cache-Control", "min-fresh=10")]) == .fresh)
        #expect(reuse(cc, at: 55, request: [("Cache-Control", "min-fresh=10")]) == .validate)
        #expect(reuse(cc, at: 100, request: [("Cache-Control", "max-stale=50")]) == .stale)
        #expect(reuse(cc, at: 120, request: [("Cache-Control", "max-stale=50")]) == .validate)
        #expect(reuse(cc, at: 100_000, request: [("Cache-Control", "max-stale")]) == .stale)
    }

    @Test func mustRevalidateForbidsStaleUse() {
        let cc = [("Cache-Control", "max-age=60, must-revalidate, stale-while-revalidate=100")]
        #expect(reuse(cc, at: 30) == .fresh)
        #expect(reuse(cc, at: 70, request: [("Cache-Control", "max-stale")]) == .validate)
        #expect(reuse(cc, at: 70) == .validate)
    }

    @Test func immutableIsNotRevalidatedOnAReloadWhileFresh() {
        // RFC 8246 §2's example.
        let cc = [("Cache-Control", "max-age=31536000, immutable")]
        #expect(reuse(cc, at: 10, request: [("Cache-Control", "max-age=0")]) == .fresh)
        #expect(reuse(cc, at: 10, request: [("Cache-Control", "no-cache")]) == .validate)
        #expect(reuse(cc, at: 31_536_001) == .validate)
    }

    @Test func staleWhileRevalidateFollowsRFC5861Example() {
        // RFC 5861 §3: max-age=600, stale-while-revalidate=30.
        let cc = [("Cache-Control", "max-age=600, stale-while-revalidate=30")]
        #expect(reuse(cc, at: 599) == .fresh)
        #expect(reuse(cc, at: 615) == .staleWhileRevalidate)
        #expect(reuse(cc, at: 631) == .validate)
    }

    @Test func staleIfErrorFollowsRFC5861Example() {
        // RFC 5861 §4: max-age=600, stale-if-error=1200.
        let stored = Self.stored([Self.date, ("Cache-Control", "max-age=600, stale-if-error=1200")])
        #expect(CacheRules.servesOnError(stored, requestHeaders: [], now: Self.t0.addingTimeInterval(1_800)))
        #expect(!CacheRules.servesOnError(stored, requestHeaders: [], now: Self.t0.addingTimeInterval(1_801)))
        let plain = Self.stored([Self.date, ("Cache-Control", "max-age=600")])
        let asked = Self.headers([("Cache-Control", "stale-if-error=60")])
        #expect(CacheRules.servesOnError(plain, requestHeaders: asked, now: Self.t0.addingTimeInterval(650)))
        #expect(!CacheRules.servesOnError(plain, requestHeaders: [], now: Self.t0.addingTimeInterval(650)))
        let strict = Self.stored([
            Self.date, ("Cache-Control", "max-age=600, stale-if-error=1200, must-revalidate"),
        ])
        #expect(!CacheRules.servesOnError(strict, requestHeaders: [], now: Self.t0.addingTimeInterval(700)))
        #expect(CacheRules.isOriginFailure(503) && !CacheRules.isOriginFailure(.notFound))
    }

    // MARK: Validation (§4.3)

    @Test func conditionsCarryTheStoredValidators() {
        let stored = Self.stored([("ETag", "\"xyzzy\""), ("Last-Modified", "Tue, 15 Nov 1994 12:45:26 GMT")])
        #expect(
            CacheRules.conditions(for: stored) == [
                HeaderField(name: .ifNoneMatch, value: "\"xyzzy\""),
                HeaderField(name: .ifModifiedSince, value: "Tue, 15 Nov 1994 12:45:26 GMT"),
            ])
        // Without the quotes RFC 9110 asks for: back as it came, for the server to compare.
        #expect(
            CacheRules.conditions(for: Self.stored([("ETag", " xyzzy ")]))
                == [HeaderField(name: .ifNoneMatch, value: "xyzzy")])
        // Not a bare tag either: nothing goes back.
        for malformed in ["  ", "x\u{1}y", "\"unclosed", "\"a\", \"b\"", "a b", "a,b", "x\u{85}"] {
            #expect(CacheRules.conditions(for: Self.stored([("ETag", malformed)])).isEmpty, "\(malformed)")
        }
    }

    @Test func aNotModifiedSelectsTheStoredResponseByItsValidator() {
        let stored = Self.stored([("ETag", "\"v1\""), ("Last-Modified", "Tue, 15 Nov 1994 12:45:26 GMT")])
        #expect(CacheRules.notModified(Self.headers([("ETag", "\"v1\"")]), selects: stored))
        #expect(!CacheRules.notModified(Self.headers([("ETag", "\"v2\"")]), selects: stored))
        #expect(CacheRules.notModified(Self.headers([("ETag", "W/\"v1\"")]), selects: stored))
        #expect(
            CacheRules.notModified(
                Self.headers([("Last-Modified", "Tue, 15 Nov 1994 12:45:26 GMT")]), selects: stored))
        #expect(CacheRules.notModified([], selects: stored))
        // An ETag without quotes matches the same text only.
        let unquoted = Self.stored([("ETag", "0")])
        #expect(CacheRules.notModified(Self.headers([("ETag", "0")]), selects: unquoted))
        #expect(!CacheRules.notModified(Self.headers([("ETag", "1")]), selects: unquoted))
        #expect(!CacheRules.notModified(Self.headers([("ETag", "\"0\"")]), selects: unquoted))
        #expect(!CacheRules.notModified(Self.headers([("ETag", "0")]), selects: stored))
        // A 304 whose ETag is neither falls back on its Last-Modified.
        #expect(
            CacheRules.notModified(
                Self.headers([("ETag", "\"open"), ("Last-Modified", "Tue, 15 Nov 1994 12:45:26 GMT")]),
                selects: stored))
    }

    @Test func theCallersOwnIfNoneMatchComparesAnUnquotedETagAsText() {
        let unquoted = Self.stored([("ETag", "abc")])
        #expect(CacheRules.isNotModified(unquoted, for: Self.headers([("If-None-Match", " abc ")])))
        #expect(!CacheRules.isNotModified(unquoted, for: Self.headers([("If-None-Match", "abd")])))
        #expect(CacheRules.isNotModified(unquoted, for: Self.headers([("If-None-Match", "*")])))
        let quoted = Self.stored([("ETag", "\"abc\"")])
        #expect(!CacheRules.isNotModified(quoted, for: Self.headers([("If-None-Match", "abc")])))
        #expect(CacheRules.isNotModified(quoted, for: Self.headers([("If-None-Match", "W/\"abc\"")])))
    }

    @Test func aNotModifiedReplacesFieldsButNotTheBodysOwn() {
        let stored = Self.stored([
            ("ETag", "\"v1\""), ("Cache-Control", "max-age=1"), ("Content-Length", "1"),
            ("Content-Encoding", "gzip"),
            ("Content-Range", "bytes 0-0/1"), ("X-Kept", "a"),
        ])
        let later = Self.t0.addingTimeInterval(100)
        let freshened = CacheRules.freshened(
            stored,
            with: Self.headers([
                ("Cache-Control", "max-age=600"), ("Content-Length", "0"), ("Content-Encoding", "br"),
                ("Content-Range", "bytes 0-0/2"), ("Connection", "close"), ("X-New", "b"),
            ]), requestDate: later, responseDate: later)
        // The stored body's length and the coding it arrived in stay; any other field, a
        // Content-Range too, is the 304's (RFC 9111 §3.2).
        #expect(
            freshened.headers.map { "\($0.name.rawValue): \($0.value)" } == [
                "ETag: \"v1\"", "Content-Length: 1", "Content-Encoding: gzip", "X-Kept: a",
                "Cache-Control: max-age=600",
                "Content-Range: bytes 0-0/2", "X-New: b",
            ])
        #expect(freshened.responseDate == later && freshened.body == stored.body)
    }

    // MARK: Selecting (§4.1)

    @Test func varySelectsByNormalisedRequestFields() {
        // RFC 9110 §12.5.5's example field.
        let request = Self.headers([("Accept-Encoding", "gzip"), ("Accept-Language", "en,  fr")])
        var stored = Self.stored([("Vary", "accept-encoding, accept-language")])
        stored.varyDigests = CacheRules.varyDigests(
            names: CacheRules.varyNames(of: stored.headers)!, requestHeaders: request)
        #expect(CacheRules.selects(stored, requestHeaders: request))
        let split = Self.headers([("accept-encoding", " gzip "), ("Accept-Language", "en,  fr")])
        #expect(CacheRules.selects(stored, requestHeaders: split))
        #expect(!CacheRules.selects(stored, requestHeaders: Self.headers([("Accept-Encoding", "gzip")])))
        #expect(
            !CacheRules.selects(
                stored,
                requestHeaders: Self.headers([("Accept-Encoding", "br"), ("Accept-Language", "en,  fr")])))
        #expect(CacheRules.varyNames(of: Self.headers([("Vary", "Accept, *")])) == nil)
    }

    @Test func credentialsSelectOnlyTheirOwnResponses() {
        let alice = Self.headers([("Authorization", "Bearer alice")])
        var stored = Self.stored([])
        stored.credentialDigest = CacheRules.credentialDigest(of: alice)
        #expect(stored.credentialDigest?.count == 64)
        #expect(stored.credentialDigest?.contains("alice") == false)
        #expect(CacheRules.selects(stored, requestHeaders: alice))
        #expect(!CacheRules.selects(stored, requestHeaders: Self.headers([("Authorization", "Bearer bob")])))
        #expect(!CacheRules.selects(stored, requestHeaders: []))
        #expect(!CacheRules.selects(Self.stored([]), requestHeaders: alice))
    }

    @Test func keysAreDigestsOfMethodAndURL() {
        let key = CacheRules.key(url: "https://api.example.com/users?token=s3cret")
        #expect(key.count == 64 && !key.contains("s3cret"))
        #expect(key != CacheRules.key(url: "https://api.example.com/users?token=other"))
    }

    // MARK: Invalidation (§4.4)

    /// A location names a stored response as the request that stored it would: the default
    /// port, the host's case and dot segments do not make it another URL.
    @Test func aLocationIsReadAsTheRequestThatStoredItsResponse() {
        let target = URL(string: "https://api.example.com/todos/1")!
        let headers = Self.headers([
            ("Location", "https://API.example.com:443/todos/x/../2"),
            ("Content-Location", "http://api.example.com/3"),
        ])
        #expect(
            CacheRules.invalidatedURLs(method: .put, status: .ok, headers: headers, target: target).map(
                \.absoluteString) == ["https://api.example.com/todos/1", "https://api.example.com/todos/2"])
    }

    @Test func unsafeNonErrorResponsesInvalidateTargetAndSameOriginLocations() {
        let target = URL(string: "https://api.example.com/todos/1")!
        let headers = Self.headers([
            ("Location", "/todos/2"), ("Content-Location", "https://other.example.com/todos/3"),
        ])
        #expect(
            CacheRules.invalidatedURLs(method: .post, status: .created, headers: headers, target: target).map(
                \.absoluteString) == ["https://api.example.com/todos/1", "https://api.example.com/todos/2"])
        #expect(
            CacheRules.invalidatedURLs(method: .delete, status: .notFound, headers: [], target: target)
                .isEmpty)
        #expect(
            CacheRules.invalidatedURLs(method: .get, status: .ok, headers: headers, target: target).isEmpty)
        #expect(
            CacheRules.invalidatedURLs(method: .patch, status: 303, headers: [], target: target) == [target])
    }
}
