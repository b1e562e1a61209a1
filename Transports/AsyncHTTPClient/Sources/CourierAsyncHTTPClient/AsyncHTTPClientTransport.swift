import AsyncHTTPClient
import Courier
import Foundation
import NIOConcurrencyHelpers
import NIOCore
import NIOFoundationCompat
import NIOSSL

/// A transport on AsyncHTTPClient (SwiftNIO), for Swift services: pooled connections for every
/// request, bodies with or without a file behind them, and Courier's own rules for redirects,
/// timeouts, limits and faults.
///
/// The rule: it sends exactly the request it is given and never follows a redirect (the client
/// does); it never sends a request that is not idempotent twice, and sends an idempotent one once
/// more only when its connection closed before any byte of a response (the keep-alive race).
/// A response ends in a ``RawResponse`` or one typed ``CourierError``, never a partial body.
///
/// **Timeouts.** A request's connect timeout runs until its first sign of life (a chunk of its
/// body written, or the response head), not only the TCP connect, which the `HTTPClient`'s own
/// connect timeout bounds; its idle timeout is the longest silence after that (and before the
/// head, when there is no connect timeout).
///
/// **Lifecycle.** Either the transport creates its `HTTPClient` and you call ``shutdown()``
/// once you are done (a transport released without it starts the shutdown itself, once no
/// request or streamed body of it is under way, and does not wait), or you pass an `HTTPClient`
/// you own, create it with ``configuration(connectTimeout:decompressionLimit:)`` and shut it down
/// yourself; ``shutdown()`` then does nothing. An event loop group of yours outlives the
/// transport: shut it down only after ``shutdown()`` returns.
///
/// **TLS.** A request's `TLSOptions` (trust roots, client identity, minimum version) become the
/// NIOSSL configuration of an `HTTPClient` the transport makes for them, whose connections no
/// request with other options shares; they are checked on the first request that sets them,
/// whatever its scheme. Pinned keys are checked on each new HTTPS connection before it takes a
/// request, against the key of the server's own certificate (the leaf) only: NIOSSL shows
/// AsyncHTTPClient no other certificate of the chain, so a pin of a CA or intermediate key never
/// matches. Every option is refused with `unsupportedTLSOption` when the `HTTPClient` was passed
/// in, since it keeps its own TLS configuration. TLS failures are typed (untrusted, expired, wrong
/// host name, pin mismatch, client certificate rejected, handshake failed); see the article
/// "Connecting securely".
///
/// **Proxies.** A ``Proxy`` given to the owning initializer sends requests through an HTTP
/// (`CONNECT` tunnels) or SOCKS5 proxy, or as `https_proxy`, `http_proxy` and `no_proxy` say
/// (``Proxy/fromEnvironment(_:)``); its credentials never reach a server or a message.
///
/// ```swift
/// let transport = AsyncHTTPClientTransport(responseLimit: 50 * 1024 * 1024)
/// let client = Client(baseURL: BaseURL("api.example.com"), transport: transport)
/// let user = try await client.value(API.user(42))
/// try await transport.shutdown()
/// ```
public final class AsyncHTTPClientTransport: Transport {
    /// The largest response body kept in memory by default: 10 MiB.
    public static let defaultResponseLimit = 10 * 1024 * 1024

    /// The `HTTPClient` requests go through: the one you passed in, or the one the transport
    /// created for requests without a proxy or TLS options (it makes one more per proxy server and
    /// set of ``TLSOptions``, with the same event loop group and configuration, on first use, and
    /// keeps them until ``shutdown()`` or its release; an owned client is not for use after them).
    public let httpClient: HTTPClient
    /// The proxy requests go through; ``Proxy/none`` for an `HTTPClient` you passed in, which
    /// keeps its own.
    public let proxy: Proxy
    /// The largest response body, in bytes, this transport keeps in memory.
    public let responseLimit: Int
    /// The largest body, in bytes, this transport writes to a download file; `nil` for no limit.
    public let downloadLimit: Int64?
    /// How long a connection that carries requests that may not be sent twice (not idempotent,
    /// such as a `POST` without ``Idempotent`` or an `Idempotency-Key`) may stay idle before the
    /// transport closes it; `nil` pools them with the others, under AsyncHTTPClient's idle
    /// timeout.
    ///
    /// Such a request sent on a pooled connection just as the server closes it for being idle
    /// goes unanswered, and cannot be sent again: the server may have seen it. So such requests
    /// have connections of their own, closed after a tenth of a second idle by default, far
    /// sooner than servers commonly close idle connections (seconds): a steady flow of them
    /// shares warm connections, and one after a pause pays for a new connection (and TLS
    /// handshake). Zero gives each its own connection. A server that closes a busy connection
    /// (after so many requests, or shutting down) can still leave one unanswered: declare such
    /// requests ``Idempotent`` or give them an `Idempotency-Key` where the server de-duplicates.
    /// An `HTTPClient` you passed in pools every request under its own idle timeout.
    public let nonIdempotentIdleLimit: Duration?

