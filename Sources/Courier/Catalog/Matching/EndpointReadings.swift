/// What it takes to read requests of a catalog endpoint (its shape, form encoding and
/// constraints), found once per type and remembered, so ``CatalogEndpoint/parse(_:)`` does not
/// probe the endpoint anew for every request.
///
/// A memo of a pure function of a type: any two lookups for a type give the same answer, a refusal
/// included. A client reads an endpoint's template from it too (`EndpointTemplate`).
enum EndpointReadings {
    /// How to read one endpoint's requests.
    struct Reading: Sendable {
        let shape: EndpointShape
        let formEncoding: FormEncoding
        /// The constraints its requests are checked against, or why they cannot be: a request is
        /// parsed only with them, a client's template needs only the shape.
        let constraints: Result<ConstraintRules, CourierError>
    }

    private static let known = LockedValue([ObjectIdentifier: Result<Reading, CourierError>]())

    /// The reading of `type`, or the error that refuses it.
    static func reading<Model: CatalogEndpoint>(for type: Model.Type) -> Result<Reading, CourierError> {
        let id = ObjectIdentifier(type)
        if let known = known.withLock({ $0[id] }) { return known }
        let reading = Result { () throws(CourierError) -> Reading in
            let shape = try Model.shape()
            let formEncoding = ShapeInference.formEncoding(of: type)
            let constraints = Result { () throws(CourierError) -> ConstraintRules in
                try ConstraintRules(for: type, shape: shape, formEncoding: formEncoding)
            }
            return Reading(shape: shape, formEncoding: formEncoding, constraints: constraints)
        }
        known.withLock { $0[id] = reading }
        return reading
    }
}
