/// A value of an incoming request that breaks a ``SchemaConstraint`` of its endpoint.
///
/// ``Catalog/match(_:)`` lists every one in ``EndpointMismatch/violations``; a server whose API
/// documents its own error model for invalid values answers with them in it:
///
/// ```swift
/// catch let mismatch as EndpointMismatch where !mismatch.violations.isEmpty {
///     let fields = mismatch.violations.map { FieldError(field: $0.name, message: $0.reason) }
///     // … a 422 with `fields`, if every endpoint of the catalog documents one
/// }
/// ```
public struct ConstraintViolation: Sendable, Hashable, CustomStringConvertible {
    /// The value's name as the request carries it: the query item's, the header field's, the path
    /// parameter's or the multipart part's; in a body, the member's path (`title`,
    /// `lines[2].sku`), empty for the whole body. A dictionary key inside a secret (a member whose
    /// name holds one, say) reads `<redacted>`: `apiKeys.<redacted>.label`.
    public let name: String
    /// The JSON Schema keyword of the broken rule: `minimum`, `maximum`, `minLength`,
    /// `maxLength`, `minItems`, `maxItems` or `pattern`.
    public let keyword: String
    /// The rule, as a phrase to follow the name: `must be at most 100`.
    public let reason: String
    /// Where the value is, in words: `the query item per_page`.
    let place: String
    /// What the value is or holds, in parentheses, for a limit; empty for a pattern, and for a
    /// value in a secret place.
    let found: String

    /// The place, the rule and what the value is: `the query item per_page must be at most 100
    /// (it is 500)`. Text is never quoted: it may be a secret. A value in a secret place (a path
    /// value interpolated as `secret:`, a secret query item or header field, a cookie, a form
    /// field or body member whose name holds a secret) is named with its limit only: `the cookie
    /// visits must be at most 99`.
    public var description: String {
        "\(place) \(reason)" + (found.isEmpty ? "" : " (\(found))")
    }
}