    /// ``nonIdempotentIdleLimit``'s default: 100 milliseconds.
    public static let defaultNonIdempotentIdleLimit = Duration.milliseconds(100)
    /// Whether the transport created ``httpClient`` (and may give requests TLS options of their own).
    let ownsClient: Bool
    /// The codings an `HTTPClient` with decompression on decodes: one gzip or deflate layer (NIO's
    /// decompressor acts when the first coding listed is one of them, and inflates one zlib or
    /// gzip stream, whichever the body's outer layer is). A client passed in is taken to
    /// decompress too, since its configuration cannot be read.
    static let contentDecoding = ContentDecoding(codings: ["gzip", "deflate"], maximumLayers: 1)
    /// The configuration ``httpClient`` was made with, for the clients of other routes.
    let baseConfiguration: HTTPClient.Configuration
    /// The owned clients of routes other than the direct one.
    let routedClients = NIOLockedValueBox(RoutedClients())
    /// The checks of why a chain was refused under way (``ChainDateCheck``).
    let dateChecks = ChainDateCheck.Checks()

    /// Creates a transport with an `HTTPClient` of its own; call ``shutdown()`` when done.
    ///
    /// Its client decompresses a response body to at most the larger of the two limits (the
    /// memory limit when downloads are unlimited), so a compression bomb stops within a few KiB
    /// of it and costs other requests next to nothing. For larger compressed downloads, set
    /// `downloadLimit`. It decodes one gzip or deflate layer; a body in any other coding, or in
    /// stacked ones, fails with ``CourierError/Kind/unsupportedContentCoding``.
    ///
    /// ```swift
    /// let transport = AsyncHTTPClientTransport(connectTimeout: .seconds(5))
    /// // … send requests through a Client …
    /// try await transport.shutdown()
    /// ```
    ///
    /// - Parameters:
    ///   - connectTimeout: The longest time to establish a TCP connection, for every request.
    ///   - responseLimit: The largest response body to keep in memory, in bytes.
    ///   - downloadLimit: The largest body to write to a download file, in bytes; `nil` for none.
    ///   - eventLoopGroup: Where the client's connections run; AsyncHTTPClient's shared one by default.
    ///   - proxy: The proxy requests go through; none by default (the environment is read only
    ///     when you pass ``Proxy/fromEnvironment(_:)``).
    ///   - nonIdempotentIdleLimit: How long a connection that carries requests that may not be
    ///     sent twice may stay idle (``nonIdempotentIdleLimit``); `nil` pools them with the others.
    public convenience init(
        connectTimeout: Duration = .seconds(10), responseLimit: Int = defaultResponseLimit,
        downloadLimit: Int64? = nil,
        eventLoopGroup: any EventLoopGroup = HTTPClient.defaultEventLoopGroup, proxy: Proxy = .none,
        nonIdempotentIdleLimit: Duration? = defaultNonIdempotentIdleLimit
    ) {
        let decompressionLimit = max(Int64(responseLimit), downloadLimit ?? 0)
        let configuration = Self.configuration(
            connectTimeout: connectTimeout, decompressionLimit: Int(clamping: decompressionLimit))
        let client = HTTPClient(eventLoopGroup: eventLoopGroup, configuration: configuration)
        self.init(
            client: client, configuration: configuration, proxy: proxy, responseLimit: responseLimit,
            downloadLimit: downloadLimit, nonIdempotentIdleLimit: nonIdempotentIdleLimit)
    }

