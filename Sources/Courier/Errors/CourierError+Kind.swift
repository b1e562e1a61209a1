extension CourierError {
    /// An extensible kind of failure, compared by name.
    ///
    /// ```swift
    /// if error.kind == .timedOut { … }
    /// ```
    public struct Kind: Sendable, Hashable, CustomStringConvertible {
        /// The kind's name, for example `"timedOut"`.
        public let name: String

        /// Creates a kind; define your own as static members in an extension.
        public init(_ name: String) {
            self.name = name
        }

        /// The kind's name.
        public var description: String { name }

        // MARK: Building

        /// A method token is not a valid RFC 9110 token, or the call cannot be made with the
        /// method (a resumable download is a `GET`).
        public static let invalidMethod = Kind("invalidMethod")
        /// The block declared no method, or more than one.
        public static let methodCount = Kind("methodCount")
        /// The block declared more than one body.
        public static let multipleBodies = Kind("multipleBodies")
        /// The block declared more than one timeout, or a timeout that is not positive.
        public static let invalidTimeout = Kind("invalidTimeout")
        /// A body was declared for a method that forbids one (`GET`, `HEAD`).
        public static let bodyNotAllowed = Kind("bodyNotAllowed")
        /// A path segment is empty, `.` or `..` (also percent-encoded).
        public static let invalidPathSegment = Kind("invalidPathSegment")
        /// A header name is not an RFC 9110 token.
        public static let invalidHeaderName = Kind("invalidHeaderName")
        /// A header value contains CR, LF, NUL or another control character, or starts or ends with
        /// a space or tab; or a header a request carries once (`Authorization`, `Content-Type`…)
        /// was given twice.
        public static let invalidHeaderValue = Kind("invalidHeaderValue")
        /// A client default's query parameter (``ClientDefaults``) has an empty name: a default
        /// applies to every request, so an empty name is taken for a mistake. An endpoint may
        /// declare one (`Query("", "v")` is sent as `?=v`).
        public static let invalidQueryName = Kind("invalidQueryName")
        /// A header that frames the message or manages its connection (``HeaderName/framing``:
        /// `Content-Length`, `Transfer-Encoding`, `Host`, `Connection`, `TE`, `Upgrade`,
        /// `Keep-Alive`, `Proxy-Connection`) was set, or `Proxy-Authorization`, which only a
        /// transport's proxy settings send (to the proxy alone).
        public static let reservedHeader = Kind("reservedHeader")
        /// The body could not be encoded.
        public static let bodyEncodingFailed = Kind("bodyEncodingFailed")
        /// A query or form value could not be written by the endpoint's ``FormEncoding``.
        public static let formEncodingFailed = Kind("formEncodingFailed")
        /// A file to stream as a body is missing, unreadable, or changed length before sending.
        public static let bodyFileUnreadable = Kind("bodyFileUnreadable")
        /// The block declared more than one ``ResponseValidation``.
        public static let multipleValidations = Kind("multipleValidations")
        /// The block declared more than one ``SuccessStatus``, or one that is not 2xx.
        public static let invalidSuccessStatus = Kind("invalidSuccessStatus")
        /// Credentials cannot be sent as given, for example a Basic username with a colon.
        public static let invalidCredentials = Kind("invalidCredentials")
        /// A ``CatalogEndpoint`` cannot be recovered from a request: one of its properties does
        /// not appear in the request, appears twice, or changes its shape.
        public static let unparseableEndpoint = Kind("unparseableEndpoint")
        /// The base URL is not an absolute http(s) URL without userinfo, query or fragment.
        public static let invalidBaseURL = Kind("invalidBaseURL")
        /// An event stream would reconnect by sending a request that is not idempotent (a `POST`
        /// without an `Idempotency-Key`) again, and its ``EventStreamReconnection`` does not allow
        /// it with ``EventStreamReconnection/resendsNonIdempotentRequests``.
        public static let nonIdempotentReconnection = Kind("nonIdempotentReconnection")

        // MARK: Middleware

        /// A middleware threw an error that was not a `CourierError`.
        public static let middlewareFailed = Kind("middlewareFailed")
        /// Credentials could not be obtained or refreshed (the token provider failed).
        public static let authenticationFailed = Kind("authenticationFailed")
        /// The response status is outside the accepted ranges of a ``ResponseValidation``, or is
        /// not one an ``EventStream`` is read from (`200 OK`, or the endpoint's ``SuccessStatus``).
        public static let unacceptableStatus = Kind("unacceptableStatus")
        /// The response body's content type is not one a ``ResponseValidation`` accepts, or not
        /// `text/event-stream` for an ``EventStream``.
        public static let unacceptableContentType = Kind("unacceptableContentType")

        // MARK: Transport

        /// The request took longer than its timeout.
        public static let timedOut = Kind("timedOut")
        /// The request was cancelled (task cancellation or `URLError.cancelled`).
        public static let cancelled = Kind("cancelled")
        /// The connection closed or was reset before a response arrived.
        public static let connectionLost = Kind("connectionLost")
        /// The connection closed or was reset after the response began, before its whole body
        /// arrived; a truncated body is never delivered as a success.
        public static let truncatedResponse = Kind("truncatedResponse")
        /// No connection could be made to the server.
        public static let cannotConnect = Kind("cannotConnect")
        /// The response body was larger than the configured limit.
        public static let responseTooLarge = Kind("responseTooLarge")
        /// More redirects than the limit, or a redirect cycle.
        public static let tooManyRedirects = Kind("tooManyRedirects")
        /// A redirect pointed to a URL Courier will not follow (not http or https, or malformed).
        public static let unsupportedRedirect = Kind("unsupportedRedirect")
        /// The server's response could not be read as HTTP, or its framing contradicts itself
        /// (for example two different `Content-Length` values).
        public static let invalidResponse = Kind("invalidResponse")
        /// The response's body is in a content coding the transport does not decode (one it does
        /// not know, or more stacked layers than it decodes; see ``ContentDecoding``). No body was
        /// delivered.
        public static let unsupportedContentCoding = Kind("unsupportedContentCoding")
        /// A ``CallOptions/configureURLRequest`` closure changed what Courier decides and checks:
        /// the URL, method, body or header fields. Nothing was sent.
        public static let urlRequestConfigurationRejected = Kind("urlRequestConfigurationRejected")
        /// A downloaded body could not be written to its destination file.
        public static let downloadFileUnwritable = Kind("downloadFileUnwritable")
        /// Any other transport failure; see ``CourierError/underlying``.
        public static let transportFailed = Kind("transportFailed")
        /// A streamed request body (``RequestBodyStream``) was asked for a second time, by a retry,
        /// a 307/308 redirect or a second send of the same request; its sequence can be read once,
        /// so nothing was sent again.
        public static let streamedBodyAlreadySent = Kind("streamedBodyAlreadySent")
        /// A streamed request body yielded more or fewer bytes than its declared length.
        public static let streamedBodyLengthMismatch = Kind("streamedBodyLengthMismatch")
        /// A streamed request body's sequence threw; the error is ``CourierError/underlying``.
        public static let streamedBodyFailed = Kind("streamedBodyFailed")
        /// The transport cannot send a streamed request body (``URLSessionTransport``); nothing
        /// was sent.
        public static let streamedBodyUnsupported = Kind("streamedBodyUnsupported")
        /// A streamed response body (``ResponseBodyStream``) was iterated a second time; it can be
        /// read once.
        public static let streamAlreadyRead = Kind("streamAlreadyRead")

        // MARK: TLS

        /// A ``TLSOptions`` value could not be built: PEM text without a block, base64 or DER that
        /// does not decode, an encrypted key, fewer than two public key pins.
        public static let invalidTLSOptions = Kind("invalidTLSOptions")
        /// The transport cannot honour a ``TLSOptions`` option the request carries; the message
        /// names it and what to use instead. Nothing was sent.
        public static let unsupportedTLSOption = Kind("unsupportedTLSOption")
        /// The server's certificate chain does not lead to a trusted root.
        public static let untrustedCertificate = Kind("untrustedCertificate")
        /// A certificate in the server's chain has expired or is not yet valid.
        public static let certificateExpired = Kind("certificateExpired")
        /// The server's certificate is not issued for the host name the request went to.
        public static let hostnameMismatch = Kind("hostnameMismatch")
        /// No public key in the server's chain matches ``TLSOptions/pinnedKeys``.
        public static let publicKeyPinMismatch = Kind("publicKeyPinMismatch")
        /// The server required a client certificate and none was sent, or it rejected the one sent.
        public static let clientCertificateRejected = Kind("clientCertificateRejected")
        /// The TLS handshake failed for another reason: no common protocol version or cipher, or
        /// a server that does not speak TLS.
        public static let tlsHandshakeFailed = Kind("tlsHandshakeFailed")

        /// Whether the kind is a failure to trust the server, or to be trusted by it: one that a
        /// second attempt cannot change, so ``RetryMiddleware`` never retries it.
        public var isTLSTrustFailure: Bool {
            switch self {
            case .untrustedCertificate, .certificateExpired, .hostnameMismatch, .publicKeyPinMismatch,
                .clientCertificateRejected:
                true
            default: false
            }
        }

        // MARK: Proxy

        /// A proxy setting cannot be used: an empty host, a port outside 1...65535, a proxy URL
        /// that does not parse or has a scheme the transport cannot speak, credentials Basic
        /// cannot carry, a proxy the transport would not use (a `connectionProxyDictionary` on
        /// Linux). Nothing was sent.
        public static let invalidProxy = Kind("invalidProxy")
        /// The proxy answered `407`: the credentials for it are missing or wrong. Nothing reached
        /// the server.
        public static let proxyAuthenticationFailed = Kind("proxyAuthenticationFailed")
        /// The proxy did not open a tunnel to the server: it refused the `CONNECT` (or the SOCKS
        /// request), or its handshake failed or outlasted the transport's own limit for it.
        /// Nothing reached the server. A proxy the transport reports as not connecting within the
        /// connect timeout is ``timedOut``.
        public static let proxyFailed = Kind("proxyFailed")

        // MARK: Status and decoding

        /// The status is neither a success nor documented by the endpoint's `Failure`.
        public static let undocumentedStatus = Kind("undocumentedStatus")
        /// The server answered `412 Precondition Failed`, which the endpoint does not document: a
        /// condition the request carried (`If-Match`, `If-Unmodified-Since`, …) no longer holds,
        /// usually because the resource changed since its validators were read. The current
        /// validators, when the server sent them, are in ``CourierError/response``.
        public static let preconditionFailed = Kind("preconditionFailed")
        /// The server answered `428 Precondition Required` (RFC 6585), which the endpoint does not
        /// document: it changes this resource only under a condition such as `If-Match`.
        public static let preconditionRequired = Kind("preconditionRequired")
        /// The server answered `304 Not Modified`, which the endpoint does not document: the
        /// representation still matches a validator the request sent (`If-None-Match`,
        /// `If-Modified-Since`), so the copy the caller holds is current. An
        /// ``HTTPCacheMiddleware`` answers its own revalidations and never shows this.
        public static let notModified = Kind("notModified")
        /// A call that may only be answered from storage (``CachePolicy/returnCachedOnly``, or a
        /// request's `Cache-Control: only-if-cached`) was not, and nothing was sent. When a cache
        /// found nothing usable stored, ``CourierError/response`` is the `504` it made
        /// (``CacheOutcome/unsatisfiable``), at the ``CourierError/Stage/status`` stage (or the
        /// ``CourierError/Stage/middleware`` one, through a ``ValidationMiddleware``). When no
        /// cache answered a ``CachePolicy/returnCachedOnly`` call (the client has no
        /// ``HTTPCacheMiddleware``, or the request is not one it stores), there is no response,
        /// and the stage is ``CourierError/Stage/transport``.
        public static let notCached = Kind("notCached")
        /// The body did not decode as the expected type.
        public static let decodingFailed = Kind("decodingFailed")
    }
}
