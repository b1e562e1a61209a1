/// The templates of catalog endpoints, found once per type and remembered, so naming a request's
/// template costs a dictionary lookup after the first request of that endpoint.
///
/// A memo of a pure function of a type, not state: any two lookups for a type give the same
/// template. An endpoint whose shape cannot be found has none (`nil`), and is not asked again.
@usableFromInline enum EndpointTemplates {
    private static let known = LockedValue([ObjectIdentifier: String?]())

    /// The template of `endpoint`'s type, when it is a ``CatalogEndpoint``.
    ///
    /// Any type is looked up before it is cast: a cast to a protocol that a type does not conform
    /// to searches the conformances again at each call.
    @usableFromInline static func template(of endpoint: some EndpointRepresentable) -> String? {
        let id = ObjectIdentifier(type(of: endpoint))
        if let known = known.withLock({ $0[id] }) { return known }
        var template: String?
        if let catalogEndpoint = endpoint as? any CatalogEndpoint {
            template = Self.template(ofCatalogEndpoint: catalogEndpoint)
        }
        known.withLock { $0[id] = template }
        return template
    }

    private static func template<Model: CatalogEndpoint>(ofCatalogEndpoint endpoint: Model) -> String? {
        try? Model.shape().description
    }
}
