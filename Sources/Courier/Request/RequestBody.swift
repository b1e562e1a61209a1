import Foundation

/// The bytes of a request body and their media type.
public struct RequestBody: Sendable, Hashable {
    /// The encoded bytes.
    public let data: Data
    /// The media type the body declares; sent as `Content-Type` unless the endpoint sets one.
    public let contentType: MediaType

    /// Creates a body.
    public init(data: Data, contentType: MediaType) {
        self.data = data
        self.contentType = contentType
    }
}
