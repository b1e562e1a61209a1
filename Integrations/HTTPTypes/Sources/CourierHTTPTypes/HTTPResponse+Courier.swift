import Courier
import Foundation
import HTTPTypes

extension HTTPResponse {
    /// The swift-http-types response head for a response Courier received: status and header
    /// fields, each value without the spaces and tabs around it, which RFC 9112 §5 leaves out of a
    /// field's value and a transport may keep. The body stays in `response.body` (or its file or
    /// stream); the HTTP version is not part of an `HTTPResponse`.
    ///
    /// ```swift
    /// let head = try HTTPResponse(raw)
    /// ```
    ///
    /// - Throws: What ``HTTPTypes/HTTPResponse/Status/init(_:)`` and ``HTTPTypes/HTTPFields/init(_:)``
    ///   throw.
    public init(_ response: RawResponse) throws(CourierError) {
        let fields = response.headers.map { field in
            var field = field
            field.value = field.value.trimmingCharacters(in: Self.optionalWhitespace)
            return field
        }
        self.init(status: try Status(response.status), headerFields: try HTTPFields(HeaderFields(fields)))
    }

    /// HTTP's optional whitespace (RFC 9110 §5.6.3): spaces and horizontal tabs.
    private static let optionalWhitespace = CharacterSet(charactersIn: " \t")

    /// The swift-http-types response head that writes a catalog's answer; write `answer.body` as
    /// its body.
    ///
    /// ```swift
    /// let answer = try endpoint.answer(.success(todo))
    /// return (try HTTPResponse(answer), answer.body)
    /// ```
    ///
    /// - Throws: What ``HTTPTypes/HTTPResponse/Status/init(_:)`` and ``HTTPTypes/HTTPFields/init(_:)``
    ///   throw.
    public init(_ answer: CatalogAnswer) throws(CourierError) {
        self.init(status: try Status(answer.status), headerFields: try HTTPFields(answer.headers))
    }
}

extension RawResponse {
    /// The response as Courier decodes it, from a swift-http-types response head and its body
    /// bytes: what a ``Courier/Transport`` built on a swift-http-types client returns.
    ///
    /// ```swift
    /// let (head, bytes) = try await session.data(for: HTTPRequest(request))
    /// return try RawResponse(head, body: bytes, url: request.url)
    /// ```
    ///
    /// - Parameters:
    ///   - response: The status and header fields.
    ///   - body: The body bytes.
    ///   - url: The URL that produced the response.
    /// - Throws: What ``Courier/HTTPStatus/init(_:)`` and ``Courier/HeaderFields/init(_:)`` throw.
    public init(_ response: HTTPResponse, body: Data = Data(), url: URL? = nil) throws(CourierError) {
        self.init(
            status: try HTTPStatus(response.status), headers: try HeaderFields(response.headerFields),
            body: body,
            url: url)
    }
}
