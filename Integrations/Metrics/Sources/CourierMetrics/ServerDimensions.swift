import Courier

/// The dimensions every value has: the method as the conventions name it, and where it was sent.
struct ServerDimensions {
    var method: HTTPMethod
    var scheme: String
    var host: String
    var port: Int
    /// The methods named as they are; any other is `_OTHER`.
    var knownMethods: Set<String>

    var dimensions: [(String, String)] {
        let name = method.description
        return [
            ("http.request.method", knownMethods.contains(name) ? name : "_OTHER"),
            ("server.address", host),
            ("server.port", String(port)),
            ("url.scheme", scheme),
        ]
    }

    /// The dimensions of `http.client.active_requests`: these, then `url.template` when there is
    /// one (the conventions require it there "if available").
    func inFlightDimensions(urlTemplate: String?) -> [(String, String)] {
        guard let urlTemplate else { return dimensions }
        return dimensions + [("url.template", urlTemplate)]
    }
}
