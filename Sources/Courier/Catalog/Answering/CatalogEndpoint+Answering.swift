import Foundation

extension CatalogEndpoint where Success: Encodable, Failure: AnswerableError {
    /// The answer to this request: the success with the endpoint's success status, or a failure
    /// with its documented status, as the bytes the client decodes back into the same result.
    ///
    /// ```swift
    /// case let get as GetTodo:
    ///     guard let todo = await store.todo(get.id) else {
    ///         return try get.answer(.failure(.notFound(NotFound(message: "No todo \(get.id)."))))
    ///     }
    ///     return try get.answer(.success(todo))
    /// ```
    ///
    /// A success is JSON (`Content-Type` from a fixed `Accept` header, else `application/json`),
    /// except `Data` (its bytes), `String` (UTF-8 text) and ``Empty`` (no body); a failure is sent
    /// as its ``ErrorAnswer`` says. A 401 carries the `WWW-Authenticate` challenge of the
    /// endpoint's `Authorization` header (its fixed prefix, such as `Bearer`; `APIKey` for a
    /// bare key), as a mismatch's 401 does.
    ///
    /// - Throws: ``CourierError`` of kind ``CourierError/Kind/undocumentedAnswer`` for a
    ///   failure whose status this endpoint does not document (see
    ///   ``CatalogEndpoint/failureStatuses``) or whose body is not the model documented for
    ///   it, and ``CourierError/Kind/bodyEncodingFailed`` when the value does not encode.
    public func answer(_ result: Result<Success, Failure>, encoder: JSONEncoder = .courierDefault())
        throws(CourierError) -> CatalogAnswer
    {
        let shape = try EndpointReadings.reading(for: Self.self).get().shape
        switch result {
        case .success(let value):
            return try SuccessBody.answer(value, shape: shape, encoder: encoder)
        case .failure(let failure):
            return try Self.answer(failure.answer, credentials: EndpointCredentials(shape), encoder: encoder)
        }
    }
}

extension CatalogEndpoint where Failure: AnswerableError {
    /// The answer to this request when it fails: the failure with its documented status, as
    /// ``answer(_:encoder:)`` writes it.
    ///
    /// It works for every endpoint, and for one whose success encodes it is the same answer as
    /// `answer(.failure(failure))`. It is there for an endpoint whose success is not a value to
    /// encode, such as an ``EventStream`` the server writes as it goes (see
    /// ``streamedSuccessHead()`` for the head of that success).
    ///
    /// ```swift
    /// case let feed as FollowChanges:
    ///     guard await store.accepts(feed.token) else {
    ///         return try feed.answer(failure: .unauthorized(Unauthorized(message: "Sign in first.")))
    ///     }
    ///     // … stream the events
    /// ```
    ///
    /// - Throws: ``CourierError`` of kind ``CourierError/Kind/undocumentedAnswer`` for a
    ///   failure whose status this endpoint does not document (see
    ///   ``CatalogEndpoint/failureStatuses``) or whose body is not the model documented for it,
    ///   and ``CourierError/Kind/bodyEncodingFailed`` when the failure's body does not encode.
    public func answer(failure: Failure, encoder: JSONEncoder = .courierDefault()) throws(CourierError)
        -> CatalogAnswer
    {
        let shape = try EndpointReadings.reading(for: Self.self).get().shape
        return try Self.answer(failure.answer, credentials: EndpointCredentials(shape), encoder: encoder)
    }

