import Foundation

/// The secret values of the hop a response answers, as it was sent: what a server that echoes its
/// request could quote, and what an error quoting that response must hide.
///
/// A middleware may add a credential after the request the client decodes with was built (an
/// ``AuthenticationMiddleware``'s token), so the request alone does not know every secret a
/// response can echo. Not part of a response's value: any two are equal, and neither
/// `description` nor `dump` shows a value.
struct SentSecrets: Sendable, Hashable, CustomStringConvertible, CustomDebugStringConvertible,
    CustomReflectable
{
    /// The header fields of the hop, sensitive ones among them.
    private let headers: HeaderFields
    /// The URL of the hop, whose query may hold hidden values.
    private let url: URL?

    /// No hop: a response that no transport answered through ``RedirectFollower``.
    static let none = SentSecrets(headers: [], url: nil)

    /// The secrets of `hop`, read when an error quotes its response.
    init(of hop: TransportRequest) {
        self.init(headers: hop.headers, url: hop.url)
    }

    private init(headers: HeaderFields, url: URL?) {
        self.headers = headers
        self.url = url
    }

    /// The hidden values the hop carried, longest first, as ``LogRedaction`` reads them.
    var values: [String] {
        guard let url else { return [] }
        return LogRedaction().secrets(ofHeaders: headers, url: url)
    }

    /// `<redacted>`: never a value.
    var description: String { "SentSecrets(<redacted>)" }

    /// The same as ``description``.
    var debugDescription: String { description }

    /// No children, so that `dump` of a response shows no secret.
    var customMirror: Mirror { Mirror(self, children: [:], displayStyle: .struct) }

    /// Always `true`: what a hop carried is not part of its response's value.
    static func == (lhs: SentSecrets, rhs: SentSecrets) -> Bool { true }

    /// Hashes nothing: what a hop carried is not part of its response's value.
    func hash(into hasher: inout Hasher) {}
}
