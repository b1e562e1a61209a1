import Foundation

/// Sends an endpoint to an absolute URL instead of the client's base URL: a pagination `next`
/// link, a CDN file, another service.
///
/// ```swift
/// static func page(_ next: URL) -> Endpoint<Page, Never> {
///     Endpoint {
///         Method.get
///         AbsoluteURL(next)
///     }
/// }
/// ```
///
/// The URL's path and query are sent as given; a ``Path`` in the same block adds segments after
/// its path, a ``Query`` adds items after its query. The URL must be http or https, with a host
/// and without userinfo.
///
/// When the URL's origin (scheme, host, port) is not the client's, the request goes without its
/// secret headers and query values (credential headers, those marked secret, those sensitive by
/// name), whether the endpoint or the client's ``ClientDefaults`` set them: the rule a redirect
/// to another origin follows. Pass `sendsSecretsToOtherOrigin: true` when the other origin is
/// meant to receive them. A middleware that signs requests runs before this rule, so its
/// credential is dropped too.
public struct AbsoluteURL: EndpointComponent {
    let part: RequestPart

    /// Targets `url`.
    ///
    /// - Parameters:
    ///   - url: An absolute http(s) URL.
    ///   - sendsSecretsToOtherOrigin: Whether secret headers and query values go to `url` when it
    ///     is on another origin than the client's base URL.
    public init(_ url: URL, sendsSecretsToOtherOrigin: Bool = false) {
        part = .absoluteURL(url, sendsSecretsToOtherOrigin: sendsSecretsToOtherOrigin)
    }

    /// Targets the URL `text`, parsed when the request is built.
    ///
    /// - Parameters:
    ///   - text: An absolute http(s) URL.
    ///   - sendsSecretsToOtherOrigin: Whether secret headers and query values go to it when it is
    ///     on another origin than the client's base URL.
    public init(_ text: String, sendsSecretsToOtherOrigin: Bool = false) {
        if let url = URL(string: text) {
            part = .absoluteURL(url, sendsSecretsToOtherOrigin: sendsSecretsToOtherOrigin)
        } else {
            part = .invalid(
                CourierError(
                    stage: .building, kind: .invalidBaseURL,
                    message: "The absolute URL \(Self.shown(text).debugDescription) is not a URL."))
        }
    }

    /// `text` cut at its query, fragment and userinfo, which may hold secrets, for a message:
    /// `https://user:pw@host/p?token=T` shows as `https://…@host/p…`.
    static func shown(_ text: String) -> String {
        var shown = Substring(text)
        var cut = false
        if let end = shown.firstIndex(where: { $0 == "?" || $0 == "#" }) {
            shown = shown[..<end]
            cut = true
        }
        let authorityStart = shown.range(of: "://")?.upperBound ?? shown.startIndex
        let authorityEnd = shown[authorityStart...].firstIndex(of: "/") ?? shown.endIndex
        if let at = shown[authorityStart..<authorityEnd].lastIndex(of: "@") {
            shown = Substring(String(shown[..<authorityStart]) + "…" + String(shown[at...]))
        }
        return String(shown) + (cut ? "…" : "")
    }

    /// The component as request parts.
    public var endpointParts: EndpointParts<EndpointState.NoMethod, EndpointState.NoBody> {
        EndpointParts(part)
    }
}
