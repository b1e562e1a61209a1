import Foundation

/// The end of every middleware chain: resolves the request against its base URL, once per
/// attempt, and follows redirects from it, one ``TransportRequest`` per hop sent over the
/// transport.
///
/// - At most `limit` hops; a method and URL reached a third time is a cycle (a second visit is
///   how a server sets a cookie and sends the client back). A redirect without a `Location`, or
///   with an empty one, is the response.
/// - 301/302 turn `POST` into `GET`, and 303 turns every method but `HEAD` into `GET`, without a
///   body or the fields that describe one (Fetch's request-body-header names); 307/308 keep the
///   method and the identical body, except a streamed one (``RequestBody/stream``), which was
///   read once: that is
///   ``CourierError/Kind/streamedBodyAlreadySent``, with the redirect response.
/// - A hop to another origin (scheme, host or port) drops sensitive headers
///   (``HeaderField/isSensitive``: credentials by name, such as `Authorization`, `Cookie` or
///   `X-Api-Key`, and headers marked secret), for the rest of the chain. A hop to another origin
///   than the first request's also drops from its `Location`'s query each secret query value
///   of the first request (marked secret, or sensitive by name) under the same name: a server
///   that echoes its request's query into the new location does not send them on. A value the
///   first request did not carry, such as a presigned URL's signature, stays.
/// - The request's ``HopHook``s prepare each hop before it is sent, the first of every attempt
///   included, told whether it still keeps the first request's secrets, and read each hop's
///   response before the next hop is built: a ``CookieMiddleware`` sends each hop the cookies of
///   its own URL and stores every `Set-Cookie`, a redirect's included.
/// - A target that is not http(s), or that names a user or password, is refused.
/// - The call's ``URLRequestConfiguration`` applies to the first hop only, and may not change its
///   URL, method, body or header fields.
struct RedirectFollower: Sendable {
    let transport: any Transport
    let limit: Int
    /// The client's TLS options, carried by every hop.
    let tls: TLSOptions?

    /// Sends `request`, resolved against `baseURL`, and each redirect hop it leads to: the
    /// ``Middleware/Next`` that later middleware and the transport are for the last middleware.
    ///
    /// A ``CachePolicy/returnCachedOnly`` call that gets here was answered by no cache, and may
    /// not be loaded: it fails with ``CourierError/Kind/notCached`` before anything is sent.
    func send(_ request: EndpointRequest, baseURL: BaseURL) async throws(CourierError) -> RawResponse {
        if request.cachePolicy == .returnCachedOnly { throw .notCached(reaching: request) }
        var first = try request.transportRequest(baseURL: baseURL)
        first.tls = tls
        do {
            return try await send(
                first, keepsSecrets: request.keepsSecrets(baseURL: baseURL),
                query: request.query)
        } catch {
            throw error.adding(request: request, url: first.url)
        }
    }

    /// Sends `first` and each redirect hop it leads to, reporting each to `first`'s observers.
    ///
    /// The hooks prepare `first` too, on every attempt: a retry reads what the attempt before it
    /// stored. `keepsSecrets` is whether `first` carries the request's secrets (an absolute URL
    /// on another origin does not, unless it opted in); `query` holds the items it was built from,
    /// which say what its URL cannot: which are marked secret.
    func send(_ first: TransportRequest, keepsSecrets: Bool, query: [QueryItem] = [])
        async throws(CourierError) -> RawResponse
    {
        var first = first
        try first.context.hopHooks.prepare(&first, keepsSecrets: keepsSecrets)
        if let configuration = first.urlRequestConfiguration {
            try Self.check(configuration, of: first)
        }
        first.context.observers.notify { $0.attemptStarted() }
        var hops = Hops(leftFirstOrigin: !keepsSecrets, query: query)
        var current = first
        while true {
            var response = try await sendHop(current)
            try current.context.hopHooks.received(response, for: current)
            guard var next = try redirect(after: current, answeredWith: response, first: first, hops: &hops)
            else {
                response.carriedNoSecrets = hops.leftFirstOrigin
                response.answersChangedMethod = hops.changedMethod
                response.sentSecrets = SentSecrets(of: current, query: hops.query)
                return response
            }
            if next.method != current.method { hops.changedMethod = true }
            try next.context.hopHooks.prepare(&next, keepsSecrets: !hops.leftFirstOrigin)
            next.context.observers.notify { $0.redirected() }
            current = next
        }
    }

