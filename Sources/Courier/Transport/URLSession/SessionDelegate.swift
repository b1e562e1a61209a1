import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Routes `URLSession` callbacks to the matching ``SessionTaskState``.
final class SessionDelegate: NSObject, URLSessionDataDelegate, Sendable {
    private let tasks: SessionTaskTable
    private let challengeHandler: URLSessionTransport.ChallengeHandler?
    private let evaluated = EvaluatedServers()
    /// Whether libcurl may take a proxy for `https` requests (``environmentNamesAProxy()``);
    /// tests pass their own answer.
    private let proxyMayBeUsed: @Sendable () -> Bool

    init(
        tasks: SessionTaskTable, challengeHandler: URLSessionTransport.ChallengeHandler? = nil,
        proxyMayBeUsed: @escaping @Sendable () -> Bool = SessionDelegate.environmentNamesAProxy
    ) {
        self.tasks = tasks
        self.challengeHandler = challengeHandler
        self.proxyMayBeUsed = proxyMayBeUsed
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        completionHandler(nil)
    }

    /// Answers a challenge: Courier's own checks first (the request's roots and pins, on Apple
    /// platforms), then the caller's handler, if any, on a task of its own.
    func urlSession(
        _ session: URLSession, task: URLSessionTask, didReceive challenge: URLAuthenticationChallenge,
        completionHandler: @escaping @Sendable (URLSession.AuthChallengeDisposition, URLCredential?) -> Void
    ) {
        let id = ObjectIdentifier(task)
        let known = tasks.update(id) { state in
            (request: state.receiver.request, hasBody: state.sendsBody, isIdempotent: state.isIdempotent)
        }
        guard let known else {
            Self.reply(completionHandler, .cancelAuthenticationChallenge)
            return
        }
        let request = known.request
        let host = CourierError.tlsHostName(of: request.url)
        let courier: URLSessionChallengeAnswer
        switch ServerTrustEvaluation.answer(to: challenge, options: request.tls, host: host) {
        case .success(let answer):
            courier = answer
            if answer.action == .useCredential { evaluated.record(request) }
        case .failure(let error):
            tasks.fail(id, with: error)
            Self.reply(completionHandler, .cancelAuthenticationChallenge)
            return
        }
        let facts = ChallengeOutcome.Facts(
            authenticationMethod: challenge.protectionSpace.authenticationMethod, host: host,
            hasBody: known.hasBody, isIdempotent: known.isIdempotent,
            proposed: challenge.proposedCredential.map(URLSessionChallengeAnswer.useCredential))
        guard let challengeHandler else {
            carry(out: .decide(.courierDecides, courier: courier, facts: facts), id, completionHandler)
            return
        }
        let seen = URLSessionChallenge(challenge, request: request)
        let handling = Task {
            let answer = await challengeHandler(seen)
            carry(out: .decide(answer, courier: courier, facts: facts), id, completionHandler)
        }
        let registered = tasks.update(id) { state -> Bool in
            state.challengeHandling = handling
            return true
        }
        if registered == nil { handling.cancel() }
    }

    /// Does what `outcome` says to the task's state, then hands `URLSession` its answer.
    private func carry(
        out outcome: ChallengeOutcome, _ id: ObjectIdentifier,
        _ completionHandler: @escaping @Sendable (URLSession.AuthChallengeDisposition, URLCredential?) -> Void
    ) {
        switch outcome {
        case .reply(let disposition, let answer):
            Self.reply(completionHandler, disposition, answer)
        case .returnReceivedResponse:
            tasks.finish(id)?.complete()
            Self.reply(completionHandler, .cancelAuthenticationChallenge)
        case .retry(let answer):
            guard tasks.update(id, { $0.restartReceiving() }) == true else {
                tasks.finish(id)?.complete()
                Self.reply(completionHandler, .cancelAuthenticationChallenge)
                return
            }
            Self.reply(completionHandler, .useCredential, answer)
        case .fail(let error):
            tasks.fail(id, with: error)
            Self.reply(completionHandler, .cancelAuthenticationChallenge)
        }
    }

