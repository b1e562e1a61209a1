import Courier

/// The dimensions every value has: the method as the conventions name it, and where it was sent.
struct ServerDimensions {
    /// The methods OpenTelemetry's conventions name; any other is `_OTHER`, so that a client
    /// sending arbitrary methods cannot grow the number of series.
    static let knownMethods: Set<String> = [
        "CONNECT", "DELETE", "GET", "HEAD", "OPTIONS", "PATCH", "POST", "PUT", "QUERY", "TRACE",
    ]

    var method: HTTPMethod
    var scheme: String
    var host: String
    var port: Int

    var dimensions: [(String, String)] {
        let name = method.description
        return [
            ("http.request.method", Self.knownMethods.contains(name) ? name : "_OTHER"),
            ("server.address", host),
            ("server.port", String(port)),
            ("url.scheme", scheme),
        ]
    }
}
