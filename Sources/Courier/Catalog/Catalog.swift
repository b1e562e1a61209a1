/// The endpoints of an API, recognisable on the server side: a request in, the typed endpoint
/// value out.
///
/// Declare the endpoints once, in a module both the client and the server import; the server
/// asks the catalog which endpoint a request is:
///
/// ```swift
/// let catalog = try Catalog([GetTodo.self, CreateTodo.self, ListTodos.self])
///
/// switch try catalog.match(incoming) {
/// case let get as GetTodo: return try await show(get.id)
/// case let create as CreateTodo: return try await insert(create.todo)
/// default: return notFound
/// }
/// ```
///
/// Each endpoint's ``EndpointShape`` is found once, when the catalog is made, so a declaration
/// that cannot be parsed fails at start-up, not on the first request.
public struct Catalog: Sendable {
    /// One endpoint of the catalog.
    public struct Entry: Sendable {
        /// The endpoint's type name, such as `GetTodo`.
        public let name: String
        /// The endpoint's type, which ``Catalog/match(_:)`` returns values of.
        public let endpointType: any CatalogEndpoint.Type
        /// Its shape and template.
        public let shape: EndpointShape
        let parse: @Sendable (IncomingRequest) throws(EndpointMismatch) -> any CatalogEndpoint
        /// The OpenAPI operation object, from the name and shape, registering its schemas.
        let openAPIOperation: @Sendable (String, EndpointShape, inout OpenAPISchemas) -> JSONValue
    }

    /// The endpoints, in the order given; the first that matches a request wins.
    public let entries: [Entry]

    /// Creates a catalog, finding every endpoint's shape.
    ///
    /// - Throws: ``CourierError`` of kind ``CourierError/Kind/unparseableEndpoint`` for an
    ///   endpoint whose parameters cannot be recovered from a request, of kind
    ///   ``CourierError/Kind/undocumentedAnswer`` for one that lists a failure status its
    ///   `Failure` does not document or whose `Success` is optional, and of kind
    ///   ``CourierError/Kind/invalidConstraint`` for a ``SchemaConstraint`` that names no
    ///   property or does not fit its property's type.
    public init(_ endpoints: [any CatalogEndpoint.Type]) throws(CourierError) {
        var entries: [Entry] = []
        for endpoint in endpoints {
            entries.append(try Self.entry(endpoint))
        }
        self.entries = entries
    }

    private static func entry<Model: CatalogEndpoint>(_ type: Model.Type) throws(CourierError) -> Entry {
        // The memo, so that a second catalog with the same endpoint does not probe it again.
        let reading = try EndpointReadings.reading(for: Model.self).get()
        try FailureStatuses.validate(Model.self)
        if Model.Success.self is any OptionalMarker.Type {
            throw CourierError(
                stage: .building, kind: .undocumentedAnswer,
                message:
                    "\(Model.self)'s success is \(Model.Success.self), which a catalog cannot answer as documented "
                    + "(nil would be a \(reading.shape.successStatus) with no body, not the model); make it "
                    + "non-optional, and answer nothing as a failure or as Empty from another endpoint.")
        }
        _ = try reading.constraints.get()
        let shape = reading.shape
        return Entry(
            name: "\(type)", endpointType: type, shape: shape,
            parse: { request throws(EndpointMismatch) in
                try Model.parse(request, reading: reading)
            },
            openAPIOperation: { name, shape, schemas in
                OpenAPIOperation.describe(Model.self, name: name, shape: shape, schemas: &schemas)
            })
    }

    /// The endpoint `request` is, with its parameters.
    ///
    /// - Throws: ``EndpointMismatch`` of the closest endpoint, saying why the request is not
    ///   it: by ``EndpointMismatch/closeness`` first (an endpoint with the same method and path,
    ///   then one with the same path), then the same method, then as many path segments, then
    ///   the fewest fixed segments missed, then the fewest reasons. Its closeness tells 404 from
    ///   405 from 400; ``EndpointMismatch/answer(to:)`` is the answer to send.
    public func match(_ request: IncomingRequest) throws(EndpointMismatch) -> any CatalogEndpoint {
        let segments = request.pathSegments
        var closest: (score: Int, mismatch: EndpointMismatch)?
        var allowed: [HTTPMethod] = []
        for entry in entries {
            do throws(EndpointMismatch) {
                return try entry.parse(request)
            } catch {
                if error.closeness == .otherMethod, !allowed.contains(entry.shape.method) {
                    allowed.append(entry.shape.method)
                }
                let score =
                    (2 - error.closeness.rawValue) * 1_000_000
                    + (request.method == entry.shape.method ? 0 : 100_000)
                    + (segments?.count == entry.shape.path.count ? 0 : 10_000)
                    + Self.literalMisses(segments, entry.shape.path) * 100 + min(error.reasons.count, 49)
                    // Content no endpoint of the route reads loses a tie to other faults.
                    + (error.unsupportedContent ? 50 : 0)
                if closest.map({ score < $0.score }) ?? true { closest = (score, error) }
            }
        }
        guard let mismatch = closest?.mismatch else {
            throw EndpointMismatch(template: "the catalog", reasons: ["the catalog has no endpoints"])
        }
        guard mismatch.closeness == .otherMethod else { throw mismatch }
        throw mismatch.allowing(allowed)
    }

    /// How many fixed segments (or fixed text around a parameter) of `path` the request's
    /// segments do not have, so that `/orders/not-a-uuid` is closer to `/orders/{id}` than to
    /// `/products/{id}`.
    private static func literalMisses(_ segments: [String]?, _ path: [EndpointShape.Segment]) -> Int {
        guard let segments else { return path.count }
        var misses = 0
        for (index, segment) in path.enumerated() {
            let fits: Bool
            switch segment {
            case .literal(let text): fits = index < segments.count && segments[index] == text
            case .parameter(_, let prefix, let suffix):
                // A whole-segment parameter has no fixed text to miss.
                guard !prefix.isEmpty || !suffix.isEmpty else { continue }
                fits =
                    index < segments.count
                    && RequestMatching.value(in: segments[index], prefix: prefix, suffix: suffix) != nil
            }
            if !fits { misses += 1 }
        }
        return misses
    }
}