    /// Creates a transport that sends through `httpClient`, which you own and shut down.
    ///
    /// Create it with ``configuration(connectTimeout:decompressionLimit:)``: with
    /// AsyncHTTPClient's redirects on, a response that came through one fails with
    /// ``CourierError/Kind/transportFailed`` (Courier follows redirects itself). A body in any
    /// content coding but one gzip or deflate layer, which its decompression decodes, fails with
    /// ``CourierError/Kind/unsupportedContentCoding``; with its decompression off, a gzip or
    /// deflate body arrives as it was sent.
    ///
    /// ```swift
    /// let httpClient = HTTPClient(configuration: AsyncHTTPClientTransport.configuration())
    /// let transport = AsyncHTTPClientTransport(httpClient: httpClient)
    /// ```
    ///
    /// - Parameters:
    ///   - httpClient: The client to send through.
    ///   - responseLimit: The largest response body to keep in memory, in bytes.
    ///   - downloadLimit: The largest body to write to a download file, in bytes; `nil` for none.
    public convenience init(
        httpClient: HTTPClient, responseLimit: Int = defaultResponseLimit, downloadLimit: Int64? = nil
    ) {
        self.init(
            client: httpClient, configuration: nil, proxy: .none, responseLimit: responseLimit,
            downloadLimit: downloadLimit, nonIdempotentIdleLimit: nil)
    }

    /// A transport on `client`, which it owns when `configuration`, the one `client` was made
    /// with, is given.
    private init(
        client: HTTPClient, configuration: HTTPClient.Configuration?, proxy: Proxy, responseLimit: Int,
        downloadLimit: Int64?, nonIdempotentIdleLimit: Duration?
    ) {
        self.httpClient = client
        self.nonIdempotentIdleLimit = nonIdempotentIdleLimit.map { max($0, .zero) }
        self.ownsClient = configuration != nil
        self.baseConfiguration = configuration ?? Self.configuration()
        self.proxy = proxy
        self.responseLimit = responseLimit
        self.downloadLimit = downloadLimit
    }

    /// An `HTTPClient` configuration with Courier's rules: no redirects (Courier follows them),
    /// response decompression bounded by size, a connection attempt that fails at once instead
    /// of being retried until the request's deadline (retrying is Courier's policy), and an
    /// HTTP/1.1 connection closed a second before its server would close it when the server
    /// announces when that is (`Keep-Alive: timeout=N`), so that a request does not cross that
    /// close on the wire. That is its `http1_1ConnectionDebugInitializer`; to add your own, call
    /// the one it has first:
    ///
    /// ```swift
    /// var configuration = AsyncHTTPClientTransport.configuration()
    /// let retirement = configuration.http1_1ConnectionDebugInitializer
    /// configuration.http1_1ConnectionDebugInitializer = { channel in
    ///     (retirement?(channel) ?? channel.eventLoop.makeSucceededVoidFuture()).flatMap {
    ///         channel.eventLoop.makeSucceededVoidFuture()  // your own set-up here
    ///     }
    /// }
    /// ```
    ///
    /// ```swift
    /// var configuration = AsyncHTTPClientTransport.configuration(connectTimeout: .seconds(3))
    /// configuration.connectionPool.concurrentHTTP1ConnectionsPerHostSoftLimit = 32
    /// ```
    ///
    /// - Parameters:
    ///   - connectTimeout: The longest time to establish a TCP connection.
    ///   - decompressionLimit: The most bytes one response body may decompress to; `nil` for
    ///     none. Without one the transport still stops at its own limits, but the client may have
    ///     decoded whole network reads of a bomb by then (megabytes each, on its event loop).
    public static func configuration(
        connectTimeout: Duration = .seconds(10), decompressionLimit: Int? = nil
    ) -> HTTPClient.Configuration {
        var configuration = HTTPClient.Configuration(
            redirectConfiguration: .disallow,
            timeout: HTTPClient.Configuration.Timeout(connect: TimeAmount(connectTimeout)),
            decompression: .enabled(limit: decompressionLimit.map { .size($0) } ?? .none))
        configuration.connectionPool.retryConnectionEstablishment = false
        configuration.http1_1ConnectionDebugInitializer = KeepAliveRetirement.connectionInitializer
        return configuration
    }

    /// A transport released without ``shutdown()`` starts shutting down the `HTTPClient`s it
    /// created, without waiting: they would otherwise keep their connections open for as long as
    /// the process runs. An `HTTPClient` you passed in is left to you.
    deinit {
        guard ownsClient else { return }
        for client in closeRoutes() + [httpClient] {
            // One that ``shutdown()`` already shut down reports it was; nothing to do then.
            client.shutdown { _ in }
        }
    }

