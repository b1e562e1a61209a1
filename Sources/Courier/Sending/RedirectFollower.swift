import Foundation

/// Follows redirects from the immutable request, one ``TransportRequest`` per hop.
///
/// - At most `limit` hops; a repeated method and URL is a cycle.
/// - 301/302 turn `POST` into `GET`, and 303 turns every method but `HEAD` into `GET`, without a
///   body; 307/308 keep the method and the identical body, except a streamed one
///   (``RequestBody/stream``), which was read once: that is
///   ``CourierError/Kind/streamedBodyAlreadySent``, with the redirect response.
/// - A hop to another origin (scheme, host or port) drops sensitive headers
///   (``HeaderField/isSensitive``: credentials by name, such as `Authorization` or `X-Api-Key`,
///   and headers marked secret), for the rest of the chain.
/// - A target that is not http(s) is refused.
/// - The call's ``URLRequestConfiguration`` applies to the first hop only, and may not change its
///   URL, method, body or header fields.
struct RedirectFollower: Sendable {
    let transport: any Transport
    let limit: Int

    /// Sends `first` and each redirect hop it leads to; inlined into the end of the client's
    /// chain, so that a request makes one async frame fewer on its way to the transport.
    @inline(__always) func send(_ first: TransportRequest) async throws(CourierError) -> RawResponse {
        let recorder = RequestMetricsRecorder.current
        if let configuration = first.urlRequestConfiguration {
            try Self.check(configuration, of: first)
        }
        recorder?.recordAttempt()
        // The first hop sends `first` itself; only a redirect makes a request of its own.
        var response = try await sendHop(first, recorder: recorder)
        var hops = Hops()
        guard
            var current = try redirect(
                after: first, answeredWith: response, first: first, hops: &hops, recorder: recorder)
        else { return response }
        while true {
            response = try await sendHop(current, recorder: recorder)
            guard
                let next = try redirect(
                    after: current, answeredWith: response, first: first, hops: &hops, recorder: recorder)
            else {
                return response
            }
            current = next
        }
    }

    /// One hop: `request` sent, its bytes and response recorded.
    private func sendHop(_ request: TransportRequest, recorder: RequestMetricsRecorder?)
        async throws(CourierError) -> RawResponse
    {
        let response: RawResponse
        do {
            // A streamed body counts its chunks as the transport takes them.
            if let body = request.body, body.stream == nil { recorder?.recordSent(bytes: body.length) }
            response = try await transport.send(request)
        } catch {
            throw CourierError.transport(error)
        }
        recorder?.recordResponseHeaders()
        recorder?.recordReceived(bytes: response.bodyLength)
        return response
    }

    /// The hops followed so far, and the method and URL of every one from the first redirect on
    /// (most requests have none).
    struct Hops {
        var count = 0
        var visited: Set<String> = []
    }

    /// The request to send after `request` was answered with `response`, or `nil` when `response`
    /// is not a redirect to follow. Kept out of ``send(_:)`` (never inlined) so that its locals
    /// take no room in the `async` frame, which lives in the task's allocator for the whole
    /// exchange.
    @inline(never)
    private func redirect(
        after request: TransportRequest, answeredWith response: RawResponse, first: TransportRequest,
        hops: inout Hops, recorder: RequestMetricsRecorder?
    ) throws(CourierError) -> TransportRequest? {
        guard response.status.isRedirect, let location = response.headers[.location] else {
            return nil
        }
        guard hops.count < limit else {
            throw CourierError(
                stage: .transport, kind: .tooManyRedirects,
                message: "The server redirected more than \(limit) times.", url: request.url,
                response: response
            )
        }
        hops.count += 1
        recorder?.recordRedirect()
        if hops.visited.isEmpty { hops.visited.insert("\(first.method) \(first.url.absoluteString)") }
        let next = try nextRequest(
            after: request, status: response.status, location: location, response: response)
        guard hops.visited.insert("\(next.method) \(next.url.absoluteString)").inserted else {
            throw CourierError(
                stage: .transport, kind: .tooManyRedirects,
                // Without the query: a redirect may carry a signature or a code there, and an
                // error's message reaches logs. The whole URL is the error's `url`.
                message: "The redirects form a cycle back to \(Self.withoutQuery(next.url)).",
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

    /// `url` without its query and fragment, for messages.
    static func withoutQuery(_ url: URL) -> String {
        guard var components = URLComponents(url: url, resolvingAgainstBaseURL: false) else {
            return "\(url.scheme ?? "")://\(url.host ?? "")"
        }
        components.query = nil
        components.fragment = nil
        return components.string ?? "\(url.scheme ?? "")://\(url.host ?? "")"
    }

    private func nextRequest(
        after request: TransportRequest, status: HTTPStatus, location: String, response: RawResponse
    ) throws(CourierError) -> TransportRequest {
        guard let target = URL(string: location, relativeTo: request.url)?.absoluteURL,
            let scheme = target.scheme?.lowercased(), scheme == "http" || scheme == "https",
            target.host?.isEmpty == false
        else {
            throw CourierError(
                stage: .transport, kind: .unsupportedRedirect,
                message: "The server redirected to a location Courier does not follow (only http and https).",
                url: request.url, response: response
            )
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
        if becomesGET {
            next.headers.removeAll(named: .contentType)
            next.body = nil
            if request.method != .get {
                // A new method: idempotent as a request of that method would be.
                next.method = .get
                next.isIdempotent = next.method.isIdempotent || next.headers.contains(.idempotencyKey)
            }
        }
        return next
    }

    /// Scheme, host and effective port.
    static func origin(of url: URL) -> String {
        let scheme = url.scheme?.lowercased() ?? ""
        let port = url.port ?? (scheme == "https" ? 443 : 80)
        return "\(scheme)://\(url.host?.lowercased() ?? ""):\(port)"
    }
}
