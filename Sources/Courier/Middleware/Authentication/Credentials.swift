import Foundation

/// Fixed credentials that ``AuthenticationMiddleware`` adds to every request for its origin.
///
/// ```swift
/// let bearer = try Credentials.bearer(token)
/// let basic = try Credentials.basic(username: "aladdin", password: "open sesame")
/// let apiKey = try Credentials.apiKey(key, in: HeaderName("X-Api-Key"))
/// ```
///
/// Each is one header field marked secret, so cURL renderings, logs, printed requests and error
/// descriptions show `<redacted>`, and a redirect to another origin drops it. The values are
/// validated once, here: a value with a control character (CR, LF, NUL, …) or a framing header
/// name is refused with a ``CourierError`` at the ``CourierError/Stage/building`` stage.
public struct Credentials: Sendable, Hashable {
    /// The header field that carries the credentials; always marked secret.
    public let field: HeaderField

    private init(_ field: HeaderField) throws(CourierError) {
        try RequestRules.validate(header: field)
        self.field = field
    }

    /// `Authorization: Bearer <token>` (RFC 6750).
    ///
    /// - Throws: ``CourierError/Kind/invalidHeaderValue`` when the token is empty, contains a
    ///   control character, or ends with a space or tab.
    public static func bearer(_ token: String) throws(CourierError) -> Credentials {
        guard !token.isEmpty else {
            throw CourierError(
                stage: .building, kind: .invalidHeaderValue,
                message: "The bearer token of header 'Authorization' is empty.")
        }
        return try Credentials(HeaderField(name: .authorization, value: "Bearer \(token)", isSecret: true))
    }

    /// `Authorization: Basic <base64 of "username:password" in UTF-8>` (RFC 7617).
    ///
    /// - Throws: ``CourierError/Kind/invalidCredentials`` when the username contains a colon
    ///   (the server could not tell where it ends) or either part contains a control character.
    public static func basic(username: String, password: String) throws(CourierError) -> Credentials {
        guard !username.contains(":") else {
            throw invalid("The Basic username contains a colon, which RFC 7617 does not allow.")
        }
        guard HeaderField(name: .authorization, value: username + password).hasValidValue else {
            throw invalid("The Basic username or password contains a control character.")
        }
        let encoded = Data("\(username):\(password)".utf8).base64EncodedString()
        return try Credentials(HeaderField(name: .authorization, value: "Basic \(encoded)", isSecret: true))
    }

    /// An API key as the whole value of a header of your choice.
    ///
    /// - Parameters:
    ///   - key: The key, sent as it is.
    ///   - name: The header that carries it; `X-Api-Key` by default.
    /// - Throws: ``CourierError/Kind/invalidHeaderValue`` when the key contains a control
    ///   character, ``CourierError/Kind/reservedHeader`` for a framing header name.
    public static func apiKey(
        _ key: String, in name: HeaderName = HeaderName("X-Api-Key")
    ) throws(CourierError) -> Credentials {
        try Credentials(HeaderField(name: name, value: key, isSecret: true))
    }

    private static func invalid(_ message: String) -> CourierError {
        CourierError(stage: .building, kind: .invalidCredentials, message: message)
    }
}
