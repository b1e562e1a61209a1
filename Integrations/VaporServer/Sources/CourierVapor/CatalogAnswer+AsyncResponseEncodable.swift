import Courier
import CourierHTTPTypes
import HTTPTypes
import Vapor

// Retroactive by design: Courier depends on no server framework and Vapor does not know Courier,
// so the package that joins the two is the one place the conformance can live.
// swift-format-ignore: AvoidRetroactiveConformances
extension CatalogAnswer: @retroactive AsyncResponseEncodable {
    /// The Vapor response that writes this answer: its status, header fields in order (duplicates
    /// kept) and body; Vapor sets `Content-Length` from the body.
    ///
    /// ```swift
    /// app.get("todos", ":id") { request in
    ///     try GetTodo(id: request.parameters.require("id", as: Int.self)).answer(.success(todo))
    /// }
    /// ```
    ///
    /// - Throws: ``Courier/CourierError`` for an answer HTTP cannot carry: a status outside
    ///   100...999, or a header value `HTTPFields` refuses.
    public func encodeResponse(for request: Request) async throws -> Response {
        let head = try HTTPResponse(self)
        var headers = HTTPHeaders()
        headers.reserveCapacity(head.headerFields.count)
        for field in head.headerFields {
            headers.add(name: field.name.rawName, value: field.value)
        }
        return Response(
            status: HTTPResponseStatus(statusCode: head.status.code, reasonPhrase: head.status.reasonPhrase),
            headers: headers,
            body: Response.Body(data: body, byteBufferAllocator: request.byteBufferAllocator))
    }
}