    private static func answer(
        _ answer: ErrorAnswer, credentials: EndpointCredentials?, encoder: JSONEncoder
    ) throws(CourierError) -> CatalogAnswer {
        let documented = FailureStatuses.documented(by: Self.self)
        guard let model = documented.first(where: { $0.statuses.contains(answer.status.code) })?.model else {
            let listed = documented.map(\.description).joined(separator: ", ")
            throw CourierError(
                stage: .building, kind: .undocumentedAnswer,
                message:
                    "\(Self.self) does not document the status \(answer.status) (it documents "
                    + "\(listed.isEmpty ? "none" : listed)); answer with one of those, or list it in failureStatuses."
            )
        }
        guard model == answer.model else {
            throw CourierError(
                stage: .building, kind: .undocumentedAnswer,
                message:
                    "\(Self.self) documents the status \(answer.status) with a \(model) body, "
                    + "not \(answer.model); the client could not decode it.")
        }
        // A status without content has no body and no type, whatever the model documented with
        // it (alone it can only be Empty: the catalog refuses any other).
        if answer.status.forbidsContent {
            return CatalogAnswer(status: answer.status)
        }
        do {
            let body = try answer.encode(encoder)
            var headers: HeaderFields = []
            if let body { headers.append(HeaderField(name: .contentType, value: body.mediaType.rawValue)) }
            // RFC 9110 §15.5.2: a 401 carries a challenge, the same one a mismatch 401 does.
            if answer.status == .unauthorized, let credentials {
                headers.append(
                    HeaderField(name: HeaderName("WWW-Authenticate"), value: credentials.challenge))
            }
            return CatalogAnswer(status: answer.status, headers: headers, body: body?.data ?? Data())
        } catch {
            throw CourierError(
                stage: .building, kind: .bodyEncodingFailed,
                message:
                    "The \(answer.model) body of \(Self.self)'s \(answer.status) answer does not encode: \(error)",
                underlying: error)
        }
    }
}

extension CatalogEndpoint {
    /// The status and headers of this request's success when the server streams it as
    /// Server-Sent Events: the endpoint's success status (see ``SuccessStatus``) and
    /// `Content-Type: text/event-stream`, with no body; the server writes the events after it.
    ///
    /// ```swift
    /// var head = try feed.streamedSuccessHead()
    /// head.headers.append(HeaderField(name: .cacheControl, value: "no-cache"))
    /// // … write the head, then each event as it happens
    /// ```
    ///
    /// - Throws: ``CourierError`` when the endpoint's definition cannot be read (as for
    ///   ``answer(_:encoder:)``).
    public func streamedSuccessHead<Payload>() throws(CourierError) -> CatalogAnswer
    where Success == EventStream<Payload> {
        let shape = try EndpointReadings.reading(for: Self.self).get().shape
        return CatalogAnswer(
            status: shape.successStatus,
            headers: [HeaderField(name: .contentType, value: MediaType.eventStream.rawValue)])
    }
}

/// How a success value becomes a body, the other way round from how the client reads it.
enum SuccessBody {
    static func answer<Value: Encodable>(_ value: Value, shape: EndpointShape, encoder: JSONEncoder)
        throws(CourierError) -> CatalogAnswer
    {
        var answer = CatalogAnswer(status: shape.successStatus)
        do {
            guard let body = try ModelBody.encode(value, encoder: encoder) else { return answer }
            answer.body = body.data
        } catch {
            throw CourierError(
                stage: .building, kind: .bodyEncodingFailed,
                message: "The \(Value.self) success of \(shape) does not encode: \(error)",
                underlying: error)
        }
        answer.headers.append(
            HeaderField(name: .contentType, value: contentType(of: Value.self, shape: shape)))
        return answer
    }

    /// The media type a success of `type` is sent as: text for `String`, else the endpoint's
    /// fixed `Accept` media type, else as ``ModelBody`` says (bytes for `Data`, else JSON).
    static func contentType(of type: Any.Type, shape: EndpointShape) -> String {
        let own = ModelBody.mediaType(of: type) ?? .json
        if own == .plainText { return own.rawValue }
        let accept = shape.headers.first { $0.parameter == nil && $0.name.lowercased() == "accept" }
        if let value = accept?.value, !value.contains(","), !value.contains("*"),
            let mediaType = MediaType(validating: value)
        {
            return mediaType.essence
        }
        return own.rawValue
    }
}
