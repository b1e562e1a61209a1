import Foundation

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
///
/// It prints as the error it carries, so a failed test or a log line shows the
/// ``CourierError``'s sentence or the documented error, not the enum around it.
public enum EndpointError<Failure: Error>: Error {
    /// The server answered with the error the endpoint documents.
    case documented(Failure)
    /// Anything else: building, middleware, transport, an undocumented status, or decoding.
    case courier(CourierError)

    /// The error inside: the documented `Failure` or the ``CourierError``.
    var carried: any Error {
        switch self {
        case .documented(let failure): failure
        case .courier(let error): error
        }
    }
}

extension EndpointError: CustomStringConvertible, CustomDebugStringConvertible, LocalizedError {
    /// The carried error's description.
    public var description: String { String(describing: carried) }

    /// The carried error's debug description.
    public var debugDescription: String { String(reflecting: carried) }

    /// The carried error's localized description, or its description when it has none of its own.
    public var errorDescription: String? {
        (carried as? any LocalizedError)?.errorDescription ?? description
    }
}
