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
        -> (endpoint: Endpoint<ResponseBodyStream, Never>, spooled: URL?)
    {
        let url = try Self.url(baseURL: baseURL, target: request.path)
        try Self.checkOrigin(of: baseURL, against: client.baseURL)
        let fields = Self.joiningCookies(
            try HeaderFields(request.headerFields).filter { !Self.framingFields.contains($0.name) })
        let declaredType = request.headerFields[.contentType].flatMap(MediaType.init(validating:))
        let held = try await courierBody(body, contentType: declaredType ?? .octetStream)
        let method = Courier.HTTPMethod(request.method)
        let endpoint = Endpoint<ResponseBodyStream, Never> {
            Method(method)
            AbsoluteURL(url)
            for field in fields {
                Header(field.name, field.value, isSecret: field.isSecret)
            }
            Self.everyStatus
            if let body = held?.body {
                body
            }
        }
        return (endpoint, held?.spooled)
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

    /// The Courier body for a generated one, and the temporary file it was written to, if any,
    /// which the call removes when it ends.
    ///
    /// In memory, so that it can be sent again and over a transport that cannot stream, when it
    /// yields at most ``replayableBodyLimit`` bytes and can be iterated more than once (a
    /// multipart body's length is not known before) or says its length (read once, as a single
    /// iteration allows); otherwise streamed once. `URLSessionTransport` sends no body streamed
    /// from a sequence: there a body past the limit is written to a temporary file, readable by
    /// its owner only, and sent from it.
    ///
    /// - Throws: ``Courier/CourierError/Kind/streamedBodyFailed`` when reading the body fails or
    ///   its temporary file cannot be written, ``Courier/CourierError/Kind/streamedBodyLengthMismatch``
    ///   when it yields another number of bytes than its declared length.
    func courierBody(_ body: HTTPBody?, contentType: MediaType) async throws(CourierError)
        -> (body: Body, spooled: URL?)?
    {
        guard let body else { return nil }
        let knownLength: Int64? =
            switch body.length {
            case .known(let length): length
            case .unknown: nil
            }
        let streamed = Body.stream(HTTPBodyChunks(body: body), length: knownLength, contentType: contentType)
        let transportStreams = !(client.transport is URLSessionTransport)
        let heldInMemory =
            body.iterationBehavior == .multiple
            ? (knownLength ?? 0) <= Int64(replayableBodyLimit)
            : knownLength.map { $0 <= Int64(replayableBodyLimit) } ?? false
        guard heldInMemory || !transportStreams else { return (streamed, nil) }
        let collected = try await Self.collect(body, upTo: replayableBodyLimit, spilling: !transportStreams)
        if let knownLength, collected?.length != knownLength {
            if case .file(let url, _) = collected { try? FileManager.default.removeItem(at: url) }
            let yielded = collected.map { "\($0.length) bytes" } ?? "more bytes"
            throw CourierError(
                stage: .building, kind: .streamedBodyLengthMismatch,
                message:
                    "The request body yielded \(yielded), not its declared \(knownLength); nothing was sent.")
        }
        switch collected {
        case .data(let bytes): return (Body.data(bytes, contentType: contentType), nil)
        case .file(let url, _): return (Body.file(url, contentType: contentType), url)
        // Past the limit, and it can be read again: streamed anew.
        case nil: return (streamed, nil)
        }
    }

    /// One iteration of a generated body: its bytes, or the temporary file they were written to.
    enum Collected {
        case data(Data)
        case file(URL, length: Int64)

        var length: Int64 {
            switch self {
            case .data(let bytes): Int64(bytes.count)
            case .file(_, let length): length
            }
        }
    }

    /// One iteration of `body`: in memory up to `limit` bytes; past it, in a temporary file when
    /// `spilling`, else `nil`.
    ///
    /// - Throws: ``Courier/CourierError/Kind/streamedBodyFailed`` when the body fails or the file
    ///   cannot be written (the file is removed then), ``Courier/CourierError/Kind/cancelled``
    ///   when the task is cancelled meanwhile.
    static func collect(_ body: HTTPBody, upTo limit: Int, spilling: Bool) async throws(CourierError)
        -> Collected?
    {
        var bytes = Data()
        var spool: Spool?
        var failure: (any Error)?
        do {
            for try await chunk in body {
                if spool == nil, bytes.count + chunk.count > limit {
                    guard spilling else { return nil }
                    spool = try Spool(starting: bytes)
                    bytes = Data()
                }
                if let spool { try spool.write(Data(chunk)) } else { bytes.append(contentsOf: chunk) }
            }
        } catch {
            failure = error
        }
        let written = spool?.close()
        // A sequence may end early, or fail, because the task was cancelled.
        if Task.isCancelled || failure is CancellationError {
            spool?.remove()
            throw CourierError(
                stage: .building, kind: .cancelled,
                message: "The request was cancelled while its body was read; nothing was sent.",
                underlying: CancellationError())
        }
        if let failure {
            spool?.remove()
            throw failure as? CourierError
                ?? CourierError(
                    stage: .building, kind: .streamedBodyFailed,
                    message: "The request body failed while it was read; nothing was sent.",
                    underlying: failure)
        }
        if let spool, let written { return .file(spool.url, length: written) }
        return .data(bytes)
    }

    /// A temporary file a body is written to, readable by its owner only.
    final class Spool {
        let url: URL
        private let handle: FileHandle
        private var length: Int64 = 0

        /// Creates the file with `bytes` in it.
        ///
        /// - Throws: ``Courier/CourierError/Kind/streamedBodyFailed`` when it cannot be created or
        ///   written (nothing is left behind then).
        init(starting bytes: Data) throws(CourierError) {
            let url = FileManager.default.temporaryDirectory
                .appendingPathComponent("courier-openapi-body-\(UUID().uuidString)")
            // Mode 0600 as it is created: `FileManager.createFile` sets a mode only after the
            // file exists, readable by others in between.
            let descriptor = url.withUnsafeFileSystemRepresentation { path -> Int32 in
                guard let path else { return -1 }
                return open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
            }
            guard descriptor >= 0 else {
                throw CourierError(
                    stage: .building, kind: .streamedBodyFailed,
                    message:
                        "The request body could not be written to a temporary file in "
                        + "\(FileManager.default.temporaryDirectory.path), which URLSessionTransport sends it from; "
                        + "nothing was sent.")
            }
            self.url = url
            self.handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
            do {
                try write(bytes)
            } catch {
                _ = close()
                remove()
                throw error
            }
        }

        /// Appends `bytes`.
        ///
        /// - Throws: ``Courier/CourierError/Kind/streamedBodyFailed`` when they cannot be written.
        func write(_ bytes: Data) throws(CourierError) {
            do {
                try handle.write(contentsOf: bytes)
            } catch {
                throw CourierError(
                    stage: .building, kind: .streamedBodyFailed,
                    message:
                        "The request body could not be written to its temporary file (\(error.localizedDescription)); "
                        + "nothing was sent.",
                    underlying: error)
            }
            length += Int64(bytes.count)
        }

        /// Closes the file and returns its length.
        func close() -> Int64 {
            try? handle.close()
            return length
        }

        /// Removes the file.
        func remove() {
            try? FileManager.default.removeItem(at: url)
        }
    }
}
