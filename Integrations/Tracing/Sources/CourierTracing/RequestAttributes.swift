import Courier
import Tracing

/// What a span knows of a request before it is sent: its name and first attributes.
struct RequestAttributes {
    let method: String
    let isKnownMethod: Bool
    /// `url.full`: the URL with every secret as `REDACTED`.
    let url: String
    let scheme: String
    let host: String
    let port: Int
    let template: String?

    /// The attributes of `request`, sent from a client at `baseURL`: the server is the one the
    /// request reaches, an absolute URL's own.
    init(request: EndpointRequest, baseURL: BaseURL, redaction: LogRedaction, knownMethods: Set<String>) {
        method = request.method.description
        isKnownMethod = knownMethods.contains(method)
        url = redaction.url(of: request, baseURL: baseURL).replacingOccurrences(
            of: "<redacted>", with: "REDACTED")
        let server = baseURL.resolvingBase(for: request)
        scheme = server.scheme
        host = server.host
        port = server.effectivePort
        template = server.urlTemplate(for: request)
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
