import Courier
import Foundation
import Hummingbird
import NIOCore

/// The glue between Hummingbird and a Courier catalog, the pattern for any server framework:
/// its request becomes an `IncomingRequest`, and a `CatalogAnswer` becomes its response.
///
/// ```swift
/// let incoming = try await CatalogAdapter.incoming(request)
/// let answer: CatalogAnswer
/// do {
///     answer = try await handle(catalog.match(incoming))   // each case: endpoint.answer(result)
/// } catch let mismatch as EndpointMismatch {
///     answer = mismatch.answer(to: incoming)
/// }
/// return CatalogAdapter.response(answer)
/// ```
///
/// Courier itself depends on no server framework; this file is the whole adapter.
public enum CatalogAdapter {
    /// The largest request body read, 1 MiB; a longer one fails the request.
    public static let bodyLimit = 1 << 20

    /// The request as Courier's catalog reads it: the method, the target as received (still
    /// percent-encoded), every header field, and the body bytes.
    ///
    /// - Throws: When the body is longer than `bodyLimit`, and a 400 `HTTPError` when the method
    ///   is not an HTTP token.
    public static func incoming(_ request: Request, bodyLimit: Int = bodyLimit) async throws
        -> IncomingRequest
    {
        var request = request
        let bytes = try await request.collectBody(upTo: bodyLimit)
        let headers = request.headers.compactMap { field in
            HeaderName(validating: field.name.rawName).map { HeaderField(name: $0, value: field.value) }
        }
        // Hummingbird accepts only token methods, which Courier accepts too; should one ever
        // differ, the request is refused, never served as another method.
        guard let method = HTTPMethod(validating: request.method.rawValue) else {
            throw HTTPError(.badRequest, message: "The request method is not an HTTP token.")
        }
        return IncomingRequest(
            method: method, target: request.head.path ?? "/", headers: HeaderFields(headers),
            body: Data(bytes.readableBytesView))
    }

    /// The Hummingbird response that writes `answer`: its status, header fields and body.
    public static func response(_ answer: CatalogAnswer) -> Response {
        var fields = HTTPFields()
        for field in answer.headers {
            if let name = HTTPFields.Element.Name(field.name.rawValue) {
                fields.append(HTTPFields.Element(name: name, value: field.value))
            }
        }
        return Response(
            status: HTTPResponse.Status(code: answer.status.code), headers: fields,
            body: ResponseBody(byteBuffer: ByteBuffer(bytes: answer.body)))
    }
}
