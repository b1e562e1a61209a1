import Foundation

/// A request as a server received it: method, target, headers and body, before any routing.
///
/// ```swift
/// let incoming = IncomingRequest(method: .get, target: "/todos/7?include=tags")
/// let todo = try GetTodo.parse(incoming)
/// ```
public struct IncomingRequest: Sendable, Hashable {
    /// The method.
    public let method: HTTPMethod
    /// The request target as received: the percent-encoded path and, after `?`, the query.
    public let target: String
    /// The header fields.
    public let headers: HeaderFields
    /// The body bytes (empty when there were none).
    public let body: Data

    /// Creates a request.
    ///
    /// - Parameters:
    ///   - method: The method.
    ///   - target: The percent-encoded path, optionally with `?` and a query.
    ///   - headers: The header fields.
    ///   - body: The body bytes.
    public init(method: HTTPMethod, target: String, headers: HeaderFields = [], body: Data = Data()) {
        self.method = method
        self.target = target
        self.headers = headers
        self.body = body
    }

    /// The request without its `Content-Encoding` fields when every coding they name is one of
    /// `decoded`: what a server's middleware before the catalog already decoded, while keeping
    /// the field (Hummingbird's `RequestDecompressionMiddleware`, NIO's request decompressor).
    ///
    /// ```swift
    /// let incoming = received.withoutContentCodings(["gzip", "deflate"])
    /// ```
    ///
    /// - Parameter decoded: The codings already decoded, in any case.
    public func withoutContentCodings(_ decoded: Set<String>) -> IncomingRequest {
        let codings = contentCodings
        let names = Set(decoded.map { $0.lowercased() })
        guard !codings.isEmpty, codings.allSatisfy(names.contains) else { return self }
        var headers = headers
        headers.removeAll(named: .contentEncoding)
        return IncomingRequest(method: method, target: target, headers: headers, body: body)
    }

    /// The content codings `Content-Encoding` says the body carries, lowercased, without
    /// `identity`.
    var contentCodings: [String] {
        ContentDecoding.listedCodings(in: headers).filter { !$0.isEmpty && $0 != "identity" }
    }

    /// The request a client would send for `request`, as a server would receive it; in-memory
    /// bodies only (a body streamed from files is read).
    public init(_ request: EndpointRequest) throws {
        self.init(
            method: request.method, target: request.percentEncodedTarget, headers: request.headers,
            body: try request.body?.collectData() ?? Data())
    }

    /// The path segments, percent-decoded; `nil` when one is not valid percent-encoded UTF-8.
    /// Every slash after the first starts a segment, empty ones included: `/users/` is `users`
    /// and an empty segment, as an ``EndpointRequest`` declared with `Path("users/")` sends it,
    /// and `//users` is an empty segment and `users`, which no endpoint declaring `users` alone
    /// matches. `/` is no segment at all.
    var pathSegments: [String]? {
        let path = Self.split(target[...], at: "?", maxSplits: 1).first ?? ""
        var pieces = Self.split(path, at: "/")
        if pieces.first?.isEmpty == true { pieces.removeFirst() }
        if pieces == [""] { pieces = [] }
        var segments: [String] = []
        for piece in pieces {
            guard let segment = PercentEncoding.decode(piece) else { return nil }
            segments.append(segment)
        }
        return segments
    }

    /// The query items, percent-decoded, in order (``pairs(_:)``).
    var queryItems: [QueryItem]? {
        let parts = Self.split(target[...], at: "?", maxSplits: 1)
        guard parts.count == 2 else { return [] }
        return Self.pairs(parts[1])
    }

    /// The pairs of a query or an `application/x-www-form-urlencoded` body, percent-decoded, in
    /// order; `nil` when one is not valid percent-encoded UTF-8. A `+` is a space, as HTML forms,
    /// the URL Standard's `URLSearchParams` and server frameworks read a query; Courier itself
    /// always sends a plus sign as `%2B` and a space as `%20`.
    static func pairs(_ text: Substring) -> [QueryItem]? {
        var items: [QueryItem] = []
        for pair in split(text, at: "&") where !pair.isEmpty {
            let halves = split(pair, at: "=", maxSplits: 1)
            func decoded(_ text: Substring) -> String? {
                let spaced = text.utf8.map { $0 == UInt8(ascii: "+") ? UInt8(ascii: " ") : $0 }
                return PercentEncoding.decode(String(decoding: spaced, as: UTF8.self))
            }
            guard let name = decoded(halves[0]), let value = decoded(halves.count > 1 ? halves[1] : "")
            else { return nil }
            items.append(QueryItem(name: name, value: value))
        }
        return items
    }

    /// `text` split at each `separator`, empty pieces kept. Found by its byte, as URL and form
    /// parsers read code points: a combining mark after a separator does not hide it, as it would
    /// from a split by `Character`.
    private static func split(_ text: Substring, at separator: Unicode.Scalar, maxSplits: Int = .max)
        -> [Substring]
    {
        text.utf8.split(
            separator: UInt8(ascii: separator), maxSplits: maxSplits, omittingEmptySubsequences: false
        )
        .map { Substring($0) }
    }
}
