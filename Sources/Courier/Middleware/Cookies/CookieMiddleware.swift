import Foundation

/// Sends each request with the cookies of a ``CookieJar`` for its URL, and stores the cookies
/// each response sets.
///
/// Put it after ``RetryMiddleware`` and before ``DeduplicationMiddleware``: each attempt then
/// reads the jar afresh and stores what its response set, and only requests with the same
/// cookies are merged. `Cookie` and `Set-Cookie` are redacted in logs wherever it is.
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
/// request carries one `Cookie` header, the endpoint's cookies first. Redirects are followed after
/// the middleware chain: the cookies of the first request go to each hop of the same origin, and
/// only the last response's `Set-Cookie` fields are stored (<doc:CachingAndCookies#Cookies>).
public struct CookieMiddleware: Middleware {
    /// The jar cookies are read from and stored in.
    public let jar: CookieJar

    /// A middleware that sends and stores the cookies of `jar`.
    public init(jar: CookieJar) {
        self.jar = jar
    }

    /// Adds the jar's cookies for the request's URL, sends it, and stores the cookies the response
    /// sets, attributed to the URL that answered.
    ///
    /// - Throws: ``CourierError/Kind/cookieStorageFailed``, with the response, when the jar's
    ///   storage fails to save; the cookies are in the jar for this run.
    public func intercept(
        _ request: EndpointRequest, baseURL: BaseURL, next: Next
    ) async throws -> RawResponse {
        let url = try baseURL.url(for: request)
        var sent = request
        let declared = request.headers.values(for: .cookie)
        let declaredNames = Set(declared.flatMap(Self.names(in:)))
        let fromJar = jar.cookies(for: url).filter { !declaredNames.contains($0.name) }
        if !fromJar.isEmpty {
            let value = (declared + fromJar.map(\.pair)).joined(separator: "; ")
            sent = try request.settingHeader(HeaderField(name: .cookie, value: value))
        }
        let response = try await next(sent, baseURL)
        var failure: (any Error)?
        for setCookie in response.headers.values(for: .setCookie) {
            do {
                try jar.receive(setCookie, from: response.url ?? url)
            } catch {
                failure = failure ?? error
            }
        }
        if let failure {
            throw CourierError(
                stage: .middleware, kind: .cookieStorageFailed,
                message:
                    "The cookies the response set are in the jar, but its storage could not save them; "
                    + "the response is attached.",
                request: request, url: url, response: response, underlying: failure)
        }
        return response
    }

    /// The cookie names in a `Cookie` header value (`a=1; b=2`).
    static func names(in header: String) -> [String] {
        header.split(separator: ";").map { pair in
            let name = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
            return name.trimmingCharacters(in: .whitespaces)
        }
    }
}
