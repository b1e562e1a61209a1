/// The `url.template` of OpenTelemetry's conventions, from a Courier endpoint template.
enum URLTemplate {
    /// The absolute path template of a request: the base URL's path (the request path's segments
    /// before the template's, each path argument being one segment), then the template's path,
    /// without its method and query (`GET /todos/{id}?q` sent as `/v1/todos/7` is `/v1/todos/{id}`).
    static func path(ofTemplate template: String?, requestPath: String) -> String? {
        guard let template else { return nil }
        let afterMethod = template.drop { $0 != " " }.dropFirst()
        let templatePath = afterMethod.prefix { $0 != "?" }
        guard templatePath.first == "/" else { return nil }
        let templateSegments = templatePath.split(separator: "/", omittingEmptySubsequences: false)
            .dropFirst()
        let requestSegments = requestPath.split(separator: "/", omittingEmptySubsequences: false).dropFirst()
        let baseSegments = requestSegments.dropLast(templateSegments.count)
        guard !baseSegments.isEmpty, requestSegments.count > templateSegments.count else {
            return String(templatePath)
        }
        return "/" + (baseSegments + templateSegments).joined(separator: "/")
    }
}
