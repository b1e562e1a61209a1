/// The `url.template` of OpenTelemetry's conventions, from a Courier endpoint template.
enum URLTemplate {
    /// The base URL's path, then the template's path without its method and query
    /// (`GET /todos/{id}?q` under `https://api.example.com/v1` is `/v1/todos/{id}`).
    static func path(ofTemplate template: String?, basePath: [String]) -> String? {
        guard let template else { return nil }
        let templatePath = template.drop { $0 != " " }.dropFirst().prefix { $0 != "?" }
        guard templatePath.first == "/" else { return nil }
        guard !basePath.isEmpty else { return String(templatePath) }
        let base = "/" + basePath.joined(separator: "/")
        return templatePath == "/" ? base : base + templatePath
    }
}
