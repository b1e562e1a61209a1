import Courier
import CourierHTTPTypes
import Foundation
import HTTPTypes
import OpenAPIRuntime

extension CourierClientTransport {
    /// The header fields Courier sets from the body and the transport, and refuses from an
    /// endpoint (``Courier/HeaderName/framing``); a generated request's values for them are left out.
    static let framingFields = HeaderName.framing

    /// Every status from 100 to 999: the generated client decides what a status means, so a
    /// ``Courier/ValidationMiddleware`` of the client lets every one through for this endpoint.
    static let everyStatus = ResponseValidation(statuses: [HTTPStatus(100)...HTTPStatus(999)])

    /// The Courier endpoint for a generated request: its method, the absolute URL of `baseURL`
    /// and its path, its header fields but the framing ones (its `Cookie` fields, which
    /// swift-http-types splits per cookie, joined into one as RFC 6265 sends them), and its body.
    ///
    /// - Throws: ``Courier/CourierError`` at the ``Courier/CourierError/Stage/building`` stage
    ///   when the URL cannot be formed or the body fails while it is read into memory; what
    ///   ``Courier/HeaderFields/init(_:)`` throws for a field Courier refuses.
    func endpoint(for request: HTTPRequest, body: HTTPBody?, baseURL: URL) async throws(CourierError)
        -> Endpoint<ResponseBodyStream, Never>
    {
        let url = try Self.url(baseURL: baseURL, target: request.path)
        try Self.checkOrigin(of: baseURL, against: client.baseURL)
        let fields = Self.joiningCookies(
            try HeaderFields(request.headerFields).filter { !Self.framingFields.contains($0.name) })
        let declaredType = request.headerFields[.contentType].flatMap(MediaType.init(validating:))
        let body = try await courierBody(body, contentType: declaredType ?? .octetStream)
        let method = Courier.HTTPMethod(request.method)
        return Endpoint {
            Method(method)
            AbsoluteURL(url)
            for field in fields {
                Header(field.name, field.value, isSecret: field.isSecret)
            }
            Self.everyStatus
            if let body {
                body
            }
        }
    }

    /// `fields` with every `Cookie` field joined into the first, separated by `; `: a client sends
    /// one `Cookie` field (RFC 6265 §5.4), and a repeated one would be joined with `, `, which
    /// reads as part of a cookie's value.
    static func joiningCookies(_ fields: [HeaderField]) -> [HeaderField] {
        var joined: [HeaderField] = []
        for field in fields {
            guard field.name == .cookie, let first = joined.firstIndex(where: { $0.name == .cookie }) else {
                joined.append(field)
                continue
            }
            joined[first].value += "; " + field.value
            joined[first].isSecret = joined[first].isSecret || field.isSecret
        }
        return joined
    }

    /// Refuses a server URL on another origin than the Courier client's base URL: a secret
    /// header (the generated client's `Authorization` as much as the client's defaults) would
    /// otherwise stay behind without a word, as for any ``Courier/AbsoluteURL``.
    ///
    /// - Throws: ``Courier/CourierError/Kind/invalidBaseURL`` naming both origins, or saying that
    ///   the server URL has a query or fragment, which no operation's path can follow.
    static func checkOrigin(of serverURL: URL, against base: BaseURL) throws(CourierError) {
        if serverURL.query != nil || serverURL.fragment != nil {
            throw CourierError(
                stage: .building, kind: .invalidBaseURL,
                message:
                    "The generated client's server URL has a query or fragment, which no operation's path can "
                    + "follow; give it one without, and a query every request carries to the Courier client "
                    + "(ClientDefaults.setQuery).")
        }
        let server = try BaseURL(serverURL)
        guard server.scheme == base.scheme, server.host == base.host,
            server.effectivePort == base.effectivePort
        else {
            throw CourierError(
                stage: .building, kind: .invalidBaseURL,
                message:
                    "The generated client's server \(server.origin) is not the Courier client's \(base.origin);"
                    + " give both the same server, so that no secret header is left behind or sent elsewhere."
            )
        }
    }

