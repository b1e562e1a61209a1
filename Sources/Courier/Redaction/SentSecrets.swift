import Foundation

/// The secret values of the request a response answers, as it was sent: what a server that echoes
/// its request could quote, and what an error or a log quoting that response must hide.
///
/// A middleware may add a credential after the request the client decodes with was built (an
/// ``AuthenticationMiddleware``'s token, a query item marked secret), so the request alone does
/// not know every secret a response can echo. Not part of a response's value: any two are equal,
/// and neither `description` nor `dump` shows a value.
struct SentSecrets: Sendable, Hashable, CustomStringConvertible, CustomDebugStringConvertible,
    CustomReflectable
{
    private enum Source: Sendable {
        /// No request is known.
        case none
        /// The last hop a ``RedirectFollower`` sent: its header fields and URL, and the query
        /// items of the request it was built from, which say what its URL cannot (which are
        /// marked secret).
        case hop(headers: HeaderFields, url: URL, query: [QueryItem])
        /// A request a middleware answered itself (a cache from its storage) as it reached it;
        /// boxed, so that every response does not grow by a request's size.
        indirect case request(EndpointRequest)
    }

    private let source: Source

    /// No request: a response built outside ``RedirectFollower`` and the cache.
    static let none = SentSecrets(source: .none)

    /// The secrets of `hop`, the last one sent, built from items `query`; read only when an error
    /// or a log quotes its response.
    init(of hop: TransportRequest, query: [QueryItem]) {
        self.init(source: .hop(headers: hop.headers, url: hop.url, query: query))
    }

    /// The secrets of `request`, which a middleware answered without sending it: a stored response
    /// answers only a request with the same credentials as the one it was sent with.
    init(of request: EndpointRequest) {
        self.init(source: .request(request))
    }

    private init(source: Source) {
        self.source = source
    }

    /// Whether no request is known.
    var isNone: Bool {
        if case .none = source { return true }
        return false
    }

    /// The values `redaction` hides of those the request carried, longest first.
    func values(hiddenBy redaction: LogRedaction = LogRedaction()) -> [String] {
        switch source {
        case .none: []
        case .hop(let headers, let url, let query):
            redaction.secrets(ofHeaders: headers, url: url, query: query)
        case .request(let request): redaction.secrets(of: request)
        }
    }

    /// `<redacted>`: never a value.
    var description: String { "SentSecrets(<redacted>)" }

    /// The same as ``description``.
    var debugDescription: String { description }

    /// No children, so that `dump` of a response shows no secret.
    var customMirror: Mirror { Mirror(self, children: [:], displayStyle: .struct) }

    /// Always `true`: what a request carried is not part of its response's value.
    static func == (lhs: SentSecrets, rhs: SentSecrets) -> Bool { true }

    /// Hashes nothing: what a request carried is not part of its response's value.
    func hash(into hasher: inout Hasher) {}
}
