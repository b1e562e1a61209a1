/// Declares query parameters inside an endpoint block.
///
/// A named value gives one pair, or several for an array or object, written by the endpoint's
/// ``FormEncoding`` (the client's unless the block declares one). `nil` omits the pair; pairs
/// keep their declared order and names may repeat:
///
/// ```swift
/// Query("page", page)                 // page=2, omitted when page is nil
/// Query("tag", tags)                  // tag=a&tag=b (or tag[]=a…, tag=a,b by strategy)
/// Query("since", date)                // since=2024-05-01T12:00:00Z
/// Query(fieldsOf: filters)           // every stored property of an Encodable value
/// ```
///
/// Names and values are percent-encoded by Courier: `+` is sent as `%2B`, a space as `%20`.
///
/// A value marked secret, or under a name such as `access_token` or `api_key`
/// (``QueryItem/isSensitiveByDefault(name:)``), reads `<redacted>` in errors, cURL renderings and
/// logs:
///
/// ```swift
/// Query("tenant_pass", pass, isSecret: true)
/// ```
public struct Query: EndpointComponent {
    let declaration: QueryDeclaration?
    let isSecret: Bool

    /// Declares `name=value`, written by the endpoint's ``FormEncoding``; nothing when `value`
    /// is `nil`.
    ///
    /// - Parameters:
    ///   - name: The parameter name.
    ///   - value: The value; `nil` omits the pair.
    ///   - isSecret: Whether the value is redacted in every rendering, whatever its name, and kept
    ///     from another origin (an absolute URL's, or a redirect's).
    public init(_ name: String, _ value: (some Encodable & Sendable)?, isSecret: Bool = false) {
        self.isSecret = isSecret
        guard let value else {
            declaration = nil
            return
        }
        // Text and integers are written here, as every form encoding writes them; any other value
        // waits for the endpoint's encoding.
        declaration =
            FormEncoding.plainText(of: value).map { .text(name: name, value: $0) }
            ?? .named(name, EncodableBox(value))
    }

    /// Declares `name=value` for a value that is not `Encodable`, with its ``ParameterValue`` text.
    ///
    /// - Parameters:
    ///   - name: The parameter name.
    ///   - value: The value; `nil` omits the pair.
    ///   - isSecret: Whether the value is redacted in every rendering, whatever its name, and kept
    ///     from another origin (an absolute URL's, or a redirect's).
    @_disfavoredOverload
    public init(_ name: String, _ value: (some ParameterValue)?, isSecret: Bool = false) {
        self.isSecret = isSecret
        declaration = value.map { .text(name: name, value: $0.parameterText) }
    }

    /// Declares one pair per stored property of `value` (a struct or dictionary), written by the
    /// endpoint's ``FormEncoding``: its key strategy, nesting, arrays and dates apply.
    ///
    /// ```swift
    /// Query(fieldsOf: filters)   // status=open&sort=newest
    /// Query(fieldsOf: self)      // in a request model: its properties, but not FormExcluded ones
    /// ```
    ///
    /// Properties marked ``FormExcluded`` are left out, so a request model can be its own query
    /// while its identifier feeds the path.
    public init(fieldsOf value: some Encodable & Sendable) {
        isSecret = false
        declaration = .whole(EncodableBox(value))
    }

    /// Rejects a value without a name: `Query(page)` would send the value's properties, not
    /// `page=2`.
    @available(
        *, unavailable,
        message:
            "a query value needs a name, as in Query(\"page\", page); Query(fieldsOf: value) sends every property of a value"
    )
    public init(_ value: some Encodable & Sendable) {
        isSecret = false
        declaration = nil
    }

    /// The component as request parts.
    public var endpointParts: EndpointParts<EndpointState.NoMethod, EndpointState.NoBody> {
        declaration.map { EndpointParts(.query($0, isSecret: isSecret)) } ?? .empty
    }
}