    /// Shuts down the `HTTPClient`s this transport created, failing requests still in flight,
    /// and returns when their connections are closed; does nothing for an `HTTPClient` you passed
    /// in.
    public func shutdown() async throws {
        guard ownsClient else { return }
        var routedError: (any Error)?
        do { try await shutDownRoutedClients() } catch { routedError = error }
        try await httpClient.shutdown()
        if let routedError { throw routedError }
    }

    /// Sends `request` and returns the complete response.
    ///
    /// A body streamed from a sequence (``RequestBody/stream``) goes out as the sequence yields it,
    /// with `Content-Length` when it declares a length and chunked otherwise, and is never sent
    /// twice: not even an idempotent request is sent again after the keep-alive race. The next
    /// chunk of a streamed body (from a sequence or from files) is read only while fewer than eight
    /// wait outside the connection, so an upload's memory stays flat however busy the machine is.
    ///
    /// - Throws: ``CourierError`` at the transport stage; for a streamed body already handed to a
    ///   transport, ``CourierError/Kind/streamedBodyAlreadySent`` before anything is sent.
    public func send(_ request: TransportRequest) async throws -> RawResponse {
        try Task.checkCancellation()
        // Courier's URLs never carry such a port; a middleware may have set one, and NIO traps on it.
        if let port = request.url.port, !(1...65535).contains(port) {
            throw CourierError(
                stage: .transport, kind: .transportFailed,
                message: "The request's port \(port) is not between 1 and 65535; nothing was sent.",
                url: request.url)
        }
        try refuseTLSOptionsOnSharedClient(request.tls)
        let route = try route(for: request)
        let client: HTTPClient
        do {
            client = try self.client(for: route)
        } catch {
            throw CourierError.asyncHTTPClient(error, url: request.url, proxy: route.proxy)
        }
        let streamed = try request.makeBodyChunks()
        do {
            do {
                return try await attempt(request, through: client, route: route, streamed: streamed)
            } catch let failure as AttemptFailure
                where failure.closedBeforeResponse && (request.isIdempotent || failure.neverWritten)
                && streamed == nil && !Task.isCancelled
            {
                // The keep-alive race: no byte of a response arrived; once more, for idempotent
                // requests and for any request the closed connection never took.
                return try await attempt(request, through: client, route: route)
            }
        } catch {
            if Task.isCancelled {
                throw CourierError(
                    stage: .transport, kind: .cancelled, message: "The request was cancelled.",
                    underlying: error)
            }
            let failure =
                (error as? AttemptFailure)?.error
                ?? CourierError.asyncHTTPClient(error, url: request.url, proxy: route.proxy)
            // The date check connects to the server as the request did, through its proxy when
            // it had one: only for the transport's own clients, whose configuration it knows.
            guard ownsClient, failure.kind == .untrustedCertificate else { throw failure }
            throw await ChainDateCheck.refine(
                failure, url: request.url, route: route, checks: dateChecks, group: httpClient.eventLoopGroup)
        }
    }

    /// One attempt through `client`, the route's: the exchange, raced by a watch of its timeouts
    /// when it has any.
    private func attempt(
        _ request: TransportRequest, through client: HTTPClient, route: Route,
        streamed: RequestBodyStream.Chunks? = nil
    ) async throws -> RawResponse {
        let watch = SilenceWatch(request.timeout)
        guard watch.isNeeded else {
            return try await exchange(
                request, through: client, route: route, streamed: streamed, activity: nil)
        }
        let activity = NIOLockedValueBox(SilenceWatch.Activity.started(.now))
        return try await withThrowingTaskGroup(of: RawResponse?.self) { group in
            group.addTask {
                try await self.exchange(
                    request, through: client, route: route, streamed: streamed, activity: activity)
            }
            group.addTask {
                try await Self.enforce(watch, activity: activity)
                return nil
            }
            while let next = try await group.next() {
                if let response = next {
                    group.cancelAll()
                    return response
                }
            }
            throw CancellationError()
        }
    }

    /// Waits until the running timeout runs out and throws its error, unless the exchange showed
    /// a sign of life meanwhile; returns when no timeout runs any more.
    private static func enforce(
        _ watch: SilenceWatch, activity: NIOLockedValueBox<SilenceWatch.Activity>
    ) async throws {
        let expired = await SilenceWatch.enforce { now in
            watch.check(after: activity.withLockedValue { $0 }, now: now)
        }
        if let expired { throw AttemptFailure(error: expired, closedBeforeResponse: false) }
    }

