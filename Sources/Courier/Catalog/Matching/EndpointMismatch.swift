/// Why an incoming request is not a given endpoint (or any endpoint of a ``Catalog``).
///
/// ```swift
/// do {
///     let todo = try GetTodo.parse(incoming)
/// } catch {
///     print(error)    // The request does not match GET /todos/{id}: the path has 3 segments, not 2.
/// }
/// ```
///
/// A server picks its status from ``closeness``: 404 for another path, 405 for another method,
/// 400 (or 401, when the missing part is the credentials, or 415 for a body of
/// ``unsupportedContent``) when only the rest does not fit, a value outside a declared
/// ``SchemaConstraint`` included (each one is in ``violations``).
public struct EndpointMismatch: Error, Sendable, Hashable, CustomStringConvertible {
    /// How far into a request it fits an endpoint, from the request line on.
    public enum Closeness: Int, Sendable, Hashable, Comparable {
        /// The path is another (or a path parameter does not decode): 404 Not Found.
        case otherPath
        /// The path fits but the method is another: 405 Method Not Allowed.
        case otherMethod
        /// Method and path fit; a query item, header field, body or parameter value does not,
        /// or breaks a ``SchemaConstraint``: 400 Bad Request.
        case sameRoute

        /// Orders from the least close to the closest.
        public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }
    }

    /// The template of the endpoint the request was compared with.
    public let template: String
    /// What did not fit, in the order checked.
    public let reasons: [String]
    /// How far the request fits the endpoint.
    public let closeness: Closeness
    /// The endpoint's shape, to see what it needs (an `Authorization` parameter, say); `nil`
    /// when the endpoint has none that Courier could find.
    public let shape: EndpointShape?
    /// For an ``Closeness/otherMethod`` mismatch from ``Catalog/match(_:)``: the methods of
    /// every endpoint whose path the request has, for the `Allow` header a 405 must carry
    /// (RFC 9110 §15.5.6). Empty otherwise.
    public let allowedMethods: [HTTPMethod]
    /// For a request that fits the endpoint but for values outside its ``SchemaConstraint``s
    /// (or its body's models'): each such value and the rule it breaks, also in ``reasons``.
    /// Empty otherwise.
    public let violations: [ConstraintViolation]
    /// Whether the request's body is content the endpoint cannot read at all: another media type
    /// or none, another charset than the one it declares (UTF-8 for JSON), or a content coding
    /// (415 Unsupported Media Type).
    public let unsupportedContent: Bool

    /// Creates a mismatch.
    ///
    /// - Parameters:
    ///   - template: The template of the endpoint the request was compared with.
    ///   - reasons: What did not fit.
    ///   - closeness: How far the request fits the endpoint; ``Closeness/otherPath`` (a 404)
    ///     unless given.
    ///   - shape: The endpoint's shape, if known.
    ///   - allowedMethods: The methods of the endpoints whose path the request has.
    ///   - violations: The values outside the endpoint's constraints.
    ///   - unsupportedContent: Whether the body is content the endpoint cannot read at all.
    public init(
        template: String, reasons: [String], closeness: Closeness = .otherPath, shape: EndpointShape? = nil,
        allowedMethods: [HTTPMethod] = [], violations: [ConstraintViolation] = [],
        unsupportedContent: Bool = false
    ) {
        self.unsupportedContent = unsupportedContent
        self.template = template
        self.reasons = reasons
        self.closeness = closeness
        self.shape = shape
        self.allowedMethods = allowedMethods
        self.violations = violations
    }

    /// This mismatch with `methods` as the methods the request's path allows, everything else
    /// kept: for a server that serves more methods than the catalog declares (`HEAD` by `GET`).
    ///
    /// ```swift
    /// let answered = mismatch.allowing(mismatch.allowedMethods + [.head])
    /// ```
    public func allowing(_ methods: [HTTPMethod]) -> EndpointMismatch {
        EndpointMismatch(
            template: template, reasons: reasons, closeness: closeness, shape: shape, allowedMethods: methods,
            violations: violations, unsupportedContent: unsupportedContent)
    }

    /// A sentence naming the endpoint and every reason.
    public var description: String {
        "The request does not match \(template): " + reasons.joined(separator: "; ") + "."
    }
}
