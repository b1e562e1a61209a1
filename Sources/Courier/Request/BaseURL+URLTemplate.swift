extension BaseURL {
    /// The absolute path template of `request`, as OpenTelemetry's `url.template` names it: this
    /// base's path, then the path of the request's endpoint template, without method and query;
    /// `nil` for a request without a template (one not sent for a ``CatalogEndpoint``), and for
    /// one sent to an absolute URL (a per-call ``CallOptions/url``): its path is the URL's, sent
    /// as given, which no template describes and whose values (a page cursor, a file's id) would
    /// make the number of series unbounded.
    ///
    /// A metric or span can carry it where the URL's unbounded values must not go:
    ///
    /// ```swift
    /// // `GET /todos/{id}?q` sent to `https://api.example.com/v1/todos/7?q=milk`
    /// BaseURL("api.example.com/v1").urlTemplate(for: request)  // "/v1/todos/{id}"
    /// ```
    public func urlTemplate(for request: EndpointRequest) -> String? {
        guard request.absoluteTarget == nil else { return nil }
        return Self.urlTemplate(ofTemplate: request.template, basePath: percentEncodedPathSegments)
    }

    /// The base path's segments, then the path of `template` (`GET /todos/{id}?q`), without its
    /// method and query; `nil` when `template` is `nil` or has no path.
    static func urlTemplate(ofTemplate template: String?, basePath: [String]) -> String? {
        guard let template else { return nil }
        let templatePath = template.drop { $0 != " " }.dropFirst().prefix { $0 != "?" }
        guard templatePath.first == "/" else { return nil }
        guard !basePath.isEmpty else { return String(templatePath) }
        let base = "/" + basePath.joined(separator: "/")
        return templatePath == "/" ? base : base + templatePath
    }
}
