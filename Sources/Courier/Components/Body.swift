import Foundation

/// Declares the request body inside an endpoint block.
///
/// ```swift
/// Body.json(newTodo)                                // client's encoder
/// Body.json(newTodo, encoder: snakeCaseEncoder)     // this endpoint's encoder
/// Body.data(png, contentType: MediaType("image/png"))
/// Body.text("hello")
/// ```
///
/// The body sets `Content-Type` unless the block also declares ``Header/contentType(_:)``.
/// The compiler rejects a body next to `Method.get` or `Method.head`, and a second body.
public struct Body: EndpointComponent {
    let source: BodySource

    /// The component as request parts.
    public var endpointParts: EndpointParts<EndpointState.NoMethod, EndpointState.HasBody> {
        EndpointParts([.body(source)])
    }

    /// A JSON body, encoded when the request is built with `encoder` or the client's encoder.
    ///
    /// An encoding failure is reported as ``CourierError/Kind/bodyEncodingFailed``.
    public static func json(_ value: some Encodable & Sendable, encoder: JSONEncoder? = nil) -> Body {
        Body(source: .json(JSONPayload(value: value, encoder: encoder)))
    }

    /// Raw bytes with their content type.
    public static func data(_ data: Data, contentType: MediaType = .octetStream) -> Body {
        Body(source: .bytes(data, contentType))
    }

    /// UTF-8 text, sent as `text/plain; charset=utf-8` unless another type is given.
    public static func text(_ text: String, contentType: MediaType = .plainText) -> Body {
        Body(source: .bytes(Data(text.utf8), contentType))
    }
}
