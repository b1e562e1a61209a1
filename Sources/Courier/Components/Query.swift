/// Declares a query parameter inside an endpoint block.
///
/// A `nil` value omits the pair; repeated names keep their declared order:
///
/// ```swift
/// Query("page", page)                 // omitted when page is nil
/// for tag in tags { Query("tag", tag) }
/// ```
///
/// Names and values are percent-encoded by Courier: `+` is sent as `%2B`, a space as `%20`.
public struct Query: EndpointComponent {
    let items: [(name: String, value: String)]

    /// Declares `name=value`, or nothing when `value` is `nil`.
    public init(_ name: String, _ value: (some ParameterValue)?) {
        items = value.map { [(name, $0.parameterText)] } ?? []
    }

    /// Declares one `name=value` pair per element, in order.
    public init(_ name: String, values: [some ParameterValue]) {
        items = values.map { (name, $0.parameterText) }
    }

    /// The component as request parts.
    public var endpointParts: EndpointParts<EndpointState.NoMethod, EndpointState.NoBody> {
        EndpointParts(items.map { RequestPart.query(name: $0.name, value: $0.value) })
    }
}
