/// An HTTP request method: one of the common ones, or any valid RFC 9110 token.
///
/// `HTTPMethod` is the vocabulary type you name in type positions (`let method: HTTPMethod`).
/// Inside an endpoint block you write the ``Method`` component instead:
///
/// ```swift
/// Endpoint<Todo, APIError> {
///     Method.post
///     Path("todos")
/// }
/// ```
///
/// When you declare a request, the standard methods are spelled in upper case whatever case you
/// write (`HTTPMethod("get")` and `Method("get")` are `GET`), so what Courier shows, checks (the
/// body rule, idempotency) and sends is one token; URLSession would upper-case them on the wire
/// anyway. Any other token is kept as written: methods are case-sensitive (RFC 9110), so `"purge"`
/// is sent as `purge`.
///
/// A method a server *received* is taken exactly, with ``init(validating:)``: `delete` is not
/// `DELETE`, so a catalog or a router does not treat it as one (a request that slips past a
/// case-sensitive filter in front of the server must not be routed as the method it imitates).
///
/// A token is checked where it is written. A literal, `HTTPMethod("PURGE")`, is checked when the
/// line runs and an invalid one traps, as a mistake in the source. Text chosen at run time goes
/// through ``init(normalizing:)`` or ``init(validating:)``, which return `nil`, or the ``Method``
/// component, `Method(token)`, which reports ``CourierError/Kind/invalidMethod`` when the request
/// is built.
public struct HTTPMethod: Sendable, Hashable, CustomStringConvertible {
    /// The method's token as sent on the wire, for example `"GET"`.
    public let rawValue: String

    /// Creates a method from a runtime string exactly as given, or returns `nil` when it is not an
    /// RFC 9110 token.
    ///
    /// Methods are case-sensitive, so `"delete"` is a method of its own, not ``delete``: use this
    /// for a method a server received. To declare a request, ``init(normalizing:)`` upper-cases the
    /// standard methods.
    public init?(validating token: String) {
        guard HTTPToken.isValid(token) else { return nil }
        rawValue = token
    }

    /// Creates a method for a request you declare from a runtime string, or returns `nil` when it
    /// is not an RFC 9110 token.
    ///
    /// A standard method in any case is spelled in upper case (`"get"` is ``get``); any other
    /// token is kept as written. ``Method``'s `Method(_:)` with a `String` uses it.
    public init?(normalizing token: String) {
        guard HTTPToken.isValid(token) else { return nil }
        rawValue = Self.normalized(token)
    }

    /// Creates a method from a literal token, such as `"PURGE"`; an invalid literal is a mistake in
    /// the source and traps.
    ///
    /// A standard method in any case is spelled in upper case, as with ``init(normalizing:)``.
    public init(_ literal: StaticString) {
        let token = literal.description
        precondition(HTTPToken.isValid(token), "'\(token)' is not a valid HTTP method token (RFC 9110).")
        rawValue = Self.normalized(token)
    }

    /// The methods RFC 9110 and RFC 5789 define, which are spelled in upper case whatever the case
    /// they are written in.
    private static let standardTokens: Set<String> = [
        "GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS", "CONNECT", "TRACE",
    ]

    /// `token` in upper case when it is a standard method in another case, else `token`.
    private static func normalized(_ token: String) -> String {
        guard (3...7).contains(token.utf8.count), token.utf8.contains(where: { $0 >= UInt8(ascii: "a") })
        else {
            return token
        }
        let upper = token.uppercased()
        return standardTokens.contains(upper) ? upper : token
    }

    private init(known token: String) {
        rawValue = token
    }

    /// The method token.
    public var description: String { rawValue }

    /// `GET`: transfer a current representation of the target resource.
    public static let get = HTTPMethod(known: "GET")
    /// `HEAD`: like `GET`, but the server sends no content.
    public static let head = HTTPMethod(known: "HEAD")
    /// `POST`: perform resource-specific processing on the enclosed content.
    public static let post = HTTPMethod(known: "POST")
    /// `PUT`: replace the target resource with the enclosed content.
    public static let put = HTTPMethod(known: "PUT")
    /// `PATCH`: apply partial modifications to the target resource (RFC 5789).
    public static let patch = HTTPMethod(known: "PATCH")
    /// `DELETE`: remove the target resource.
    public static let delete = HTTPMethod(known: "DELETE")
    /// `OPTIONS`: describe the communication options for the target resource.
    public static let options = HTTPMethod(known: "OPTIONS")

    /// Whether a request with this method must not carry content: `GET` and `HEAD`, whose content
    /// has no meaning, and `TRACE` (RFC 9110 §9.3.8).
    public var forbidsBody: Bool { self == .get || self == .head || rawValue == "TRACE" }

    /// Whether RFC 9110 defines the method as idempotent (`GET`, `HEAD`, `OPTIONS`, `PUT`, `DELETE`).
    public var isIdempotent: Bool {
        switch rawValue {
        case "GET", "HEAD", "OPTIONS", "PUT", "DELETE": true
        default: false
        }
    }
}
