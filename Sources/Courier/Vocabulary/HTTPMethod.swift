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
public struct HTTPMethod: Sendable, Hashable, CustomStringConvertible {
    /// The method's token as sent on the wire, for example `"GET"`.
    public let rawValue: String

    /// Creates a method from a runtime string, or returns `nil` when it is not an RFC 9110 token.
    ///
    /// Method tokens are case-sensitive: `"get"` is a valid token but not the `GET` method.
    public init?(validating token: String) {
        guard HTTPToken.isValid(token) else { return nil }
        rawValue = token
    }

    /// Creates a method from a literal token; an invalid literal is a programmer error and traps.
    public init(_ literal: StaticString) {
        let token = literal.description
        precondition(HTTPToken.isValid(token), "'\(token)' is not a valid HTTP method token (RFC 9110).")
        rawValue = token
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

    /// Whether a request with this method must not carry content (`GET` and `HEAD`).
    public var forbidsBody: Bool { self == .get || self == .head }

    /// Whether RFC 9110 defines the method as idempotent (`GET`, `HEAD`, `OPTIONS`, `PUT`, `DELETE`).
    public var isIdempotent: Bool {
        [.get, .head, .options, .put, .delete].contains(self)
    }
}