    /// Feeds a streamed body to its reader from a task of its own, one chunk at a time as the
    /// reader asks (NIO then stops reading from the connection); the reader going away cancels
    /// the task, and dropping the body closes the connection. The exchange ends with the task:
    /// `upload`, the reader of a streamed request body, is stopped then. The task holds the
    /// transport, so a transport released while its body is read is shut down only after it.
    private func pump(
        _ body: HTTPClientResponse.Body, into receiver: ResponseReceiver, upload: StreamedBodyReader?
    ) {
        let pump = Task {
            defer {
                upload?.stop()
                withExtendedLifetime(self) {}
            }
            var receiver = receiver
            do {
                for try await chunk in body {
                    if case .stop(let error) = receiver.receive(
                        Data(buffer: chunk, byteTransferStrategy: .noCopy))
                    {
                        receiver.abandon(because: error)
                        return
                    }
                    await receiver.waitForStreamDemand()
                }
                _ = receiver.complete(url: receiver.request.url)
            } catch {
                receiver.abandon(
                    because: receiver.interrupted(
                        by: CourierError.asyncHTTPClient(error, url: receiver.request.url)))
            }
        }
        receiver.controlStream(pause: {}, resume: {}, close: { pump.cancel() })
    }

    /// Waits until a streamed body was read to its end and fails as it did otherwise.
    ///
    /// A 2xx response can arrive in full while the body is still being sent (AsyncHTTPClient then
    /// keeps sending): the call succeeds only when every byte of the body was handed to the
    /// connection, whether or not the server read them; a body that failed, fell short of its
    /// length or was left unsent fails the call, so a short upload is never a success. The idle
    /// timeout keeps running meanwhile, and each chunk sent is a sign of life.
    private static func expectSent(_ outcome: StreamedBodyOutcome, answeredWith status: UInt) async throws {
        switch try await outcome.ending() {
        case .finished: return
        case .failed(let error): throw error
        case .abandoned:
            throw CourierError(
                stage: .transport, kind: .streamedBodyFailed,
                message:
                    "The server answered \(status) before the whole streamed body was sent, and the "
                    + "connection stopped taking it; the request was not completed.")
        }
    }

