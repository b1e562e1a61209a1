/// An HTTP response status code.
public struct HTTPStatus: Sendable, Hashable, Comparable, CustomStringConvertible,
    ExpressibleByIntegerLiteral
{
    /// The three-digit code.
    public let code: Int

    /// Creates a status from its code.
    public init(_ code: Int) {
        self.code = code
    }

    /// Creates a status from an integer literal, so `404` can stand for ``notFound``.
    public init(integerLiteral value: Int) {
        self.code = value
    }

    /// The code as text.
    public var description: String { String(code) }

    /// Whether the code is in `200..<300`.
    public var isSuccess: Bool { (200..<300).contains(code) }

    /// Whether the code is a redirection that carries a `Location` Courier follows.
    public var isRedirect: Bool { [301, 302, 303, 307, 308].contains(code) }

    /// Whether a server sends no content with this status (RFC 9110 §15.2, §15.3.5, §15.3.6,
    /// §15.4.5): 1xx, 204, 205 and 304.
    var forbidsContent: Bool { (100...199).contains(code) || [204, 205, 304].contains(code) }

    /// Orders statuses by code.
    public static func < (lhs: HTTPStatus, rhs: HTTPStatus) -> Bool { lhs.code < rhs.code }

    /// 200 OK.
    public static let ok: HTTPStatus = 200
    /// 201 Created.
    public static let created: HTTPStatus = 201
    /// 204 No Content.
    public static let noContent: HTTPStatus = 204
    /// 400 Bad Request.
    public static let badRequest: HTTPStatus = 400
    /// 401 Unauthorized.
    public static let unauthorized: HTTPStatus = 401
    /// 403 Forbidden.
    public static let forbidden: HTTPStatus = 403
    /// 404 Not Found.
    public static let notFound: HTTPStatus = 404
    /// 409 Conflict.
    public static let conflict: HTTPStatus = 409
    /// 422 Unprocessable Content.
    public static let unprocessableContent: HTTPStatus = 422
    /// 429 Too Many Requests.
    public static let tooManyRequests: HTTPStatus = 429
    /// 500 Internal Server Error.
    public static let internalServerError: HTTPStatus = 500
    /// 503 Service Unavailable.
    public static let serviceUnavailable: HTTPStatus = 503
}

extension HTTPStatus: ParameterValue {
    /// The three-digit code, so a status can stand in a path or query.
    public var parameterText: String { String(code) }
}
