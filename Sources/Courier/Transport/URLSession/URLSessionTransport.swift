import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The default transport: `URLSession` with a delegate, on Apple platforms and on Linux.
///
/// It sends exactly the request it is given: it never follows a redirect (the client does),
/// never sends a request that is not idempotent twice unless your challenge handler answers with
/// a credential, and never returns a partial body as a response.
///
/// ```swift
/// let transport = URLSessionTransport(responseLimit: 50 * 1024 * 1024)
/// let client = Client(baseURL: BaseURL("api.example.com"), transport: transport)
/// ```
///
/// How it meets faults, timeouts, size limits and file bodies: <doc:HandlingFaults>. It does not
/// send a body streamed from a sequence (``Body/stream(_:length:contentType:)``): that fails with
/// ``CourierError/Kind/streamedBodyUnsupported`` before anything is sent; `AsyncHTTPClientTransport`
/// sends one (<doc:ChoosingATransport>).
///
/// On Apple platforms it honours ``TLSOptions/trustRoots``, ``TLSOptions/pinnedKeys`` and
/// ``TLSOptions/minimumVersion`` through server-trust challenges and the session configuration;
/// on Linux, FoundationNetworking lets it honour none. An option it cannot honour fails the
/// request with ``CourierError/Kind/unsupportedTLSOption`` before anything is sent. A
/// ``ChallengeHandler`` takes part in authentication challenges, after Courier's own checks:
///
/// ```swift
/// let transport = URLSessionTransport { challenge in
///     guard challenge.authenticationMethod == NSURLAuthenticationMethodHTTPBasic,
///         challenge.host == "reports.example.com",
///         challenge.authenticationChallenge.protectionSpace.receivesCredentialSecurely,
///         challenge.previousFailureCount == 0
///     else { return .courierDecides }
///     return .useCredential(URLCredential(user: "reports", password: password, persistence: .none))
/// }
/// ```
///
/// What each platform delivers and honours: <doc:ConnectingSecurely>.
public final class URLSessionTransport: Transport {
    /// The largest response body kept in memory by default: 10 MiB.
    public static let defaultResponseLimit = 10 * 1024 * 1024

    /// The largest response body, in bytes, this transport keeps in memory.
    public let responseLimit: Int
    /// The largest body, in bytes, this transport writes to a download file; `nil` for no limit.
    public let downloadLimit: Int64?
    /// The session whose connections are kept and reused, for requests that may be sent again
    /// and set no ``TLSOptions``; every other session copies its configuration.
    private let session: URLSession
    /// The sessions kept for requests that may be sent again and set ``TLSOptions``, one per value.
    private let sessionsByOptions = LockedValue<[TLSOptions: URLSession]>([:])
    private let delegate: SessionDelegate
    private let tasks: SessionTaskTable

    /// Decides an authentication challenge a request's task receives, after Courier's own checks.
    ///
    /// It runs on a task of its own, off the session's delegate queue, and may take its time (ask
    /// a keychain, say); the request waits for it within its deadline, and the task is cancelled
    /// when the request is cancelled or times out. Return
    /// ``URLSessionChallengeAnswer/courierDecides`` for what Courier does without a handler.
    public typealias ChallengeHandler = @Sendable (URLSessionChallenge) async -> URLSessionChallengeAnswer

