import AsyncHTTPClient
import Courier
import NIOCore
import NIOFoundationCompat
import NIOHTTP1

extension TransportRequest {
    /// The `HTTPClientRequest` AsyncHTTPClient sends: the same method, URL and header fields, and
    /// the body with its known length, from memory or streamed from its files, or read from its
    /// sequence (chunked when its length is not declared).
    ///
    /// - Parameters:
    ///   - streamed: The reader of the body's ``RequestBody/stream``, taken once by the caller.
    ///   - outcome: Told how the reading of `streamed` ended.
    ///   - barrier: Holds each chunk of a streamed body back until the connection took the last.
    ///   - onChunk: Told how many body bytes were written so far, after each chunk of a streamed
    ///     body; `nil` sends an in-memory body of one chunk at most in one piece.
    func httpClientRequest(
        streamed: StreamedBodyReader? = nil, outcome: StreamedBodyOutcome? = nil, barrier: WriteBarrier,
        onChunk: (@Sendable (Int64) -> Void)?
    ) -> HTTPClientRequest {
        var request = HTTPClientRequest(url: url.absoluteString)
        request.method = NIOHTTP1.HTTPMethod(rawValue: method.rawValue)
        request.headers.reserveCapacity(headers.count)
        for field in headers {
            request.headers.add(name: field.name.rawValue, value: field.value)
        }
        if let streamed {
            request.body = .stream(
                StreamedBodyChunks(
                    reader: streamed, outcome: outcome ?? StreamedBodyOutcome(), barrier: barrier,
                    onChunk: onChunk ?? { _ in }),
                length: streamed.length.map { .known($0) } ?? .unknown)
        } else if let body {
            if let onChunk {
                request.body = .stream(
                    RequestBodyChunks(body: body, barrier: barrier, onChunk: onChunk),
                    length: .known(body.length))
            } else if RequestBodyChunks.fitsOneChunk(body), let data = body.data {
                request.body = .bytes(ByteBuffer(data: data))
            } else {
                request.body = .stream(
                    RequestBodyChunks(body: body, barrier: barrier, onChunk: { _ in }),
                    length: .known(body.length))
            }
        }
        return request
    }
}

extension HeaderFields {
    /// The fields of an AsyncHTTPClient response, in the order they arrived; a name that is not an
    /// RFC 9110 token is skipped.
    init(_ headers: HTTPHeaders) {
        var fields: [HeaderField] = []
        fields.reserveCapacity(headers.count)
        for (name, value) in headers {
            guard let name = HeaderName(validating: name) else { continue }
            fields.append(HeaderField(name: name, value: value))
        }
        self.init(fields)
    }
}
