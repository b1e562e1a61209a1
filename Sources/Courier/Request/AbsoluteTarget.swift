import Foundation

/// An absolute URL a request targets instead of the client's base URL (``AbsoluteURL`` in a block,
/// or ``CallOptions/url``): its origin and path, its own query, and whether the request's
/// secrets may go to its origin when it is not the client's.
///
/// Its parts live in one immutable box, shared by the request's copies.
struct AbsoluteTarget: Sendable, Hashable {
    private let parts: Parts

    /// The parts; a final class of constants, so sharing it between copies is safe.
    private final class Parts: Sendable, Hashable {
        let url: URL
        let base: BaseURL
        let percentEncodedPath: String
        let percentEncodedQuery: String?
        let sendsSecretsToOtherOrigin: Bool

        init(
            url: URL, base: BaseURL, percentEncodedPath: String, percentEncodedQuery: String?,
            sendsSecretsToOtherOrigin: Bool
        ) {
            self.url = url
            self.base = base
            self.percentEncodedPath = percentEncodedPath
            self.percentEncodedQuery = percentEncodedQuery
            self.sendsSecretsToOtherOrigin = sendsSecretsToOtherOrigin
        }

        static func == (lhs: Parts, rhs: Parts) -> Bool {
            lhs.url == rhs.url && lhs.sendsSecretsToOtherOrigin == rhs.sendsSecretsToOtherOrigin
        }

        func hash(into hasher: inout Hasher) {
            hasher.combine(url)
            hasher.combine(sendsSecretsToOtherOrigin)
        }
    }

    /// The URL as it is sent: its origin as ``BaseURL`` writes one, its path with dot segments
    /// resolved, its query; without its fragment.
    var url: URL { parts.url }
    /// Its origin and path, as a base the request's own path segments follow.
    var base: BaseURL { parts.base }
    /// Its path, percent-encoded as given, dot segments resolved (a trailing `/` kept); `/` when
    /// empty.
    var percentEncodedPath: String { parts.percentEncodedPath }
    /// Its query, percent-encoded as given, which the request's query items follow.
    var percentEncodedQuery: String? { parts.percentEncodedQuery }
    /// Whether secret headers and query values go to this URL's origin when it is not the client's.
    var sendsSecretsToOtherOrigin: Bool { parts.sendsSecretsToOtherOrigin }

    /// Parses `url`: an http(s) URL with a host and without userinfo.
    init(_ url: URL, sendsSecretsToOtherOrigin: Bool) throws(CourierError) {
        guard var components = URLComponents(url: url, resolvingAgainstBaseURL: true) else {
            throw Self.invalid(url, reason: "it is not a URL")
        }
        components.percentEncodedFragment = nil
        let query = components.percentEncodedQuery.flatMap { $0.isEmpty ? nil : $0 }
        components.percentEncodedQuery = nil
        components.percentEncodedPath = RequestRules.removingDotSegments(from: components.percentEncodedPath)
        guard let withoutQuery = components.string else { throw Self.invalid(url, reason: "it is not a URL") }
        let base: BaseURL
        do {
            base = try BaseURL(reading: withoutQuery)
        } catch {
            throw Self.invalid(url, reason: error.reason)
        }
        let path = components.percentEncodedPath.isEmpty ? "/" : components.percentEncodedPath
        // Sent as the base writes its origin, so that the URL reads as what crosses the wire.
        guard let sent = URL(string: base.origin + path + (query.map { "?" + $0 } ?? "")) else {
            throw Self.invalid(url, reason: "it is not a URL")
        }
        parts = Parts(
            url: sent, base: base, percentEncodedPath: path, percentEncodedQuery: query,
            sendsSecretsToOtherOrigin: sendsSecretsToOtherOrigin)
    }

    private static func invalid(_ url: URL, reason: String) -> CourierError {
        CourierError(
            stage: .building, kind: .invalidBaseURL,
            message:
                "The absolute URL \(URLText.withoutQuery(url)?.debugDescription ?? "(invalid)") cannot be sent to: \(reason)."
        )
    }

    /// Whether a request to this URL, from a client at `baseURL`, goes to another origin (scheme,
    /// host or effective port).
    func isOtherOrigin(than baseURL: BaseURL) -> Bool {
        !base.isSameOrigin(as: baseURL)
    }
}

/// URL text for messages, without what may hold a secret.
enum URLText {
    /// `text` without its query and fragment; only its scheme when it has an `@` anywhere, plain
    /// or percent-encoded: a user name and password, however garbled (`https://u:pw?x@h` reads as
    /// a host `u` and a port `pw` to a parser, and as a password to the one who wrote it).
    static func shown(_ text: String) -> String {
        if text.contains("@") || text.range(of: "%40", options: .caseInsensitive) != nil {
            return (text.range(of: "://").map { String(text[..<$0.upperBound]) } ?? "") + "…"
        }
        return text.firstIndex { $0 == "?" || $0 == "#" }.map { text[..<$0] + "…" } ?? text
    }

    /// `scheme://host/path` of `url`, without userinfo, query or fragment, which may hold secrets
    /// (as ``shown(_:)`` shows it); `nil` when `url` cannot be taken apart.
    static func withoutQuery(_ url: URL) -> String? {
        guard var components = URLComponents(url: url, resolvingAgainstBaseURL: true) else { return nil }
        components.percentEncodedUser = nil
        components.percentEncodedPassword = nil
        components.percentEncodedQuery = nil
        components.percentEncodedFragment = nil
        return components.string.map(shown)
    }
}
