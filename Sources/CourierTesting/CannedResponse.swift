import Courier
import Foundation

/// A response that ``StubTransport`` returns for one endpoint's request.
///
/// The request is built from the endpoint exactly as the client builds it, so a stub matches
/// only when the endpoint produces that method and URL:
///
/// ```swift
/// let transport = StubTransport([
///     try CannedResponse(for: API.user(42), baseURL: base, json: User(id: 42, name: "Ada")),
///     try CannedResponse(for: API.user(7), baseURL: base, status: .notFound, json: APIError(message: "gone")),
/// ])
/// ```
public struct CannedResponse: Sendable {
    /// The method the request must have.
    public let method: HTTPMethod
    /// The absolute URL the request must have.
    public let url: URL
    /// The status returned.
    public let status: HTTPStatus
    /// The headers returned.
    public let headers: HeaderFields
    /// The body returned.
    public let body: Data
    /// ``url`` as logs show the endpoint's request (``LogRedaction/url(of:baseURL:)``), for
    /// messages.
    private let shownURL: String

    /// A response with raw bytes for `endpoint` resolved against `baseURL`.
    public init(
        for endpoint: some EndpointRepresentable, baseURL: BaseURL, status: HTTPStatus = .ok,
        headers: HeaderFields = [], body: Data = Data()
    ) throws(CourierError) {
        let request = try endpoint.endpoint.request()
        self.method = request.method
        self.url = try baseURL.url(for: request)
        self.shownURL = LogRedaction().url(of: request, baseURL: baseURL)
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// A response whose body is `value` encoded as JSON, with `Content-Type: application/json`.
    public init(
        for endpoint: some EndpointRepresentable, baseURL: BaseURL, status: HTTPStatus = .ok,
        json value: some Encodable, encoder: JSONEncoder = .courierDefault()
    ) throws {
        try self.init(
            for: endpoint, baseURL: baseURL, status: status,
            headers: [HeaderField(name: .contentType, value: MediaType.json.rawValue)],
            body: encoder.encode(value)
        )
    }

    func matches(_ request: TransportRequest) -> Bool {
        guard request.method == method,
            request.url.path(percentEncoded: true) == url.path(percentEncoded: true)
        else { return false }
        var sent = Self.queryPairs(of: request.url)
        for pair in Self.queryPairs(of: url) {
            guard let index = sent.firstIndex(of: pair) else { return false }
            sent.remove(at: index)
        }
        return true
    }

    private static func queryPairs(of url: URL) -> [Substring] {
        (url.query(percentEncoded: true) ?? "").split(separator: "&")
    }

    /// The method and URL, with the endpoint's secrets as `<redacted>`.
    var requestLine: String { "\(method) \(shownURL)" }
}