    /// One hop: `request` sent, its bytes and response reported.
    private func sendHop(_ request: TransportRequest) async throws(CourierError) -> RawResponse {
        let observers = request.context.observers
        // A streamed body counts its chunks as the transport takes them.
        if let body = request.body, body.stream == nil { observers.notify { $0.sent(bytes: body.length) } }
        let response: RawResponse
        do {
            response = try await transport.send(request)
        } catch {
            // A cause may echo what the hop carried beyond the request: a cookie jar's `Cookie`, a
            // redirect target's signed query.
            throw CourierError.transport(error).hiding(LogRedaction().secrets(ofHop: request))
        }
        // The rest of a resumed download is appended to the bytes held: only the rest arrived.
        let held = response.status.code == 206 ? request.partialDownload?.offset ?? 0 : 0
        observers.notify { observer in
            observer.receivedHead()
            observer.received(bytes: max(0, response.bodyLength - held))
        }
        return response
    }

    /// The hops followed so far, how often each method and URL was visited from the first
    /// redirect on (most requests have none), whether one went to another origin than the hop
    /// before it (from then on, no hop carries the first request's sensitive headers), and
    /// whether one changed the method.
    struct Hops {
        var count = 0
        var visits: [String: Int] = [:]
        var leftFirstOrigin = false
        var changedMethod = false
        /// The query items the first request was built from.
        var query: [QueryItem] = []
        /// The first request's secret query items, which no other origin receives: read from its
        /// URL at the first hop to another origin.
        var secretQuery: Set<QueryText.Item>?
    }

    /// The request to send after `request` was answered with `response`, or `nil` when `response`
    /// is not a redirect to follow.
    private func redirect(
        after request: TransportRequest, answeredWith response: RawResponse, first: TransportRequest,
        hops: inout Hops
    ) throws(CourierError) -> TransportRequest? {
        // Trimmed here too: an in-memory transport answers without a ResponseReceiver, which trims.
        guard response.status.isRedirect,
            let location = response.headers[.location].map({
                String(Substring($0).trimmingOptionalWhitespace())
            }),
            !location.isEmpty
        else { return nil }
        guard hops.count < limit else {
            throw CourierError(
                stage: .transport, kind: .tooManyRedirects,
                message: "The server redirected more than \(limit) times.", url: request.url,
                response: response
            )
        }
        hops.count += 1
        if hops.visits.isEmpty { hops.visits["\(first.method) \(first.url.absoluteString)"] = 1 }
        var next = try nextRequest(
            after: request, status: response.status, location: location, response: response)
        if Self.origin(of: next.url) != Self.origin(of: request.url) { hops.leftFirstOrigin = true }
        if Self.origin(of: next.url) != Self.origin(of: first.url) {
            let secrets =
                hops.secretQuery
                ?? QueryText.secretItems(
                    of: first.url, declaredSecret: Set(hops.query.filter(\.isSecret).map(\.name)))
            hops.secretQuery = secrets
            if !secrets.isEmpty { next.url = QueryText.removing(secrets, from: next.url) }
        }
        let visit = "\(next.method) \(next.url.absoluteString)"
        hops.visits[visit, default: 0] += 1
        guard hops.visits[visit, default: 0] <= Self.visitsAllowed else {
            throw CourierError(
                stage: .transport, kind: .tooManyRedirects,
                // Without the query: a redirect may carry a signature or a code there, and an
                // error's message reaches logs. The whole URL is the error's `url`.
                message:
                    "The redirects form a cycle back to "
                    + "\(URLText.withoutQuery(next.url) ?? "\(next.url.scheme ?? "")://\(next.url.host ?? "")").",
                url: next.url, response: response
            )
        }
        return next
    }

