/// A model or catalog endpoint whose properties have limits its types do not carry: a catalog
/// refuses a request that breaks them, and its OpenAPI document says them (see
/// ``SchemaConstraint``).
public protocol SchemaConstrained {
    /// The limits, by the coding key of the property they apply to.
    static var schemaConstraints: [String: SchemaConstraint] { get }
}
