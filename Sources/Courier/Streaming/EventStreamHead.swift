/// The WHATWG HTML rule for the response an event stream is read from: `200 OK` with a
/// `text/event-stream` `Content-Type` (parameters such as `charset` allowed, the type compared
/// without case).
///
/// Courier also reads events from the status an endpoint declares with ``SuccessStatus``, which
/// is what a ``Catalog`` server answers. 204 No Content ends a stream without an error. Any other
/// 2xx answer, or one of another type or none, fails: its body is not read as events, and the
/// stream is not reconnected. A status outside 2xx is left to the caller: the endpoint's documented
/// `Failure` on the first answer, ``EventStreamReconnection/retryableStatuses`` on a later one.
enum EventStreamHead {
    /// Throws unless `response`, an answer to `request`, is an event stream, 204 No Content, or
    /// outside 2xx.
    ///
    /// - Throws: ``CourierError`` at the ``CourierError/Stage/status`` stage:
    ///   ``CourierError/Kind/unacceptableStatus`` for another 2xx status,
    ///   ``CourierError/Kind/unacceptableContentType`` for a type other than `text/event-stream`.
    static func check(_ response: RawResponse, for request: EndpointRequest) throws(CourierError) {
        let status = response.status
        guard status.isSuccess, status != .noContent else { return }
        guard status == .ok || status == request.successStatus else {
            let declared = request.successStatus.map { $0 == .ok ? "" : " or the endpoint's \($0)" } ?? ""
            throw refusal(
                "The server answered \(status) to an event stream, which is read only from 200\(declared)",
                kind: .unacceptableStatus, response: response, request: request)
        }
        let declared = response.headers[.contentType]
        if declared == MediaType.eventStream.rawValue { return }
        let contentType = declared.flatMap(MediaType.init(headerValue:))
        if contentType?.essence == MediaType.eventStream.essence { return }
        let arrived =
            switch (declared, contentType) {
            case (nil, _): "without a Content-Type"
            case (let text?, nil): "with the invalid Content-Type \(text.debugDescription)"
            case (_, let type?): "as \(type.essence)"
            }
        throw refusal(
            "The server answered an event stream \(arrived); events are read only from text/event-stream",
            kind: .unacceptableContentType, response: response, request: request)
    }

    private static func refusal(
        _ reason: String, kind: CourierError.Kind, response: RawResponse, request: EndpointRequest
    ) -> CourierError {
        // Without its body stream: an error kept for later must not hold the connection open.
        let head = RawResponse(
            status: response.status, headers: response.headers, body: response.body, url: response.url,
            httpVersion: response.httpVersion)
        return CourierError(
            stage: .status, kind: kind,
            statement: reason + ", so the body was not read as events and the stream is not reconnected.",
            request: request, url: response.url, response: head, notes: response.notes)
    }
}
