import Courier
import Foundation

/// Assertions about requests that throw a ``RequestMismatch`` with a readable diff, so they work
/// with Swift Testing and XCTest alike.
///
/// ```swift
/// @Test func searchSendsTheTerm() throws {
///     let expected = try Endpoint<[User], APIError> {
///         Method.get
///         Path("users")
///         Query("q", "ada")
///     }.request()
///     try RequestAssertion.expect(try API.search("ada").request(), equals: expected, baseURL: base)
/// }
/// ```
public enum RequestAssertion {
    /// Throws a ``RequestMismatch`` unless both requests have the same method, target, headers
    /// (in order, secret values included) and body.
    ///
    /// Multipart boundaries are ignored. Timeouts and other settings that are not sent are not
    /// compared.
    ///
    /// - Parameters:
    ///   - actual: The request the code produced.
    ///   - expected: The request the test expects.
    ///   - baseURL: The base URL both requests are resolved against.
    public static func expect(
        _ actual: EndpointRequest, equals expected: EndpointRequest, baseURL: BaseURL
    ) throws {
        let difference = try RequestDifference(expected: expected, actual: actual, baseURL: baseURL)
        let secrets = zip(expected.headers, actual.headers).filter { pair in
            (pair.0.isSensitive || pair.1.isSensitive) && pair.0.value != pair.1.value
        }.map(\.1.name.rawValue)
        if !difference.isEmpty || !secrets.isEmpty {
            throw RequestMismatch(difference: difference, secretHeaders: secrets)
        }
    }
}
