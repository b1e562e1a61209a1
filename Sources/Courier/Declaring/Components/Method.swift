/// Declares the request method inside an endpoint block.
///
/// ```swift
/// Endpoint<Todo, APIError> {
///     Method.post
///     Path("todos")
///     Body.json(newTodo)
/// }
/// ```
///
/// `Method.get` and `Method.head` are ``BodilessMethod`` values, so the compiler rejects a
/// ``Body`` next to them. A method chosen at run time (`Method(someMethod)`) is checked when the
/// request is built instead.
///
/// On Apple platforms `Foundation` also exports the Objective-C runtime's `Method` typealias.
/// Writing `Method.get` or `Method("PURGE")` in a block is never ambiguous; in a *type* position
/// use ``HTTPMethod`` (or spell `Courier.Method`).
public struct Method: EndpointComponent {
    let token: MethodToken

    /// Declares a method value, checked against any body when the request is built.
    public init(_ method: HTTPMethod) {
        token = .known(method)
    }

    /// Declares a method from a token such as `"PURGE"`; an invalid token is reported when the
    /// request is built, as ``CourierError/Kind/invalidMethod``.
    ///
    /// A standard method is spelled in upper case when the request is built, before the body rule
    /// applies: `Method("get")` is `GET`, and a ``Body`` next to it is rejected. Any other token
    /// is sent as written (see ``HTTPMethod``).
    public init(_ token: String) {
        self.token = .unchecked(token)
    }

    /// The component as request parts.
    public var endpointParts: EndpointParts<EndpointState.MethodWithBodyAllowed, EndpointState.NoBody> {
        EndpointParts(.method(token))
    }

    /// `GET`; a block with it cannot contain a ``Body``.
    public static let get = BodilessMethod(.get)
    /// `HEAD`; a block with it cannot contain a ``Body``.
    public static let head = BodilessMethod(.head)
    /// `POST`.
    public static let post = Method(HTTPMethod.post)
    /// `PUT`.
    public static let put = Method(HTTPMethod.put)
    /// `PATCH`.
    public static let patch = Method(HTTPMethod.patch)
    /// `DELETE`.
    public static let delete = Method(HTTPMethod.delete)
    /// `OPTIONS`.
    public static let options = Method(HTTPMethod.options)
}