    /// Creates a transport with its own sessions.
    ///
    /// The sessions are Courier's: their delegate and delegate queue are the transport's own, and
    /// whatever the configuration says, no redirect is followed automatically (the client follows
    /// them, from the request value). Requests share one session's connections, except that a
    /// request that is not idempotent (on Linux, also one with a body) goes out on a session of
    /// its own, on a connection of its own; and that requests setting ``TLSOptions`` share a
    /// session kept for that value, so that a connection is only ever shared by requests with the
    /// same options. Courier changes none of `configuration`'s properties, with one exception: on
    /// Apple platforms, the copy a session for ``TLSOptions`` uses raises
    /// `tlsMinimumSupportedProtocolVersion` to their ``TLSOptions/minimumVersion`` when that is
    /// newer. A configuration of yours keeps its cookie store, cache and credential storage: what
    /// they add to a request does not appear in the request value, its renderings or its errors.
    /// On Linux, FoundationNetworking never reads a `connectionProxyDictionary`: a configuration
    /// with one fails every request with ``CourierError/Kind/invalidProxy`` rather than go
    /// directly (libcurl follows `https_proxy` and `http_proxy` from the environment instead).
    ///
    /// - Parameters:
    ///   - configuration: The session configuration; ephemeral, without cookies or a cache, by default.
    ///   - responseLimit: The largest response body to keep in memory, in bytes.
    ///   - downloadLimit: The largest body to write to a download file, in bytes; `nil` for none.
    ///   - challengeHandler: Decides the authentication challenges Courier does not settle itself;
    ///     `nil` leaves every one to Courier.
    public init(
        configuration: URLSessionConfiguration? = nil, responseLimit: Int = defaultResponseLimit,
        downloadLimit: Int64? = nil, challengeHandler: ChallengeHandler? = nil
    ) {
        self.responseLimit = responseLimit
        self.downloadLimit = downloadLimit
        let configuration = configuration ?? Self.defaultConfiguration()
        let tasks = SessionTaskTable()
        self.tasks = tasks
        let delegate = SessionDelegate(tasks: tasks, challengeHandler: challengeHandler)
        self.delegate = delegate
        let session = URLSession(
            configuration: configuration, delegate: delegate, delegateQueue: Self.delegateQueue())
        self.session = session
    }

    /// A delegate queue for new sessions: on Linux one that runs callbacks in order without
    /// making operations of them (``SerialDelegateQueue``); elsewhere `nil`, for a serial queue of
    /// each session's own.
    static func delegateQueue() -> OperationQueue? {
        #if canImport(FoundationNetworking)
            SerialDelegateQueue()
        #else
            nil
        #endif
    }

    /// Ephemeral, without cookies or a cache: cookies the request value does not show would not
    /// appear in cURL renderings or errors, and caching is policy, not transport.
    private static func defaultConfiguration() -> URLSessionConfiguration {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.httpCookieStorage = nil
        configuration.httpShouldSetCookies = false
        configuration.urlCache = nil
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        return configuration
    }

    deinit {
        session.finishTasksAndInvalidate()
        for kept in sessionsByOptions.withLock({ Array($0.values) }) { kept.finishTasksAndInvalidate() }
    }

