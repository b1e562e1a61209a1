/// Declares the status the endpoint answers when it succeeds, such as 201 Created or 202
/// Accepted, instead of 200 OK (204 No Content for an ``Empty`` success).
///
/// ```swift
/// Method.post
/// Path("todos")
/// SuccessStatus(.created)
/// Body.json(todo)
/// ```
///
/// The client still decodes any 2xx response as the success, so a server that answers 200 for a
/// declared 201 keeps working; the declared status is what a ``Catalog`` server answers
/// (``EndpointShape/successStatus``) and the success response its OpenAPI document lists. It
/// must be a 2xx status, declared at most once: <doc:SharingACatalog>.
public struct SuccessStatus: EndpointComponent, Hashable {
    /// The declared status.
    public let status: HTTPStatus

    /// Declares `status` as the endpoint's success.
    public init(_ status: HTTPStatus) {
        self.status = status
    }

    /// The component as request parts.
    public var endpointParts: EndpointParts<EndpointState.NoMethod, EndpointState.NoBody> {
        EndpointParts(.successStatus(status))
    }
}
