import Courier
import CourierHTTPTypes
import HTTPTypes
import Hummingbird
import NIOCore

// Retroactive by design: Courier depends on no server framework and Hummingbird does not know
// Courier, so the package that joins the two is the one place the conformance can live.
// swift-format-ignore: AvoidRetroactiveConformances
extension CatalogAnswer: @retroactive ResponseGenerator {
    /// The Hummingbird response that writes this answer: its status, header fields and body.
    ///
    /// ```swift
    /// router.get("/todos/:id") { request, context in
    ///     try GetTodo(id: context.parameters.require("id", as: Int.self)).answer(.success(todo))
    /// }
    /// ```
    ///
    /// - Throws: ``Courier/CourierError`` for an answer HTTP cannot carry: a status outside
    ///   100...999, or a header value `HTTPFields` refuses.
    public func response(from request: Request, context: some RequestContext) throws -> Response {
        let head = try HTTPResponse(self)
        return Response(
            status: head.status, headers: head.headerFields,
            body: ResponseBody(byteBuffer: ByteBuffer(bytes: body)))
    }
}
