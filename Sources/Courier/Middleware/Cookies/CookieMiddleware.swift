import Foundation

/// Sends each request, and each redirect hop it leads to, with the cookies of a ``CookieJar`` for
/// that hop's URL, and stores the cookies each hop's response sets.
///
/// Put it before ``HTTPCacheMiddleware`` and ``DeduplicationMiddleware``: the cache then answers
/// a request only from a response stored for the same cookies, and only requests with the same
/// cookies are merged. The jar is read again for every attempt of a ``RetryMiddleware`` and every
/// redirect hop. `Cookie` and `Set-Cookie` are redacted in logs wherever it is.
///
/// ```swift
/// let jar = CookieJar()
/// let client = Client(
///     baseURL: BaseURL("api.example.com"),
///     middleware: [RetryMiddleware(), CookieMiddleware(jar: jar)]
/// )
/// ```
///
/// A cookie the endpoint declares with ``Cookie`` wins over one of the same name in the jar; the
/// request carries one `Cookie` header, the endpoint's cookies first. Every hop gets the jar's
/// cookies for its own URL, and the `Set-Cookie` fields of every response, a redirect's
/// included, are stored before the next hop is sent. The endpoint's own cookies go with each hop
/// until the first hop to another origin, like every secret header, and never after it
/// (<doc:CachingAndCookies#Cookies>).
///
/// Each hop's cookies, and the storing of what each response sets, go down with the request's
/// call context: a middleware below it must pass on the request it received (changed or not),
/// not one it made anew, or the hops go with the first URL's cookies and nothing is stored. In a
/// chain with two cookie middlewares, the inner one's `Cookie` header replaces the outer's on
/// every hop.
public struct CookieMiddleware: Middleware {
    /// The jar cookies are read from and stored in.
    public let jar: CookieJar

    /// A middleware that sends and stores the cookies of `jar`.
    public init(jar: CookieJar) {
        self.jar = jar
    }

    /// Adds the jar's cookies for the request's URL and sends it; each hop, every attempt's first
    /// included, is sent with the jar's cookies for its URL as they are then, and each hop's
    /// response has its cookies stored, attributed to that hop's URL.
    ///
    /// - Throws: ``CourierError/Kind/cookieStorageFailed``, with the response that set them, when
    ///   the jar's storage fails to save; the cookies are in the jar for this run, and no further
    ///   hop is sent.
    public func intercept(
        _ request: EndpointRequest, baseURL: BaseURL, next: Next
    ) async throws -> RawResponse {
        let url = try baseURL.url(for: request)
        let declared = request.headers.values(for: .cookie)
        var sent = request
        if let value = cookieHeader(declared: declared, for: url), value != declared.joined(separator: "; ") {
            sent = try request.settingHeader(HeaderField(name: .cookie, value: value))
        }
        // The header set here is what the middleware below compares; the hook sets each hop's
        // own as it is sent, reading the jar again on every attempt.
        sent.context = sent.context.adding(HopCookies(middleware: self, declared: declared))
        return try await next(sent, baseURL)
    }

    /// The `Cookie` header value for a request to `url` that declares the `Cookie` header values
    /// `declared`: those first, then the jar's cookies for `url` whose names they do not declare;
    /// `nil` when there are none.
    func cookieHeader(declared: [String], for url: URL) -> String? {
        let declaredNames = Set(declared.flatMap(Self.names(in:)))
        let fromJar = jar.cookies(for: url).filter { !declaredNames.contains($0.name) }
        let pairs = declared + fromJar.map(\.pair)
        return pairs.isEmpty ? nil : pairs.joined(separator: "; ")
    }

    /// The cookie names in a `Cookie` header value (`a=1; b=2`).
    static func names(in header: String) -> [String] {
        header.split(separator: ";").map { pair in
            let name = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
            return name.trimmingCharacters(in: .whitespaces)
        }
    }
}

extension CookieMiddleware {
    /// The middleware's part in each hop of one request: the `Cookie` header of every redirect hop,
    /// and the cookies every hop's response sets.
    struct HopCookies: HopHook {
        let middleware: CookieMiddleware
        /// The `Cookie` header values the endpoint declared: secrets of the first request's origin.
        let declared: [String]

        /// The jar, by the storage its copies share, and the declared cookies.
        var identity: HopHookIdentity {
            HopHookIdentity(state: middleware.jar.cookies.id, values: declared)
        }

        /// Replaces the hop's `Cookie` header with the jar's cookies for the hop's URL, after the
        /// declared ones while the hop keeps the first request's secrets.
        func prepare(_ hop: inout TransportRequest, keepsSecrets: Bool) throws(CourierError) {
            hop.headers.removeAll(named: .cookie)
            guard let value = middleware.cookieHeader(declared: keepsSecrets ? declared : [], for: hop.url)
            else { return }
            let field = HeaderField(name: .cookie, value: value)
            try RequestRules.validate(header: field)
            hop.headers.append(field)
        }

        /// Stores the cookies `response` sets, received from the hop's URL, and saves once.
        func received(_ response: RawResponse, for hop: TransportRequest) throws(CourierError) {
            let setCookies = response.headers.values(for: .setCookie)
            guard !setCookies.isEmpty else { return }
            do {
                try middleware.jar.receive(setCookies, from: hop.url)
            } catch {
                throw CourierError(
                    stage: .middleware, kind: .cookieStorageFailed,
                    message:
                        "The cookies the response set are in the jar, but its storage could not save them; "
                        + "the response is attached.",
                    url: hop.url, response: response, underlying: error)
            }
        }
    }
}
