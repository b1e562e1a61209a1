/// What ``Client/value(_:)-1ytyd`` throws: the endpoint's documented error, or a ``CourierError``.
///
/// ```swift
/// do throws(EndpointError<APIError>) {
///     let user = try await client.value(API.user(42))
/// } catch {
///     switch error {
///     case .documented(let apiError): showAlert(apiError.message)
///     case .courier(let error): log(error)
///     }
/// }
/// ```
public enum EndpointError<Failure: Error>: Error {
    /// The server answered with the error the endpoint documents.
    case documented(Failure)
    /// Anything else: building, middleware, transport, an undocumented status, or decoding.
    case courier(CourierError)
}