    /// Throws when `configuration` changes the URL, method, body or header fields of `request`'s
    /// `URLRequest`: idempotency, retries, redirects, connection reuse and redaction are decided
    /// from those, so a change to them would go unchecked.
    static func check(_ configuration: URLRequestConfiguration, of request: TransportRequest)
        throws(CourierError)
    {
        var plainRequest = request
        plainRequest.urlRequestConfiguration = nil
        let plain = plainRequest.urlRequest
        var configured = plain
        configuration.apply(&configured)
        var changed: [String] = []
        if configured.url != plain.url { changed.append("URL") }
        if configured.httpMethod != plain.httpMethod { changed.append("method") }
        if configured.httpBody != plain.httpBody || configured.httpBodyStream !== plain.httpBodyStream {
            changed.append("body")
        }
        if configured.allHTTPHeaderFields ?? [:] != plain.allHTTPHeaderFields ?? [:] {
            changed.append("header fields")
        }
        guard changed.isEmpty else {
            throw CourierError(
                stage: .transport, kind: .urlRequestConfigurationRejected,
                message:
                    "The call's configureURLRequest changed the request's \(changed.joined(separator: ", ")); "
                    + "set those with the endpoint or CallOptions instead. Nothing was sent.",
                url: request.url)
        }
    }

    private func nextRequest(
        after request: TransportRequest, status: HTTPStatus, location: String, response: RawResponse
    ) throws(CourierError) -> TransportRequest {
        guard let location = URL(string: location, relativeTo: request.url)?.absoluteURL,
            let scheme = location.scheme?.lowercased(), scheme == "http" || scheme == "https",
            location.host?.isEmpty == false
        else {
            throw CourierError(
                stage: .transport, kind: .unsupportedRedirect,
                message: "The server redirected to a location Courier does not follow (only http and https).",
                url: request.url, response: response
            )
        }
        // A user or password in a URL is a secret Courier never sends, nor shows in a message.
        guard location.user == nil, location.password == nil else {
            throw CourierError(
                stage: .transport, kind: .unsupportedRedirect,
                message:
                    "The server redirected to a URL with a user name or password in it, which Courier does not "
                    + "send; the redirect was not followed.",
                url: request.url, response: response
            )
        }
        // The location is read as an absolute URL given to a call is: a host or port no URL can
        // carry is refused, and the URL sent has its dot segments resolved.
        let target: URL
        do throws(CourierError) {
            target = try AbsoluteTarget(location, sendsSecretsToOtherOrigin: false).url
        } catch {
            throw CourierError(
                stage: .transport, kind: .unsupportedRedirect,
                message:
                    "The server redirected to a location whose host or port Courier cannot send to; the "
                    + "redirect was not followed.",
                url: request.url, response: response, underlying: error)
        }
        var headers = request.headers
        if Self.origin(of: target) != Self.origin(of: request.url) {
            headers = HeaderFields(headers.filter { !$0.isSensitive })
        }
        let becomesGET =
            (status.code == 303 && request.method != .head)
            || ([301, 302].contains(status.code) && request.method == .post)
        var next = request
        next.url = target
        next.headers = headers
        // The call's change to the `URLRequest` applies to the first hop only: the next origin
        // must not receive what it set.
        next.urlRequestConfiguration = nil
        if !becomesGET, request.body?.stream != nil {
            throw CourierError(
                stage: .transport, kind: .streamedBodyAlreadySent,
                message:
                    "The server answered \(status.code) and asks for the streamed body again at another "
                    + "location; its sequence was read once, so the redirect was not followed.",
                url: request.url, response: response)
        }
        if !becomesGET, request.body != nil, request.url.scheme?.lowercased() == "https", scheme == "http" {
            throw CourierError(
                stage: .transport, kind: .unsupportedRedirect,
                message:
                    "The server answered \(status.code) and asks for the request's body again over plain HTTP; "
                    + "a body sent over HTTPS is not sent in the clear, so the redirect was not followed.",
                url: request.url, response: response)
        }
        if becomesGET {
            for name in Self.bodyDescribingFields { next.headers.removeAll(named: name) }
            next.body = nil
            if request.method != .get {
                // A new method: a GET, idempotent as every GET is.
                next.method = .get
                next.isIdempotent = true
            }
        }
        return next
    }

    /// The most times one method and URL is sent in a chain: twice, as a server that sets a
    /// cookie and sends the client back has it.
    static let visitsAllowed = 2

    /// The fields that describe a request's body, removed with it (Fetch's request-body-header
    /// names).
    static let bodyDescribingFields: [HeaderName] = [
        .contentType, .contentEncoding, .contentLanguage, .contentLocation,
    ]

    /// Scheme, host and effective port.
    static func origin(of url: URL) -> String {
        let scheme = url.scheme?.lowercased() ?? ""
        let port = url.port ?? BaseURL.defaultPort(forScheme: scheme)
        return "\(scheme)://\(url.host?.lowercased() ?? ""):\(port)"
    }
}
