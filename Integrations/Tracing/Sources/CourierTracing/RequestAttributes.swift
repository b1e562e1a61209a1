import Courier
import Tracing

/// What a span knows of a request before it is sent: its name and first attributes.
struct RequestAttributes {
    /// The methods OpenTelemetry's conventions name; any other is `_OTHER`.
    static let knownMethods: Set<String> = [
        "CONNECT", "DELETE", "GET", "HEAD", "OPTIONS", "PATCH", "POST", "PUT", "QUERY", "TRACE",
    ]

    let method: String
    let isKnownMethod: Bool
    /// `url.full`: the URL with every secret as `REDACTED`.
    let url: String
    let scheme: String
    let host: String
    let port: Int
    let template: String?

    init(request: EndpointRequest, baseURL: BaseURL, redaction: LogRedaction) {
        method = request.method.description
        isKnownMethod = Self.knownMethods.contains(method)
        url = redaction.url(of: request, baseURL: baseURL).replacingOccurrences(
            of: "<redacted>", with: "REDACTED")
        scheme = baseURL.scheme
        host = baseURL.host
        port = baseURL.effectivePort
        template = baseURL.urlTemplate(for: request)
    }

    /// `GET /todos/{id}` with a template, `GET` without, `HTTP` for a method the conventions do
    /// not name.
    var spanName: String {
        let name = isKnownMethod ? method : "HTTP"
        return template.map { "\(name) \($0)" } ?? name
    }

    /// Sets the request's attributes, keeping any others.
    func add(to attributes: inout SpanAttributes) {
        attributes["http.request.method"] = isKnownMethod ? method : "_OTHER"
        if !isKnownMethod { attributes["http.request.method_original"] = method }
        attributes["url.full"] = url
        attributes["server.address"] = host
        attributes["server.port"] = port
        attributes["url.scheme"] = scheme
        if let template { attributes["url.template"] = template }
    }
}