    /// `baseURL` followed by `target` (the path and query the generated client encoded), as one
    /// URL, the encoding kept: a `/` at the end of the base is not doubled.
    ///
    /// - Throws: ``Courier/CourierError/Kind/invalidBaseURL`` for a request without a path, or
    ///   one whose path does not start with `/`, and for a result that is not a URL;
    ///   ``Courier/CourierError/Kind/invalidPathSegment`` for a dot segment (`.` or `..`, also
    ///   percent-encoded), which a path value such as `..` becomes and which would climb out of
    ///   the path, as a Courier `Path` refuses it.
    static func url(baseURL: URL, target: String?) throws(CourierError) -> URL {
        guard let target, target.hasPrefix("/") else {
            throw CourierError(
                stage: .building, kind: .invalidBaseURL,
                message:
                    "The request's target \((target ?? "(none)").debugDescription) is not a path starting with '/'."
            )
        }
        let path = target.prefix { $0 != "?" && $0 != "#" }
        for segment in path.split(separator: "/", omittingEmptySubsequences: false) {
            let decoded = segment.removingPercentEncoding ?? String(segment)
            guard decoded != ".", decoded != ".." else {
                throw CourierError(
                    stage: .building, kind: .invalidPathSegment,
                    message:
                        "The request's path has the dot segment \(String(segment).debugDescription), which could "
                        + "climb out of the path; nothing was sent.")
            }
        }
        var base = baseURL.absoluteString
        if base.hasSuffix("/") { base.removeLast() }
        guard let url = URL(string: base + target) else {
            throw CourierError(
                stage: .building, kind: .invalidBaseURL,
                message: "The server URL followed by the request's path is not a URL.")
        }
        return url
    }

    /// The Courier body for a generated one: in memory, so that it can be sent again and over a
    /// transport that cannot stream, when it yields at most ``replayableBodyLimit`` bytes and
    /// can be iterated more than once (a multipart body's length is not known before) or says
    /// its length (read once, as a single iteration allows); otherwise streamed once. Over
    /// `URLSessionTransport`, which sends no streamed body, every body is held in memory,
    /// whatever its size: the generated client has no other way to send it.
    ///
    /// - Throws: ``Courier/CourierError/Kind/streamedBodyFailed`` when reading the body into
    ///   memory fails, ``Courier/CourierError/Kind/streamedBodyLengthMismatch`` when it yields
    ///   another number of bytes than its declared length.
    func courierBody(_ body: HTTPBody?, contentType: MediaType) async throws(CourierError) -> Body? {
        guard let body else { return nil }
        let knownLength: Int64? =
            switch body.length {
            case .known(let length): length
            case .unknown: nil
            }
        let streams = !(client.transport is URLSessionTransport)
        let fitsInMemory =
            !streams
            || (body.iterationBehavior == .multiple
                ? (knownLength ?? 0) <= Int64(replayableBodyLimit)
                : knownLength.map { $0 <= Int64(replayableBodyLimit) } ?? false)
        if fitsInMemory {
            let bytes = try await Self.bytes(of: body, upTo: streams ? replayableBodyLimit : .max)
            if let knownLength, Int64(bytes?.count ?? Int.max) != knownLength {
                let yielded = bytes.map { "\($0.count) bytes" } ?? "more bytes"
                throw CourierError(
                    stage: .building, kind: .streamedBodyLengthMismatch,
                    message:
                        "The request body yielded \(yielded), not its declared \(knownLength); nothing was sent."
                )
            }
            if let bytes { return Body.data(bytes, contentType: contentType) }
        }
        return Body.stream(HTTPBodyChunks(body: body), length: knownLength, contentType: contentType)
    }

    /// The bytes of one iteration of `body`, or `nil` once it yields more than `limit`.
    ///
    /// - Throws: ``Courier/CourierError/Kind/streamedBodyFailed`` when the body fails,
    ///   ``Courier/CourierError/Kind/cancelled`` when the task is cancelled meanwhile.
    static func bytes(of body: HTTPBody, upTo limit: Int) async throws(CourierError) -> Data? {
        var bytes = Data()
        var failure: (any Error)?
        do {
            for try await chunk in body {
                guard bytes.count + chunk.count <= limit else { return nil }
                bytes.append(contentsOf: chunk)
            }
        } catch {
            failure = error
        }
        // A sequence may end early, or fail, because the task was cancelled.
        if Task.isCancelled || failure is CancellationError {
            throw CourierError(
                stage: .building, kind: .cancelled,
                message: "The request was cancelled while its body was read into memory; nothing was sent.",
                underlying: CancellationError())
        }
        if let failure {
            throw CourierError(
                stage: .building, kind: .streamedBodyFailed,
                message: "The request body failed while it was read into memory; nothing was sent.",
                underlying: failure)
        }
        return bytes
    }
}
