import Courier
import CourierHTTPTypes
import Foundation
import HTTPTypes
import OpenAPIRuntime

extension CourierClientTransport {
    /// The header fields Courier sets from the body and the transport, and refuses from an
    /// endpoint; a generated request's values for them are left out.
    static let framingFields: Set<HeaderName> = [.contentLength, .transferEncoding, .host, .connection]

    /// Every status from 100 to 999: the generated client decides what a status means, so a
    /// ``Courier/ValidationMiddleware`` of the client lets every one through for this endpoint.
    static let everyStatus = ResponseValidation(statuses: [HTTPStatus(100)...HTTPStatus(999)])

    /// The Courier endpoint for a generated request: its method, the absolute URL of `baseURL`
    /// and its path, its header fields but the framing ones, and its body.
    ///
    /// - Throws: ``Courier/CourierError`` at the ``Courier/CourierError/Stage/building`` stage
    ///   when the URL cannot be formed or the body fails while it is read into memory; what
    ///   ``Courier/HeaderFields/init(_:)`` throws for a field Courier refuses.
    func endpoint(for request: HTTPRequest, body: HTTPBody?, baseURL: URL) async throws(CourierError)
        -> Endpoint<ResponseBodyStream, Never>
    {
        let url = try Self.url(baseURL: baseURL, target: request.path)
        let fields = try HeaderFields(request.headerFields).filter { !Self.framingFields.contains($0.name) }
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

    /// `baseURL` followed by `target` (the path and query the generated client encoded), as one
    /// URL, the encoding kept: a `/` at the end of the base is not doubled.
    ///
    /// - Throws: ``Courier/CourierError/Kind/invalidBaseURL`` for a request without a path, or
    ///   one whose path does not start with `/`, and for a result that is not a URL.
    static func url(baseURL: URL, target: String?) throws(CourierError) -> URL {
        guard let target, target.hasPrefix("/") else {
            throw CourierError(
                stage: .building, kind: .invalidBaseURL,
                message:
                    "The request's target \((target ?? "(none)").debugDescription) is not a path starting with '/'."
            )
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

    /// The Courier body for a generated one: in memory, so that it can be sent again, when it
    /// can be iterated more than once and has a known length within ``replayableBodyLimit``;
    /// otherwise streamed once.
    ///
    /// - Throws: ``Courier/CourierError/Kind/streamedBodyFailed`` when reading the body into
    ///   memory fails or it yields more than its declared length,
    ///   ``Courier/CourierError/Kind/streamedBodyLengthMismatch`` when it yields less.
    func courierBody(_ body: HTTPBody?, contentType: MediaType) async throws(CourierError) -> Body? {
        guard let body else { return nil }
        let knownLength: Int64? =
            switch body.length {
            case .known(let length): length
            case .unknown: nil
            }
        guard body.iterationBehavior == .multiple, let length = knownLength,
            length <= Int64(replayableBodyLimit)
        else {
            return Body.stream(HTTPBodyChunks(body: body), length: knownLength, contentType: contentType)
        }
        let bytes: HTTPBody.ByteChunk
        do {
            bytes = try await HTTPBody.ByteChunk(collecting: body, upTo: Int(length))
        } catch {
            throw CourierError(
                stage: .building, kind: .streamedBodyFailed,
                message: "The request body failed while it was read into memory; nothing was sent.",
                underlying: error)
        }
        guard bytes.count == length else {
            throw CourierError(
                stage: .building, kind: .streamedBodyLengthMismatch,
                message:
                    "The request body yielded \(bytes.count) of its declared \(length) bytes; nothing was sent."
            )
        }
        return Body.data(Data(bytes), contentType: contentType)
    }
}
