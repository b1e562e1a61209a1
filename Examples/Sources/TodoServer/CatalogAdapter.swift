import Courier
import CourierHTTPTypes
import Foundation
import Hummingbird
import NIOCore

/// The glue between Hummingbird and a Courier catalog, the pattern for any server framework that
/// speaks swift-http-types: its request becomes an `IncomingRequest`, and a `CatalogAnswer`
/// becomes its response.
///
/// ```swift
/// let incoming = try await CatalogAdapter.incoming(request)
/// let answer: CatalogAnswer
/// do {
///     answer = try await handle(catalog.match(incoming))   // each case: endpoint.answer(result)
/// } catch let mismatch as EndpointMismatch {
///     answer = mismatch.answer(to: incoming)
/// }
/// return try CatalogAdapter.response(answer)
/// ```
///
/// Courier itself depends on no server framework; the conversions are CourierHTTPTypes'.
public enum CatalogAdapter {
    /// The largest request body read, 1 MiB; a longer one fails the request.
    public static let bodyLimit = 1 << 20

    /// The request as Courier's catalog reads it: the method, the target as received (still
    /// percent-encoded), every header field, and the body bytes.
    ///
    /// - Throws: When the body is longer than `bodyLimit`, and a 400 `HTTPError` for a request
    ///   Courier cannot read: no path, or a header value that is not UTF-8 or holds a control
    ///   character.
    public static func incoming(_ request: Request, bodyLimit: Int = bodyLimit) async throws
        -> IncomingRequest
    {
        var request = request
        let bytes = try await request.collectBody(upTo: bodyLimit)
        do {
            return try IncomingRequest(request.head, body: Data(bytes.readableBytesView))
        } catch {
            throw HTTPError(.badRequest, message: error.message)
        }
    }

    /// The Hummingbird response that writes `answer`: its status, header fields and body.
    ///
    /// - Throws: What `HTTPResponse(_:)` throws for an answer HTTP cannot carry (a status outside
    ///   100...999, a header value with a control character).
    public static func response(_ answer: CatalogAnswer) throws -> Response {
        let head = try HTTPResponse(answer)
        return Response(
            status: head.status, headers: head.headerFields,
            body: ResponseBody(byteBuffer: ByteBuffer(bytes: answer.body)))
    }
}
