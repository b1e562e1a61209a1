import Courier
import Foundation

/// A request as stable, redacted text, checked against a golden `.http` file next to the test.
///
/// The first run records the file and throws, so a human reads it before it becomes the
/// reference; later runs throw a line diff when the request changes.
///
/// ```swift
/// @Test func createTodo() throws {
///     let request = try API.createTodo(title: "Write").request()
///     try RequestSnapshot(request, baseURL: base).verify(named: "create-todo")
/// }
/// ```
///
/// How the text is made stable, and how to re-record: "Golden request snapshots" in Courier's
/// article Testing without the network.
public struct RequestSnapshot: Sendable, Hashable, CustomStringConvertible {
    /// What replaces a multipart body's boundary in the text, so a random boundary is stable.
    public static let boundaryPlaceholder = "courier-snapshot-boundary"

    /// The canonical text: lines end in `LF`, secrets are redacted, a multipart boundary reads
    /// ``boundaryPlaceholder``.
    public let text: String

    /// The snapshot of `request` resolved against `baseURL`.
    ///
    /// `Content-Length` stays the length of the bytes sent; a generated boundary always has 56
    /// characters, so it is stable too. Body bytes that are not UTF-8 read
    /// `<N bytes of binary data>`; in a multipart body only the binary part's content does, so the
    /// other parts and every part's headers stay readable.
    ///
    /// - Parameters:
    ///   - request: The request to describe.
    ///   - baseURL: The base URL that gives the request its `Host` and path prefix.
    public init(_ request: EndpointRequest, baseURL: BaseURL) throws(CourierError) {
        let http = try request.http1Text(baseURL: baseURL)
        guard let boundary = Self.multipartBoundary(of: request), let body = request.body else {
            text = Self.lineFeeds(http)
            return
        }
        let head = http.range(of: "\r\n\r\n").map { String(http[..<$0.upperBound]) } ?? http
        let delimiter = "--" + boundary
        let placeholder = "--" + Self.boundaryPlaceholder
        let stableHead = head.replacingOccurrences(
            of: "boundary=" + boundary, with: "boundary=" + Self.boundaryPlaceholder
        ).replacingOccurrences(
            of: "boundary=\"" + boundary + "\"", with: "boundary=\"" + Self.boundaryPlaceholder + "\"")
        let stableBody = Self.multipartText(body, delimiter: delimiter)
            .replacingOccurrences(of: delimiter, with: placeholder)
        text = Self.lineFeeds(stableHead + stableBody)
    }

    /// The snapshot of the request `endpoint` builds, resolved against `baseURL`.
    ///
    /// - Parameters:
    ///   - endpoint: The endpoint whose request to describe, built with its default encoders.
    ///   - baseURL: The base URL that gives the request its `Host` and path prefix.
    public init(_ endpoint: some EndpointRepresentable, baseURL: BaseURL) throws(CourierError) {
        try self.init(endpoint.endpoint.request(), baseURL: baseURL)
    }

    /// The canonical text.
    public var description: String { text }

    /// The boundary parameter of the request's multipart `Content-Type`, if it has one.
    static func multipartBoundary(of request: EndpointRequest) -> String? {
        let declared = request.headers[.contentType].flatMap(MediaType.init(headerValue:))
        guard let type = declared ?? request.body?.contentType, type.essence.hasPrefix("multipart/"),
            let boundary = type.parameter("boundary"), !boundary.isEmpty
        else { return nil }
        return boundary
    }

    /// `text` with every `CRLF` turned into `LF`.
    static func lineFeeds(_ text: String) -> String {
        text.replacingOccurrences(of: "\r\n", with: "\n")
    }

    /// The body as text, each multipart part on its own: UTF-8 as it is, other content as a size.
    private static func multipartText(_ body: RequestBody, delimiter: String) -> String {
        body.segments.map { segment in
            switch segment {
            case .data(let data): partsText(data, delimiter: Data(delimiter.utf8))
            case .file(let url, let length): "<file \(url.lastPathComponent): \(length) bytes>"
            }
        }.joined()
    }

    /// In-memory multipart bytes as text; a part's content that is not UTF-8 reads as its size.
    private static func partsText(_ data: Data, delimiter: Data) -> String {
        if let text = String(data: data, encoding: .utf8) { return text }
        var pieces: [Data] = []
        var rest = data[...]
        while let found = rest.range(of: delimiter) {
            pieces.append(Data(rest[..<found.lowerBound]))
            rest = rest[found.upperBound...]
        }
        pieces.append(Data(rest))
        let separator = String(decoding: delimiter, as: UTF8.self)
        return pieces.map { piece in
            if let text = String(data: piece, encoding: .utf8) { return text }
            let blankLine = Data("\r\n\r\n".utf8)
            guard let end = piece.range(of: blankLine) else { return binary(piece.count) }
            let headers = String(decoding: piece[..<end.upperBound], as: UTF8.self)
            var content = piece[end.upperBound...]
            var trailer = ""
            if content.suffix(2) == Data("\r\n".utf8) {
                content = content.dropLast(2)
                trailer = "\r\n"
            }
            return headers + binary(content.count) + trailer
        }.joined(separator: separator)
    }

    private static func binary(_ count: Int) -> String {
        "<\(count) bytes of binary data>"
    }
}
