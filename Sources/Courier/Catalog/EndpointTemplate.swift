/// The template of an endpoint, such as `GET /todos/{id}`, that metrics, logs and traces group
/// requests by.
enum EndpointTemplate {
    /// The template of `endpoint`'s type when it is a ``CatalogEndpoint``, from the shape its
    /// catalog reads requests with; `nil` for any other endpoint, or one whose shape cannot be
    /// found.
    static func of(_ endpoint: some EndpointRepresentable) -> String? {
        guard let catalogEndpoint = endpoint as? any CatalogEndpoint else { return nil }
        return template(of: catalogEndpoint)
    }

    private static func template<Model: CatalogEndpoint>(of endpoint: Model) -> String? {
        try? EndpointReadings.reading(for: Model.self).get().shape.description
    }
}
