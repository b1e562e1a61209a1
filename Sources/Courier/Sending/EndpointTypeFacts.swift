/// What sending needs to know of an endpoint's type, found once per type and remembered: its
/// template when it is a ``CatalogEndpoint``, and what its `Success` type asks of the response.
///
/// After the first request of an endpoint type, finding them costs one dictionary lookup, where
/// each is a cast to a protocol: about 470 instructions even when the runtime's conformance cache
/// answers it.
///
/// A memo of a pure function of a type, not state: any two lookups for a type give the same
/// facts. An endpoint whose shape cannot be found has no template (`nil`), and is not asked again.
@usableFromInline struct EndpointTypeFacts: Sendable {
    /// The endpoint's template, such as `GET /todos/{id}`, when it is a ``CatalogEndpoint``.
    @usableFromInline let template: String?
    /// Whether the `Success` type is a ``StreamedResponseBody``, so the response is streamed.
    @usableFromInline let streamsResponse: Bool
    /// Whether the `Success` type decodes its own body (``CustomBodyDecoding``).
    @usableFromInline let successDecodesItself: Bool

    private static let known = LockedValue([ObjectIdentifier: EndpointTypeFacts]())

    /// The facts of `endpoint`'s type.
    @usableFromInline static func of<E: EndpointRepresentable>(_ endpoint: E) -> EndpointTypeFacts {
        let id = ObjectIdentifier(type(of: endpoint))
        if let known = known.withLock({ $0[id] }) { return known }
        var template: String?
        if let catalogEndpoint = endpoint as? any CatalogEndpoint {
            template = Self.template(ofCatalogEndpoint: catalogEndpoint)
        }
        let facts = EndpointTypeFacts(
            template: template, streamsResponse: E.Success.self is any StreamedResponseBody.Type,
            successDecodesItself: E.Success.self is any CustomBodyDecoding.Type)
        known.withLock { $0[id] = facts }
        return facts
    }

    private static func template<Model: CatalogEndpoint>(ofCatalogEndpoint endpoint: Model) -> String? {
        try? Model.shape().description
    }
}
