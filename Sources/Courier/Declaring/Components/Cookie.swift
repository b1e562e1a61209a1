/// Declares a cookie the endpoint sends, inside an endpoint block.
///
/// ```swift
/// Cookie("session", sessionID)
/// Cookie("theme", "dark")
/// ```
///
/// The cookies of an endpoint go in one `Cookie` header, in declared order, which is redacted in
/// cURL, logs and errors like every `Cookie` header. A name must be an RFC 9110 token, declared
/// once; a value is `cookie-octet`s (RFC 6265bis §4.1.1: visible ASCII but `"`, `,`, `;` and
/// `\`), optionally inside double quotes. Both are checked when the request is built, as
/// ``CourierError/Kind/invalidCookie``. A `nil` value omits the cookie. A ``CookieMiddleware``
/// adds its jar's cookies to these, without replacing one of the same name.
public struct Cookie: EndpointComponent {
    /// The declared cookie, or `nil` for an omitted one.
    let part: RequestPart?

    /// Declares the cookie `name` with `value`; `nil` omits it.
    public init(_ name: String, _ value: String?) {
        part = value.map { .cookie(name: name, value: $0) }
    }

    /// The component as request parts.
    public var endpointParts: EndpointParts<EndpointState.NoMethod, EndpointState.NoBody> {
        part.map { EndpointParts($0) } ?? .empty
    }
}

extension Cookie {
    /// The `Cookie` header value of `cookies`, checked: names are tokens and distinct, values are
    /// cookie-octets, optionally quoted.
    static func headerValue(_ cookies: [(name: String, value: String)]) throws(CourierError) -> String {
        var names = Set<String>()
        for (name, value) in cookies {
            guard HTTPToken.isValid(name) else {
                throw CourierError(
                    stage: .building, kind: .invalidCookie,
                    message: "The cookie name \(name.debugDescription) is not a valid RFC 9110 token.")
            }
            guard names.insert(name).inserted else {
                throw CourierError(
                    stage: .building, kind: .invalidCookie,
                    message: "The cookie '\(name)' is declared twice; a request sends each cookie once.")
            }
            guard isCookieValue(value) else {
                // The value is a secret: the message names the cookie, never what it holds.
                throw CourierError(
                    stage: .building, kind: .invalidCookie,
                    message:
                        "The value of cookie '\(name)' has a character a cookie cannot carry (a space, "
                        + "a control character, a double quote, a comma, a semicolon, a backslash or "
                        + "a non-ASCII character).")
            }
        }
        return cookies.map { "\($0.name)=\($0.value)" }.joined(separator: "; ")
    }

    /// Whether `value` is `*cookie-octet` or `DQUOTE *cookie-octet DQUOTE`.
    static func isCookieValue(_ value: String) -> Bool {
        var bytes = Substring(value).utf8[...]
        let quote = UInt8(ascii: "\"")
        if bytes.count >= 2, bytes.first == quote, bytes.last == quote {
            bytes = bytes.dropFirst().dropLast()
        }
        return bytes.allSatisfy(isCookieOctet)
    }

    /// `%x21 / %x23-2B / %x2D-3A / %x3C-5B / %x5D-7E`.
    static func isCookieOctet(_ byte: UInt8) -> Bool {
        byte == 0x21 || (0x23...0x2B).contains(byte) || (0x2D...0x3A).contains(byte)
            || (0x3C...0x5B).contains(byte) || (0x5D...0x7E).contains(byte)
    }
}