    /// Sends the request and hands the response to a ``ResponseReceiver``, which decides.
    private func exchange(
        _ request: TransportRequest, through client: HTTPClient, route: Route,
        streamed: RequestBodyStream.Chunks?,
        activity: NIOLockedValueBox<SilenceWatch.Activity>?
    ) async throws -> RawResponse {
        var receiver = ResponseReceiver(
            request: request, responseLimit: responseLimit, downloadLimit: downloadLimit)
        receiver.contentDecoding = Self.contentDecoding
        let outcome = streamed.map { _ in StreamedBodyOutcome() }
        // The sequence is read in a task this exchange stops when it ends, however it ends (or,
        // for a streamed response, when the response's pump ends).
        let upload = streamed.map(StreamedBodyReader.start)
        var uploadOutlivesExchange = false
        defer { if !uploadOutlivesExchange { upload?.stop() } }
        do {
            if let upload, upload.length == 0 {
                // AsyncHTTPClient sends a body declared empty without reading it. It is read to its
                // end here, before anything is sent: a sequence that yields a byte fails as longer
                // than declared, and one that throws fails the call. Cancelling the exchange (its
                // timeouts do) stops the reading, even of a sequence that never ends.
                try await withTaskCancellationHandler {
                    while try await upload.next() != nil {}
                } onCancel: {
                    upload.stop()
                }
                outcome?.end(.finished)
            }
            let httpClientRequest = request.httpClientRequest(
                streamed: upload, outcome: outcome, barrier: WriteBarrier(group: client.eventLoopGroup),
                onChunk: Self.onChunk(of: request, activity: activity, reportSent: receiver.uploadProgress))
            let response = try await client.execute(
                httpClientRequest, deadline: .distantFuture)
            activity?.withLockedValue { $0 = .received(.now) }
            receiver.httpVersion = Courier.HTTPVersion(
                major: Int(response.version.major), minor: Int(response.version.minor))
            if response.history.count > 1 {
                throw CourierError(
                    stage: .transport, kind: .transportFailed,
                    message:
                        "The HTTPClient followed a redirect itself; create it with "
                        + "AsyncHTTPClientTransport.configuration() so that Courier follows redirects.")
            }
            let head = receiver.receiveHead(
                status: HTTPStatus(Int(response.status.code)), headers: HeaderFields(response.headers))
            if case .stop(let error) = head { throw error }
            if let streamed = receiver.streamedResponse(url: request.url) {
                uploadOutlivesExchange = true
                pump(response.body, into: receiver, upload: upload)
                return streamed
            }
            // Leaving this loop early drops the body, which closes the connection at once.
            // The receiver keeps a collected body's first bytes as the body: a copy, so that the
            // response does not keep NIO's whole read buffer alive. Later chunks are appended to
            // it (copied there), and a download writes them, so they need no copy of their own.
            var copiesNext = request.responseBodyFile == nil
            for try await chunk in response.body {
                activity?.withLockedValue { $0 = .received(.now) }
                let bytes = Data(buffer: chunk, byteTransferStrategy: copiesNext ? .copy : .noCopy)
                if chunk.readableBytes > 0 { copiesNext = false }
                if case .stop(let error) = receiver.receive(bytes) {
                    throw error
                }
            }
            if let outcome, (200..<300).contains(response.status.code) {
                // The whole response arrived while the body is still going out: from now on each
                // chunk written is the sign of life the idle timeout waits for.
                activity?.withLockedValue { $0 = .sent(.now) }
                try await Self.expectSent(outcome, answeredWith: response.status.code)
            }
        } catch {
            receiver.abandon()
            throw AttemptFailure(
                error: receiver.interrupted(
                    by: CourierError.asyncHTTPClient(error, url: request.url, proxy: route.proxy)),
                closedBeforeResponse: !receiver.hasHead && CourierError.isClosedBeforeResponse(error),
                neverWritten: !receiver.hasHead && (error as? ChannelError) == .ioOnClosedChannel)
        }
        // A failure here has already removed any partial download.
        switch receiver.complete(url: request.url) {
        case .success(let response): return response
        case .failure(let error): throw AttemptFailure(error: error, closedBeforeResponse: false)
        }
    }
}

extension AsyncHTTPClientTransport: CustomReflectable {
    /// The proxy (its password redacted) and the limits: `dump` does not descend into the
    /// `HTTPClient`s, whose configuration holds the proxy's credentials.
    public var customMirror: Mirror {
        Mirror(
            self,
            children: [
                "proxy": proxy, "responseLimit": responseLimit, "downloadLimit": downloadLimit as Any,
                "ownsHTTPClient": ownsClient, "nonIdempotentIdleLimit": nonIdempotentIdleLimit as Any,
            ], displayStyle: .class)
    }
}

extension AsyncHTTPClientTransport {
    /// What to do after each chunk of a request body: show a sign of life to the timeout watch
    /// and report upload progress; `nil` when neither needs it. An in-memory body of one chunk
    /// at most shows none (its writing takes too little time to matter to an idle timeout) and
    /// then goes out in one piece.
    fileprivate static func onChunk(
        of request: TransportRequest, activity: NIOLockedValueBox<SilenceWatch.Activity>?,
        reportSent: (@Sendable (Int64, Int64?) -> Void)?
    ) -> (@Sendable (Int64) -> Void)? {
        guard let body = request.body else { return nil }
        let watched = activity != nil && !RequestBodyChunks.fitsOneChunk(body)
        guard watched || reportSent != nil else { return nil }
        let length = body.stream.map(\.length) ?? body.length
        return { sent in
            // Once the response head arrived, the response's own chunks are the signs of life
            // until it is complete (a stalled response is not kept alive by an upload going on);
            // then the exchange marks `.sent` again, and the chunks still going out count.
            activity?.withLockedValue { last in
                if case .received = last { return }
                last = .sent(.now)
            }
            reportSent?(sent, length)
        }
    }
}

/// How one attempt failed, and whether its connection closed before any byte of a response.
private struct AttemptFailure: Error {
    let error: CourierError
    let closedBeforeResponse: Bool
    /// Whether the connection was found closed before the request was written to it
    /// (AsyncHTTPClient fails such a request with `ChannelError.ioOnClosedChannel`): the server
    /// cannot have read it, so any request may go out again on another connection.
    var neverWritten = false
}
