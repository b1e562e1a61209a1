import Foundation

/// Declares a header field inside an endpoint block.
///
/// ```swift
/// Header.accept(.json)
/// Header.bearer(token)
/// Header("X-Request-ID", requestID)
/// Header("X-Api-Key", key, isSecret: true)    // redacted in cURL, logs and errors
/// ```
///
/// Names and values are validated when the request is built: a name must be an RFC 9110 token,
/// a value must not contain CR, LF, NUL or other control characters nor start or end with a
/// space or tab (receivers strip those, RFC 9110 §5.5), and the headers that frame the message or
/// manage its connection (``HeaderName/framing``) cannot be set by an endpoint. A name whose value
/// is not a list (`Authorization`, `Content-Type`…) is given once; two `Cookie` headers become one.
/// A `nil` value omits the field.
public struct Header: EndpointComponent {
    /// The declared field, a problem found when it was declared, or `nil` for an omitted field.
    let part: RequestPart?

    /// Declares a field by name; `nil` omits it.
    public init(_ name: HeaderName, _ value: String?, isSecret: Bool = false) {
        part = value.map { .header(name, value: $0, isSecret: isSecret) }
    }

    /// Declares a field with a name chosen at run time; `nil` omits it.
    public init(_ name: String, _ value: String?, isSecret: Bool = false) {
        part = value.map { value in
            // Checked here, once; a name that is not a token is thrown when the request is built.
            do throws(CourierError) {
                return .header(try RequestRules.headerName(name), value: value, isSecret: isSecret)
            } catch {
                return .invalid(error)
            }
        }
    }

    init(rejecting message: String) {
        part = .invalid(CourierError(stage: .building, kind: .invalidHeaderValue, message: message))
    }

    /// The component as request parts.
    public var endpointParts: EndpointParts<EndpointState.NoMethod, EndpointState.NoBody> {
        part.map { EndpointParts($0) } ?? .empty
    }
}

extension Header {
    /// `Accept` listing the given media types, in order of preference.
    public static func accept(_ types: MediaType...) -> Header {
        Header(.accept, types.count == 1 ? types[0].rawValue : types.map(\.rawValue).joined(separator: ", "))
    }

    /// `Content-Type`, overriding the type the ``Body`` would set.
    public static func contentType(_ type: MediaType) -> Header {
        Header(.contentType, type.rawValue)
    }

    /// `Authorization: Bearer <token>`; always redacted.
    ///
    /// An empty token is rejected when the request is built, as
    /// ``CourierError/Kind/invalidHeaderValue``: `Bearer ` would reach the server as `Bearer`.
    public static func bearer(_ token: String) -> Header {
        guard !token.isEmpty else {
            return Header(rejecting: "The bearer token of header 'Authorization' is empty.")
        }
        return Header(.authorization, "Bearer \(token)", isSecret: true)
    }

    /// `Authorization: Basic <base64(username:password)>` (RFC 7617, UTF-8); always redacted.
    public static func basic(username: String, password: String) -> Header {
        let credentials = Data("\(username):\(password)".utf8).base64EncodedString()
        return Header(.authorization, "Basic \(credentials)", isSecret: true)
    }

    /// An API key in a header of your choice, for example `X-Api-Key`; always redacted.
    public static func apiKey(_ key: String, in name: String = "X-Api-Key") -> Header {
        Header(name, key, isSecret: true)
    }

    /// `User-Agent`.
    public static func userAgent(_ value: String) -> Header {
        Header(.userAgent, value)
    }

    /// `Accept-Language` with languages in order of preference, for example `["fr-CH", "en"]`.
    public static func acceptLanguage(_ languages: String...) -> Header {
        Header(.acceptLanguage, languages.joined(separator: ", "))
    }

    /// `Idempotency-Key`, which lets a server recognise a repeated request.
    public static func idempotencyKey(_ key: String) -> Header {
        Header(.idempotencyKey, key)
    }
}
