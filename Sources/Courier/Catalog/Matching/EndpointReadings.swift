/// What it takes to read requests of a catalog endpoint (its shape and form encoding), found once
/// per type and remembered, so ``CatalogEndpoint/parse(_:)`` does not probe the endpoint anew
/// for every request.
///
/// A memo of a pure function of a type: any two lookups for a type give the same answer, a refusal
/// included. A client reads an endpoint's template from it too (`EndpointTemplate`).
enum EndpointReadings {
    /// How to read one endpoint's requests.
    struct Reading: Sendable {
        let shape: EndpointShape
        let formEncoding: FormEncoding
    }

    private static let known = LockedValue([ObjectIdentifier: Result<Reading, CourierError>]())

    /// The reading of `type`, or the error that refuses it.
    static func reading<Model: CatalogEndpoint>(for type: Model.Type) -> Result<Reading, CourierError> {
        let id = ObjectIdentifier(type)
        if let known = known.withLock({ $0[id] }) { return known }
        let reading = Result { () throws(CourierError) -> Reading in
            Reading(shape: try Model.shape(), formEncoding: ShapeInference.formEncoding(of: type))
        }
        known.withLock { $0[id] = reading }
        return reading
    }
}
