import Foundation

/// Declares the request body inside an endpoint block.
///
/// ```swift
/// Body.json(newTodo)                                   // client's encoder
/// Body.json(newTodo, encoder: snakeCaseEncoder)        // this endpoint's encoder
/// Body.form(signIn)                                    // application/x-www-form-urlencoded
/// Body.data(png, contentType: MediaType("image/png"))
/// Body.text("hello")                                   // text/plain; charset=utf-8
/// Body.file(videoURL)                                  // streamed from disk
/// Body.stream(chunks, length: 4096)                    // read from an AsyncSequence, once
/// Body.multipart(.text("title", "Holiday"), .file("photo", photoURL))
/// ```
///
/// The body sets `Content-Type` unless the block also declares ``Header/contentType(_:)``.
/// The compiler rejects a body next to `Method.get` or `Method.head`, and a second body.
public struct Body: EndpointComponent {
    let source: BodySource

    /// The component as request parts.
    public var endpointParts: EndpointParts<EndpointState.NoMethod, EndpointState.HasBody> {
        EndpointParts(.body(source))
    }

    /// A JSON body, encoded when the request is built with `encoder` or the client's encoder.
    ///
    /// An encoding failure is reported as ``CourierError/Kind/bodyEncodingFailed``.
    public static func json(_ value: some Encodable & Sendable, encoder: JSONEncoder? = nil) -> Body {
        Body(source: .json(JSONPayload(value: EncodableBox(value), encoder: encoder)))
    }

    /// An `application/x-www-form-urlencoded` body from the stored properties of `value`, written
    /// by the endpoint's ``FormEncoding`` (arrays, nesting, dates, keys and spaces).
    ///
    /// A failure is reported as ``CourierError/Kind/formEncodingFailed``.
    public static func form(_ value: some Encodable & Sendable) -> Body {
        Body(source: .form(.value(EncodableBox(value))))
    }

    /// An `application/x-www-form-urlencoded` body from pairs, in order; names may repeat.
    public static func form(items: [QueryItem]) -> Body {
        Body(source: .form(.items(items)))
    }

    /// Raw bytes with their content type.
    public static func data(_ data: Data, contentType: MediaType = .octetStream) -> Body {
        Body(source: .bytes(data, contentType))
    }

    /// Text in the charset `contentType` names: UTF-8 when it names none (and `; charset=utf-8`
    /// is then sent), or US-ASCII, ISO-8859-1, UTF-16, UTF-16LE, UTF-16BE.
    ///
    /// A charset Courier does not know, or a character the charset cannot represent, is reported
    /// as ``CourierError/Kind/bodyEncodingFailed`` when the request is built; nothing is replaced
    /// or dropped.
    public static func text(_ text: String, contentType: MediaType = .plainText) -> Body {
        Body(source: .text(text, contentType))
    }

    /// A file streamed from disk while the request is sent, never loaded whole.
    ///
    /// Its length is read when the request is built, sent as `Content-Length`, and checked again
    /// before sending. A missing or unreadable file is ``CourierError/Kind/bodyFileUnreadable``.
    ///
    /// - Parameters:
    ///   - url: The file; it must exist and be readable when the request is built.
    ///   - contentType: The type; by default from the extension (``MediaType/init(fileURL:)``).
    public static func file(_ url: URL, contentType: MediaType? = nil) -> Body {
        Body(source: .file(url, contentType))
    }

    /// A body read from an `AsyncSequence` of `Data` while the request is sent, never collected.
    ///
    /// With a `length` the request carries `Content-Length`, and a sequence that yields more or
    /// fewer bytes fails the call as ``CourierError/Kind/streamedBodyLengthMismatch``; without one
    /// it is sent with `Transfer-Encoding: chunked`. An error the sequence throws fails the call as
    /// ``CourierError/Kind/streamedBodyFailed``, carrying that error.
    ///
    /// ```swift
    /// Body.stream(logLines, contentType: MediaType("application/x-ndjson"))
    /// ```
    ///
    /// A sequence is read once: the ``RequestBodyStream`` made here is shared by every request
    /// built from this `Body`, and sending one of them a second time (a retry, a 307/308 redirect,
    /// a second send) fails with ``CourierError/Kind/streamedBodyAlreadySent`` before anything is
    /// sent. So ``RetryMiddleware`` does not retry such a request, and ``AuthenticationMiddleware``
    /// returns its 401 as it is instead of sending it again with a new token. Declare the body
    /// with a fresh sequence for each send. Only transports that stream
    /// can send it: `AsyncHTTPClientTransport` does; ``URLSessionTransport`` fails with
    /// ``CourierError/Kind/streamedBodyUnsupported``. See <doc:StreamingResponses>.
    ///
    /// - Parameters:
    ///   - chunks: The bytes, in order.
    ///   - length: The number of bytes `chunks` yields, if known; a negative one is
    ///     ``CourierError/Kind/bodyEncodingFailed`` when the request is built.
    ///   - contentType: The body's type; `application/octet-stream` by default.
    public static func stream<Chunks: AsyncSequence & Sendable>(
        _ chunks: Chunks, length: Int64? = nil, contentType: MediaType = .octetStream
    ) -> Body where Chunks.Element == Data {
        Body(source: .stream(RequestBodyStream(unchecked: chunks, length: length), contentType))
    }

    /// A `multipart/form-data` body; file parts are streamed from disk.
    ///
    /// The body's `Content-Type` carries the boundary, so two builds of the same declaration
    /// differ unless you pass a `boundary`.
    ///
    /// - Parameters:
    ///   - parts: The parts, in order.
    ///   - boundary: A fixed boundary, for golden files and tests; by default a fresh one with
    ///     192 random bits. Either way it is checked not to occur in any in-memory part.
    public static func multipart(_ parts: MultipartPart..., boundary: String? = nil) -> Body {
        multipart(parts: parts, boundary: boundary)
    }

    /// A `multipart/form-data` body from an array of parts.
    public static func multipart(parts: [MultipartPart], boundary: String? = nil) -> Body {
        Body(source: .multipart(parts, boundary: boundary))
    }
}
