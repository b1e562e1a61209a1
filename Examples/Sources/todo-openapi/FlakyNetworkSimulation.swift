import Courier

/// Simulates a flaky network for the demonstration: the first attempt of each `GET` whose path
/// ends with `pathSuffix` is answered `503 Service Unavailable` here, without reaching the server,
/// so that the `RetryMiddleware` above it has something to retry. Every other attempt is passed on.
///
/// Not a pattern for real clients: it exists so that `todo-openapi` shows a retry.
struct FlakyNetworkSimulation: Middleware {
    /// The path ending of the `GET` requests whose first attempt fails.
    let pathSuffix: String
    /// How many attempts it failed, shared by its copies.
    let failures = Failures()

    func intercept(_ request: EndpointRequest, baseURL: BaseURL, next: Next) async throws -> RawResponse {
        let target = request.absoluteURL?.path(percentEncoded: true) ?? request.percentEncodedPath
        guard request.method == .get, target.hasSuffix(pathSuffix), await failures.failFirst(target) else {
            return try await next(request, baseURL)
        }
        return RawResponse(status: .serviceUnavailable, headers: [HeaderField(name: .retryAfter, value: "0")])
    }

    /// The paths failed so far.
    actor Failures {
        private(set) var paths: [String] = []

        /// Whether `path` fails now: only the first time it is asked for.
        func failFirst(_ path: String) -> Bool {
            guard !paths.contains(path) else { return false }
            paths.append(path)
            return true
        }
    }
}
