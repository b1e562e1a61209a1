extension CourierError.Kind {
    /// A catalog endpoint lists a failure status its `Failure` does not document or has an
    /// optional `Success` (refused when the ``Catalog`` is made), or a server
    /// answered with a status or body the endpoint does not document
    /// (``CatalogEndpoint/answer(_:encoder:)``).
    public static let undocumentedAnswer = CourierError.Kind("undocumentedAnswer")
}
