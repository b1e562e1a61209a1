/// The templates of catalog endpoints, found once per type and remembered, so naming a request's
/// template costs a dictionary lookup after the first request of that endpoint.
///
/// A memo of a pure function of a type, not state: any two lookups for a type give the same
/// template. An endpoint whose shape cannot be found has none (`nil`), and is not asked again.
enum EndpointTemplates {
    private static let known = LockedValue([ObjectIdentifier: String?]())

    /// The template of `endpoint`'s type, when it is a ``CatalogEndpoint``.
    static func template(of endpoint: some EndpointRepresentable) -> String? {
        (endpoint as? any CatalogEndpoint).flatMap { template(ofCatalogEndpoint: $0) }
    }

    private static func template(ofCatalogEndpoint endpoint: some CatalogEndpoint) -> String? {
        template(for: type(of: endpoint))
    }

    private static func template<Model: CatalogEndpoint>(for type: Model.Type) -> String? {
        let id = ObjectIdentifier(type)
        if let known = known.withLock({ $0[id] }) { return known }
        let template = try? Model.shape().description
        known.withLock { $0[id] = template }
        return template
    }
}
