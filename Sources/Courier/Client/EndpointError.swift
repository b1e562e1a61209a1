/// What ``Client/value(_:)`` throws: the endpoint's documented error, or a ``CourierError``.
///
/// ```swift
/// do {
///     let user = try await client.value(API.user(42))
/// } catch .documented(let apiError) {
///     showAlert(apiError.message)
/// } catch .courier(let error) {
///     log(error)
/// }
/// ```
public enum EndpointError<Failure: Error>: Error {
    /// The server answered with the error the endpoint documents.
    case documented(Failure)
    /// Anything else: building, middleware, transport, an undocumented status, or decoding.
    case courier(CourierError)
}