    /// Sends `request` and returns the complete response.
    ///
    /// - Throws: ``CourierError`` at the transport stage; for a body streamed from a sequence,
    ///   ``CourierError/Kind/streamedBodyUnsupported`` before anything is sent.
    public func send(_ request: TransportRequest) async throws -> RawResponse {
        try Task.checkCancellation()
        if request.body?.stream != nil { throw Self.streamedBodyUnsupported }
        if let refusal = Self.refusal(of: request) { throw refusal }
        #if canImport(FoundationNetworking)
            if let refusal = Self.proxyDictionaryRefusal(session.configuration) { throw refusal }
        #endif
        if let field = request.headers.first(where: { !$0.hasValidValue }) {
            throw CourierError(
                stage: .transport, kind: .invalidHeaderValue,
                message:
                    "The value of header '\(field.name)' contains a control character (CR, LF, NUL or similar); "
                    + "it was not sent.")
        }
        var urlRequest = request.urlRequest
        let sendsAsDeclared = Self.sendsAsDeclared(urlRequest, request)
        let reusesConnections = Self.reusesConnections(for: request) && sendsAsDeclared
        if !reusesConnections {
            urlRequest.setConnectionClose()
        }
        let upload = try BodyUpload(request.body)
        defer { upload?.removeTemporaryFile() }
        if case .file? = upload { urlRequest.httpBodyStream = nil }
        let sendsBody = upload != nil || urlRequest.httpBody != nil || urlRequest.httpBodyStream != nil
        let handle = SessionTaskHandle()
        let tasks = tasks
        let setup = (
            request: request, urlRequest: urlRequest, upload: upload, reusesConnections: reusesConnections,
            sendsBody: sendsBody, isIdempotent: request.isIdempotent && sendsAsDeclared, limit: responseLimit,
            downloadLimit: downloadLimit
        )
        defer { handle.finish() }
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation {
                (continuation: CheckedContinuation<RawResponse, any Error>) in
                // Creating, resuming and cancelling URLSession tasks waits for the session's work
                // queue on Linux, which can be busy for seconds (libcurl decoding a large body);
                // that must not happen on one of the few threads of Swift's cooperative pool.
                DispatchQueue.global().async {
                    let (session, isOwn) = self.session(
                        for: setup.request, reusesConnections: setup.reusesConnections)
                    // A session made for one request ends with its one task.
                    defer { if isOwn { session.finishTasksAndInvalidate() } }
                    let task: URLSessionTask
                    switch setup.upload {
                    case .file(let url, _)?:
                        task = session.uploadTask(with: setup.urlRequest, fromFile: url)
                    case nil:
                        task = session.dataTask(with: setup.urlRequest)
                    }
                    let id = ObjectIdentifier(task)
                    var state = SessionTaskState(
                        continuation: continuation,
                        receiver: ResponseReceiver(
                            request: setup.request, responseLimit: setup.limit,
                            downloadLimit: setup.downloadLimit))
                    state.receiver.contentDecoding = Self.contentDecoding
                    state.sendsBody = setup.sendsBody
                    state.isIdempotent = setup.isIdempotent
                    state.idleTimeout = setup.request.timeout.idle.map { _ in setup.urlRequest.timeoutInterval
                    }
                    tasks.start(id, state)
                    guard handle.attach(task) else {
                        tasks.cancel(id)
                        task.cancel()
                        return
                    }
                    if let timeout = setup.request.timeout.connect {
                        handle.attach(timer: Self.connectTimer(timeout, task: task, tasks: tasks))
                    }
                    task.resume()
                }
            }
        } onCancel: {
            if let task = handle.cancel() {
                tasks.cancel(ObjectIdentifier(task))
                Self.cancelInBackground(task)
            }
        }
    }

    /// Whether `request` may go out on a connection an earlier request used: only when sending it
    /// again does no harm, since `URLSession` re-sends a request whose reused connection turns out
    /// to be closed before any answer.
    ///
    /// On Linux a request with a body never does, idempotent or not: libcurl re-sends it without
    /// its body (FoundationNetworking does not rewind an in-memory or file body), and the server
    /// then waits for a body that never comes.
    static func reusesConnections(for request: TransportRequest) -> Bool {
        #if canImport(FoundationNetworking)
            request.isIdempotent && request.body == nil
        #else
            request.isIdempotent
        #endif
    }

    /// The session `request` goes out on, and whether it was made for that request alone (the
    /// caller then invalidates it once its task is made).
    ///
    /// - A request that must not reuse connections gets a session of its own, with its options'
    ///   configuration (``configuration(_:for:)``).
    /// - Any other request that sets ``TLSOptions`` goes out on the session kept for that value,
    ///   made the first time and invalidated with the transport: a server-trust challenge comes
    ///   once per connection and is answered with the options of the request that opened it, so
    ///   a connection is only ever shared by requests with the same options.
    /// - The rest share the transport's main session.
    func session(for request: TransportRequest, reusesConnections: Bool) -> (URLSession, isOwn: Bool) {
        guard reusesConnections else { return (makeSession(for: request.tls), true) }
        guard let options = request.tls, !options.setOptions.isEmpty else { return (session, false) }
        let kept = sessionsByOptions.withLock { sessions in
            if let kept = sessions[options] { return kept }
            let made = makeSession(for: options)
            sessions[options] = made
            return made
        }
        return (kept, false)
    }

    /// A new session with the transport's delegate and the configuration for `options`.
    private func makeSession(for options: TLSOptions?) -> URLSession {
        URLSession(
            configuration: Self.configuration(session.configuration, for: options), delegate: delegate,
            delegateQueue: Self.delegateQueue())
    }

    /// Whether `urlRequest`, as ``CallOptions/configureURLRequest`` left it, still sends
    /// `request`'s method, and a body only where `request` has one: what
    /// ``reusesConnections(for:)`` decided from.
    static func sendsAsDeclared(_ urlRequest: URLRequest, _ request: TransportRequest) -> Bool {
        let method = urlRequest.httpMethod ?? "GET"
        let addsBody = request.body == nil && (urlRequest.httpBody != nil || urlRequest.httpBodyStream != nil)
        return method.uppercased() == request.method.rawValue.uppercased() && !addsBody
    }

    /// Why a body streamed from a sequence is refused. On Linux, FoundationNetworking reads an
    /// `httpBodyStream` in libcurl's read callback, on the one work queue every `URLSession` of the
    /// process shares: a read that waited for the sequence would stall every other request, and a
    /// read that returned nothing would end the body early. (Apple platforms have
    /// `uploadTask(withStreamedRequest:)`, which Courier does not use yet.)
    static let streamedBodyUnsupported = CourierError(
        stage: .transport, kind: .streamedBodyUnsupported, message: streamedBodyUnsupportedMessage)

    #if canImport(FoundationNetworking)
        private static let streamedBodyUnsupportedMessage =
            "URLSessionTransport cannot send a body streamed from an AsyncSequence without blocking the "
            + "queue every URLSession shares; nothing was sent. Use AsyncHTTPClientTransport "
            + "(CourierAsyncHTTPClient), or Body.file or Body.data."
    #else
        private static let streamedBodyUnsupportedMessage =
            "URLSessionTransport does not send a body streamed from an AsyncSequence yet; nothing was "
            + "sent. Use AsyncHTTPClientTransport (CourierAsyncHTTPClient), or Body.file or Body.data."
    #endif

    /// Fails the task with a timeout unless the server shows a sign of life within `timeout`.
    private static func connectTimer(
        _ timeout: Duration, task: URLSessionTask, tasks: SessionTaskTable
    ) -> Task<Void, Never> {
        let watch = SilenceWatch(connect: timeout)
        let start = ContinuousClock.now
        return Task {
            let expired = await SilenceWatch.enforce { now in watch.check(after: .started(start), now: now) }
            guard let error = expired else { return }
            if tasks.failIfSilent(ObjectIdentifier(task), with: error) { cancelInBackground(task) }
        }
    }

    /// Cancels `task` from a serial queue of Courier's own, never from the caller's thread; a task
    /// already cancelling or completed is left alone.
    ///
    /// On Linux `URLSessionTask.cancel()` waits for the work queue all sessions share, which stays
    /// busy for seconds while libcurl decodes a large compressed body or reads a fast one: on
    /// Swift's cooperative pool it would block one of its few threads. Cancelling one at a time,
    /// cancels block at most one thread of the global pool, which also runs the delegate
    /// callbacks; two cancels at once (a refused stream is cancelled by its close and by the
    /// delegate's stop) could leave the delegate no thread while libcurl went on reading into
    /// memory. The price: a
    /// cancel waiting for the work queue delays the next one, of any session, whose task goes on
    /// transferring meanwhile. Whoever waited for the task was resumed before.
    static func cancelInBackground(_ task: URLSessionTask) {
        cancelQueue.async {
            switch task.state {
            case .running, .suspended: task.cancel()
            case .canceling, .completed: return
            @unknown default: task.cancel()
            }
        }
    }

    /// The content codings `URLSession` decodes, checked at each response head. On Linux that is
    /// libcurl's decoder, at most five stacked: gzip (and its alias x-gzip), deflate and identity
    /// always, br and zstd when libcurl was built with them, as Debian's and Ubuntu's are (it
    /// asks only for the codings it has, and fails a body in another as it arrives). On Apple
    /// platforms the codings go unchecked: which ones `URLSession` decodes, and how many layers,
    /// is not documented.
    static var contentDecoding: ContentDecoding? {
        #if canImport(FoundationNetworking)
            ContentDecoding(
                codings: ["gzip", "x-gzip", "deflate", "br", "zstd", "identity"], maximumLayers: 5)
        #else
            nil
        #endif
    }

    /// The serial queue of ``cancelInBackground(_:)``, which also takes a challenge's cancelling
    /// answer on Linux.
    static let cancelQueue = DispatchQueue(label: "Courier.URLSessionTransport.cancel")
}
