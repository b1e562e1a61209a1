import Foundation

extension Client {
    /// Sends an endpoint and returns its response as soon as a 2xx head arrives, with the body as a
    /// ``ResponseBodyStream`` that fills as it arrives.
    ///
    /// A non-2xx answer is collected whole and decodes as the endpoint's documented `Failure`, as
    /// with ``send(_:)``; middleware sees the response when its head arrives. The request's idle
    /// timeout applies between chunks; its total timeout (the endpoint's or the client's) covers
    /// only the wait for the head, so a stream may last as long as it needs; pass `deadline` to
    /// limit the whole body.
    ///
    /// ```swift
    /// let response = try await client.stream(API.export())
    /// for try await todo in try response.get().jsonLines(of: Todo.self) {
    ///     print(todo.title)
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - endpoint: The endpoint to send; its `Success` type is not decoded.
    ///   - deadline: How long the whole body may take, from now; `nil` (the default) for no limit.
    /// - Throws: ``CourierError``, as ``send(_:)``.
    public func stream<E: EndpointRepresentable>(_ endpoint: E, deadline: Duration? = nil)
        async throws(CourierError) -> EndpointResponse<ResponseBodyStream, E.Failure>
    {
        let prepared = try prepare(endpoint, options: nil)
        let (request, decoder) = (prepared.request.with { $0.streamsResponse = true }, prepared.decoder)
        let end = deadline.map { ContinuousClock.now.advanced(by: $0) }
        let raw = try await perform(request)
        return try EndpointResponse.decoding(raw, request: request, decoder: decoder) {
            raw throws(CourierError) in
            let body = raw.bodyStream ?? ResponseBodyStream(raw.body)
            if let end { body.storage.limit(until: end) }
            return body
        }
    }

    /// Sends an endpoint of Server-Sent Events and returns its typed ``EventStream`` as soon as a
    /// 2xx head arrives; with `reconnection`, the stream connects again when its body ends or
    /// fails.
    ///
    /// Events are read only from a `200 OK` (or the endpoint's ``SuccessStatus``) whose
    /// `Content-Type` is `text/event-stream`: another 2xx answer, or one of another type or none,
    /// throws and is never reconnected. A non-2xx first answer decodes as the endpoint's
    /// documented `Failure`, as with ``send(_:)``; a 204 No Content first answer ends the stream
    /// without reconnecting. Each reconnection goes through the middleware with a
    /// `Last-Event-ID` header; what it does with each status: ``EventStreamReconnection``. A
    /// request that is not idempotent (a `POST` without an `Idempotency-Key` header) is not sent
    /// again behind your back: with `reconnection` it throws before sending, unless the policy
    /// sets ``EventStreamReconnection/resendsNonIdempotentRequests``.
    ///
    /// ```swift
    /// let response = try await client.events(API.changes(), reconnection: .standard)
    /// for try await change in try response.get() {
    ///     print(change.type, change.data)
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - endpoint: The endpoint, whose success type is an ``EventStream``.
    ///   - reconnection: How to reconnect; `nil` (the default) ends the stream with its body.
    /// - Throws: ``CourierError``, as ``send(_:)``;
    ///   ``CourierError/Kind/unacceptableStatus`` or ``CourierError/Kind/unacceptableContentType``
    ///   for a 2xx answer that is not an event stream; and
    ///   ``CourierError/Kind/nonIdempotentReconnection`` before sending a request that
    ///   `reconnection` would send again without being allowed to.
    public func events<E: EndpointRepresentable, Payload>(
        _ endpoint: E, reconnection: EventStreamReconnection? = nil
    ) async throws(CourierError) -> EndpointResponse<EventStream<Payload>, E.Failure>
    where E.Success == EventStream<Payload> {
        let (request, decoder) = try prepare(endpoint, options: nil)
        if let reconnection, !reconnection.resendsNonIdempotentRequests, !request.isIdempotent {
            throw CourierError(
                stage: .building, kind: .nonIdempotentReconnection,
                message:
                    "Reconnecting would send the \(request.method) request again, which is not idempotent; "
                    + "add an Idempotency-Key header, or set resendsNonIdempotentRequests on the "
                    + "reconnection if the server expects it.",
                request: request)
        }
        let raw = try await perform(request)
        try EventStreamHead.check(raw, for: request)
        // 204 No Content on the first connection means "do not reconnect", as on a later one.
        var policy = raw.status == .noContent ? nil : reconnection
        policy?.connect = { lastEventID throws(CourierError) in
            // A field value has no whitespace at its ends (RFC 9110 §5.5): an ID with some goes
            // back without it, as a server reads it anyway. One with a control character cannot
            // be sent, and ends the stream with that error.
            let lastEventID = String(Substring(lastEventID).trimmingOptionalWhitespace())
            var again = request
            if !lastEventID.isEmpty {
                again = try request.settingHeader(HeaderField(name: .lastEventID, value: lastEventID))
            }
            let response = try await perform(again)
            try EventStreamHead.check(response, for: again)
            return response
        }
        return try EndpointResponse.decoding(raw, request: request, decoder: decoder) {
            raw throws(CourierError) in
            EventStream(
                body: raw.bodyStream ?? ResponseBodyStream(raw.body), decoder: decoder, reconnection: policy)
        }
    }
}