    /// Hands `URLSession` the answer to a challenge.
    ///
    /// On Linux the completion handler suspends, resumes or cancels the task then and there, and
    /// each waits for the work queue every session shares, busy for seconds while libcurl
    /// decodes a large body: that must happen neither on Swift's cooperative pool (where a
    /// challenge handler's task runs) nor on the session's delegate queue. A cancel goes to the
    /// queue that serialises Courier's cancels (``URLSessionTransport/cancelInBackground(_:)``),
    /// any other answer to the global queue. Apple platforms take the answer from any thread
    /// without waiting.
    private static func reply(
        _ completionHandler:
            @escaping @Sendable (URLSession.AuthChallengeDisposition, URLCredential?) -> Void,
        _ disposition: URLSession.AuthChallengeDisposition, _ answer: URLSessionChallengeAnswer? = nil
    ) {
        #if canImport(FoundationNetworking)
            let queue =
                disposition == .cancelAuthenticationChallenge || disposition == .rejectProtectionSpace
                ? URLSessionTransport.cancelQueue : DispatchQueue.global()
            queue.async { completionHandler(disposition, answer?.credential) }
        #else
            completionHandler(disposition, answer?.credential)
        #endif
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, didSendBodyData bytesSent: Int64, totalBytesSent: Int64,
        totalBytesExpectedToSend: Int64
    ) {
        tasks.update(ObjectIdentifier(task)) { state in
            state.isAlive = true
            state.receiver.sent(
                totalBytesSent, of: totalBytesExpectedToSend > 0 ? totalBytesExpectedToSend : nil)
        }
    }

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
    ) {
        // FoundationNetworking hands on some interim responses (a 100 before 103 Early Hints) as
        // if they were final; the final one follows, and each is a sign of life. A 101 is no
        // interim response: the receiver refuses it.
        let id = ObjectIdentifier(dataTask)
        if let http = response as? HTTPURLResponse, (100..<200).contains(http.statusCode),
            http.statusCode != 101
        {
            tasks.update(id) { $0.isAlive = true }
            completionHandler(.allow)
            return
        }
        let decision = tasks.update(id) { state -> ResponseReceiver.Decision in
            state.isAlive = true
            // A response that is not HTTP has no head; completing it fails as invalid.
            guard let http = response as? HTTPURLResponse else { return .proceed }
            #if canImport(FoundationNetworking)
                if state.heldHead == nil, !state.receiver.hasHead, mayAnswerATunnel(http) {
                    state.heldHead = http
                    return .proceed
                }
                // A head after a held one: the held one was the proxy's.
                state.heldHead = nil
            #endif
            return receiveHead(http, into: &state, task: dataTask)
        }
        if case .stop(let error)? = decision {
            tasks.fail(id, with: error)
            completionHandler(.cancel)
            // FoundationNetworking ignores the disposition: the task is cancelled as well.
            URLSessionTransport.cancelInBackground(dataTask)
            return
        }
        completionHandler(.allow)
    }

    /// Hands delivered (decoded) bytes to the receiver; when it stops, the task fails at once and
    /// is cancelled.
    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        let id = ObjectIdentifier(dataTask)
        let decision = tasks.update(id) { state -> ResponseReceiver.Decision in
            let head = receiveHeldHead(into: &state, task: dataTask)
            guard case .proceed = head else { return head }
            return state.receiver.receive(data)
        }
        if case .stop(let error)? = decision {
            tasks.fail(id, with: error)
            URLSessionTransport.cancelInBackground(dataTask)
        }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        guard var state = tasks.finish(ObjectIdentifier(task)) else { return }
        if error == nil, case .stop(let refusal) = receiveHeldHead(into: &state, task: task) {
            state.fail(refusal)
            return
        }
        if let error {
            state.fail(
                state.receiver.interrupted(
                    by: Self.failure(
                        error, afterResponse: state.receiver.hasHead,
                        coded: !ContentDecoding.listedCodings(in: state.receiver.headers).isEmpty,
                        idleTimeout: state.idleTimeout)))
            return
        }
        #if canImport(FoundationNetworking)
            if !state.receiver.hasHead, let http = task.response as? HTTPURLResponse,
                (300..<400).contains(http.statusCode)
            {
                completeWithheld(http, state: &state, task: task)
                return
            }
        #endif
        state.complete()
    }

    /// Hands a response head to the task's receiver, unless no evaluation with the request's
    /// roots or pins accepted its server, and records the URL that answered; a head that starts
    /// a streamed response returns it to the caller (a data task's body then follows the reader).
    private func receiveHead(
        _ http: HTTPURLResponse, into state: inout SessionTaskState, task: URLSessionTask
    )
        -> ResponseReceiver.Decision
    {
        if let refusal = evaluated.refusal(of: state.receiver.request) { return .stop(refusal) }
        state.url = http.url
        let decision = state.receiver.receiveHead(
            status: HTTPStatus(http.statusCode), headers: Self.headerFields(of: http))
        if case .proceed = decision, state.respondIfStreamed(), let dataTask = task as? URLSessionDataTask {
            Self.follow(state.receiver, with: dataTask)
        }
        return decision
    }

    /// Hands the held head on, when there is one: the body's first bytes or the end came after
    /// it, so it was the server's.
    private func receiveHeldHead(into state: inout SessionTaskState, task: URLSessionTask)
        -> ResponseReceiver.Decision
    {
        guard let held = state.heldHead else { return .proceed }
        state.heldHead = nil
        return receiveHead(held, into: &state, task: task)
    }

    #if canImport(FoundationNetworking)
        /// Whether `head` may be a proxy's answer to `CONNECT`: a first `2xx` head of an `https`
        /// request, without `Content-Type`, `Content-Length` or `Transfer-Encoding`, when libcurl
        /// may take a proxy. A server's head of that shape (a `204`, or a body without a type) is
        /// then handed on with the body's first bytes or the end; a streamed body, which has a
        /// type, starts at its head.
        func mayAnswerATunnel(_ head: HTTPURLResponse) -> Bool {
            guard (200..<300).contains(head.statusCode), head.url?.scheme?.lowercased() == "https",
                proxyMayBeUsed()
            else { return false }
            let fields = Self.headerFields(of: head)
            return ![HeaderName.contentType, .contentLength, .transferEncoding].contains(
                where: fields.contains)
        }

        /// Completes a task whose head the delegate was never given: FoundationNetworking does not
        /// hand on a redirect status (301, 302, 303, 305 to 308) without a `Location` it can
        /// follow, and drops its body. The head comes from the task; a response announcing no body
        /// is whole, and any other fails as ``CourierError/Kind/invalidResponse`` with the head,
        /// since its body is lost.
        private func completeWithheld(
            _ http: HTTPURLResponse, state: inout SessionTaskState, task: URLSessionTask
        ) {
            if case .stop(let error) = receiveHead(http, into: &state, task: task) {
                state.fail(error)
                return
            }
            let status = HTTPStatus(http.statusCode)
            let headers = state.receiver.headers
            let announcesNoBody =
                !ResponseFraming.carriesBody(status: status, method: state.receiver.request.method)
                || (try? ResponseFraming.contentLength(in: headers).get()) == 0
            guard announcesNoBody else {
                state.fail(
                    CourierError(
                        stage: .transport, kind: .invalidResponse,
                        message:
                            "The server answered \(http.statusCode) without a Location URLSession could follow, and "
                            + "URLSession on Linux (FoundationNetworking) drops the body of such a response instead "
                            + "of delivering it; the head is in the error. AsyncHTTPClientTransport delivers the "
                            + "whole response.",
                        response: RawResponse(status: status, headers: headers, url: http.url)))
                return
            }
            state.complete()
        }
    #endif

    /// Whether the environment names a proxy libcurl may take for an `https` request:
    /// `https_proxy` or `all_proxy`, in either case (Linux only reads it).
    @Sendable static func environmentNamesAProxy() -> Bool {
        for name in ["https_proxy", "HTTPS_PROXY", "all_proxy", "ALL_PROXY"] {
            if let value = getenv(name), value.pointee != 0 { return true }
        }
        return false
    }

    /// Lets a streamed body's reader pace `task`: cancelled when the reader goes away, and on
    /// Apple platforms suspended while the reader is behind and resumed when it catches up.
    ///
    /// FoundationNetworking (Linux) cannot pause a transfer: measured, `suspend()` came after
    /// libcurl had delivered the whole body, and a suspended and resumed task stalled. There the
    /// unread bytes are bounded by the response limit instead (see ``ResponseReceiver``).
    private static func follow(_ receiver: ResponseReceiver, with task: URLSessionDataTask) {
        #if canImport(FoundationNetworking)
            receiver.controlStream(
                pause: {}, resume: {}, close: { URLSessionTransport.cancelInBackground(task) })
        #else
            // In order, on a queue of their own: a resume must not overtake its suspend.
            let queue = DispatchQueue(label: "Courier.URLSessionTransport.stream")
            receiver.controlStream(
                pause: { queue.async { task.suspend() } },
                resume: { queue.async { task.resume() } },
                close: { queue.async { task.cancel() } })
        #endif
    }

    /// The Courier error for a `URLSession` failure (the receiver turns a lost connection after
    /// the head into a truncated response).
    ///
    /// - A connection closed before any answer is ``CourierError/Kind/connectionLost``: libcurl
    ///   reports it as "Empty reply from server", which `URLSession` on Linux turns into
    ///   `URLError(.badServerResponse)`.
    /// - An answer that is not HTTP is ``CourierError/Kind/invalidResponse``: libcurl refuses it
    ///   ("Received HTTP/0.9 when not allowed") as `URLError(.unsupportedURL)`, which cannot mean
    ///   the URL, since Courier sends only http and https ones.
    /// - A failure of the proxy libcurl went through is the proxy's
    ///   (``URLSessionTransport/proxyFailure(_:)``), whatever head came before: on Linux the
    ///   proxy's answer to `CONNECT` arrives as a head.
    /// - A TLS handshake failure after the head is ``CourierError/Kind/connectionLost`` (a
    ///   truncated response): the handshake succeeded before the head arrived. A certificate
    ///   refused after a head was the server's behind a proxy's tunnel, whose answer to `CONNECT`
    ///   was that head: it is the certificate's kind.
    /// - `URLError(.timedOut)` is the idle timeout: the request's `timeoutInterval`, the only
    ///   timeout Courier leaves to `URLSession` (it enforces the connect and total ones itself);
    ///   its message names `idleTimeout`, the interval the task was given, when it is known.
    /// - A body libcurl could not decode after the head (``libcurlRefusedTheCoding(_:coded:)``;
    ///   `coded` is whether the head named a content coding) is
    ///   ``CourierError/Kind/invalidResponse``, not a connection that closed early; so is a body
    ///   whose chunked framing libcurl could not read (its sentences name "chunked-encoding", "the
    ///   chunked-encoded stream" or, in newer releases, a "chunk hex-length": a chunk size that is
    ///   not hexadecimal, a malformed trailer).
    static func failure(
        _ error: any Error, afterResponse: Bool, coded: Bool = false, idleTimeout: TimeInterval? = nil
    ) -> CourierError {
        #if canImport(FoundationNetworking)
            if let urlError = error as? URLError, let proxy = URLSessionTransport.proxyFailure(urlError) {
                return proxy
            }
        #endif
        if let urlError = error as? URLError, let tls = URLSessionTransport.tlsFailure(urlError) {
            // A response head means the handshake succeeded: a handshake failure after it is the
            // connection breaking, which the receiver reports as a truncated response.
            guard afterResponse, tls.kind == .tlsHandshakeFailed else { return tls }
            return CourierError(
                stage: .transport, kind: .connectionLost,
                message: "The TLS connection failed after the response head arrived.", underlying: error)
        }
        let courierError = CourierError.transport(error)
        if afterResponse, let urlError = error as? URLError, urlError.code == .unknown,
            libcurlRefusedTheCoding(urlError.localizedDescription, coded: coded)
        {
            return CourierError(
                stage: .transport, kind: .invalidResponse,
                message:
                    "The response body could not be decoded from its content coding "
                    + "(\(urlError.localizedDescription)); the partial body was discarded.",
                underlying: error)
        }
        if afterResponse, let urlError = error as? URLError,
            urlError.localizedDescription.contains("chunked-encod")
                || urlError.localizedDescription.contains("chunk hex-length")
        {
            return CourierError(
                stage: .transport, kind: .invalidResponse,
                message:
                    "The response body's chunked framing could not be read "
                    + "(\(urlError.localizedDescription)); the partial body was discarded.",
                underlying: error)
        }
        if let urlError = error as? URLError, urlError.code == .timedOut {
            return CourierError(
                stage: .transport, kind: .timedOut,
                message: idleTimeout.map {
                    "Nothing arrived from the server within the idle timeout of \(Duration.seconds($0)), "
                        + "which URLSession counts in whole seconds."
                }
                    ?? "Nothing arrived from the server within the idle timeout, which URLSession counts in "
                    + "whole seconds.",
                underlying: error)
        }
        if !afterResponse, let urlError = error as? URLError {
            switch urlError.code {
            case .badServerResponse:
                return CourierError(
                    stage: .transport, kind: .connectionLost,
                    message: "The server closed the connection without answering.", underlying: error
                )
            case .unsupportedURL:
                return CourierError(
                    stage: .transport, kind: .invalidResponse,
                    message: "The server's response was not HTTP.", underlying: error)
            case .networkConnectionLost:
                // Also how libcurl may report a TLS 1.3 server that ends the connection for want
                // of a client certificate.
                let server = urlError.failingURL.map { " to " + CourierError.tlsHostName(of: $0) } ?? ""
                return CourierError(
                    stage: .transport, kind: .connectionLost,
                    message: "The connection\(server) was lost before any response arrived.",
                    underlying: error)
            case .unknown where urlError.localizedDescription.contains("more than 5 content encodings"):
                // libcurl refuses more than five stacked codings before the head reaches the
                // delegate ("Reject response due to more than 5 content encodings").
                return CourierError(
                    stage: .transport, kind: .unsupportedContentCoding,
                    message:
                        "The response body is in more content codings than libcurl decodes: "
                        + "\(urlError.localizedDescription); the body was not delivered.",
                    underlying: error)
            case .unknown where urlError.localizedDescription.contains("Failed writing header"):
                // FoundationNetworking's header callback refused a status or field line that
                // libcurl passed on (no reason phrase, no space after a colon, a value that is
                // not UTF-8, lines ended by a bare LF): libcurl reports only that it stopped.
                return CourierError(
                    stage: .transport, kind: .invalidResponse,
                    message:
                        "URLSession could not read the response's status line or header fields "
                        + "(libcurl: \(urlError.localizedDescription)). FoundationNetworking refuses some "
                        + "lines that HTTP allows, such as a status line without a reason phrase or a "
                        + "field without a space after its colon; AsyncHTTPClientTransport reads them.",
                    underlying: error)
            case .unknown:
                // libcurl's other failures before a response, such as response headers over its
                // 300 KiB limit, arrive with the unknown code and libcurl's own sentence.
                return CourierError(
                    stage: .transport, kind: .invalidResponse,
                    message: "The server's response could not be read: \(urlError.localizedDescription).",
                    underlying: error
                )
            default:
                break
            }
        }
        return courierError
    }

    /// Whether libcurl's sentence says it could not decode a body it had begun to deliver: a
    /// coding's data is damaged ("Error while processing content unencoding: incorrect data
    /// check"), or it names a coding libcurl does not know ("Unrecognized or bad HTTP Content or
    /// Transfer-Encoding"). For a `coded` body (its head named a content coding), also its generic
    /// write error ("Failed writing received data to disk/application"), which is how libcurl 7.88
    /// fails on a gzip body of several members.
    static func libcurlRefusedTheCoding(_ sentence: String, coded: Bool) -> Bool {
        sentence.contains("content unencoding") || sentence.contains("Content or Transfer-Encoding")
            || (coded && sentence.contains("Failed writing received data"))
    }

    /// The response's header fields, sorted by name (`allHeaderFields` is a dictionary, in no
    /// order); a name that is not an RFC 9110 token is skipped.
    ///
    /// Keys and values are `String`s in practice and are taken as they are; anything else is
    /// described. `Set-Cookie` fields, which URLSession joins with commas, are split again
    /// (``SetCookieFields``).
    static func headerFields(of response: HTTPURLResponse) -> HeaderFields {
        let all = response.allHeaderFields
        var fields: [HeaderField] = []
        fields.reserveCapacity(all.count)
        for (key, value) in all {
            guard let name = HeaderName(validating: key.base as? String ?? "\(key)") else { continue }
            let text = value as? String ?? "\(value)"
            if name == .setCookie {
                fields += SetCookieFields.split(text).map { HeaderField(name: name, value: $0) }
            } else {
                fields.append(HeaderField(name: name, value: text))
            }
        }
        fields.sort { $0.name.canonicalName < $1.name.canonicalName }
        return HeaderFields(fields)
    }
}
