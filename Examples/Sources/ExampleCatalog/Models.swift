import Courier

/// The profile `GET /json` returns: `{"id": 42, "name": "Ada"}`.
public struct Profile: Decodable, Sendable, Hashable {
    /// The profile's identifier.
    public let id: Int
    /// The display name.
    public let name: String

    /// Creates a profile.
    public init(id: Int, name: String) {
        self.id = id
        self.name = name
    }
}

/// The error body the server documents: `{"message": "error 404", "code": 404}`.
public struct APIError: Error, Decodable, Hashable {
    /// A sentence for people.
    public let message: String
    /// The status code, repeated in the body.
    public let code: Int?

    /// Creates an error body.
    public init(message: String, code: Int?) {
        self.message = message
        self.code = code
    }
}

/// A todo to create, sent as a JSON body.
public struct NewTodo: Codable, Sendable, Hashable {
    /// What to do.
    public let title: String
    /// Whether it is done already.
    public let done: Bool

    /// Creates a todo.
    public init(title: String, done: Bool = false) {
        self.title = title
        self.done = done
    }
}

/// What the echo route saw: the request exactly as it arrived at the server.
public struct Echo: Decodable, Sendable, Hashable {
    /// The method token.
    public let method: String
    /// The request target as sent: path and query, still percent-encoded.
    public let target: String
    /// The path part of the target.
    public let path: String
    /// The query part of the target, without `?` (empty when there is none).
    public let query: String
    /// The header fields as `[name, value]` pairs, in arrival order.
    public let headerPairs: [[String]]
    /// The body as UTF-8 text, or `nil` when it is not UTF-8.
    public let body: String?
    /// The body's length in bytes.
    public let bodyLength: Int

    /// The header fields, looked up case-insensitively: `echo.headers[.contentType]`.
    public var headers: HeaderFields {
        HeaderFields(
            headerPairs.compactMap { pair in
                guard pair.count == 2, let name = HeaderName(validating: pair[0]) else { return nil }
                return HeaderField(name: name, value: pair[1])
            }
        )
    }

    enum CodingKeys: String, CodingKey {
        case method, target, path, query, body
        case headerPairs = "headers"
        case bodyLength = "body_length"
    }
}

/// A todo filter sent as the whole query string: every stored property is a parameter.
public struct TodoFilter: Encodable, Sendable, Hashable {
    /// Only todos in this state.
    public enum State: String, Encodable, Sendable { case open, done }

    /// The state to match, or every state when `nil` (then the parameter is left out).
    public let state: State?
    /// Tags that must all be present.
    public let tags: [String]
    /// The page to return, from 1.
    public let pageNumber: Int

    /// Creates a filter.
    public init(state: State?, tags: [String], pageNumber: Int) {
        self.state = state
        self.tags = tags
        self.pageNumber = pageNumber
    }
}

/// What the loopback server's `/sink` route counted of a request body it discarded.
public struct SinkReport: Decodable, Sendable, Hashable {
    /// The bytes received.
    public let size: Int64
    /// Their SHA-256, as lowercase hex.
    public let sha256: String
    /// The `Content-Length` header the request carried, if any.
    public let contentLength: String?

    enum CodingKeys: String, CodingKey {
        case size, sha256
        case contentLength = "content_length"
    }
}
