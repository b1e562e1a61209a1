import Courier

/// What one request turned out to be, with a line describing the typed result.
struct Outcome {
    let isExpected: Bool
    let summary: String

    static func expected(_ summary: String) -> Outcome {
        Outcome(isExpected: true, summary: summary)
    }

    static func unexpected(_ summary: String) -> Outcome {
        Outcome(isExpected: false, summary: summary)
    }
}

/// `.expected(summary)` when `condition` holds, `.unexpected(summary)` otherwise.
func expect(_ condition: Bool, _ summary: String) -> Outcome {
    condition ? .expected(summary) : .unexpected(summary)
}

/// Sends numbered steps through one client, printing each outcome and counting surprises.
@MainActor
struct ExampleRun {
    let client: Client
    private(set) var steps = 0
    private(set) var unexpected = 0

    init(client: Client) {
        self.client = client
    }

    /// Sends `endpoint`; `onResponse` judges a typed response, `onError` a thrown `CourierError`
    /// (unexpected unless the step says otherwise).
    mutating func step<E: EndpointRepresentable>(
        _ title: String,
        _ endpoint: E,
        onResponse: (EndpointResponse<E.Success, E.Failure>) -> Outcome,
        onError: (CourierError) -> Outcome = { .unexpected("thrown: \($0)") }
    ) async {
        steps += 1
        print("\n\(steps). \(title)")
        let outcome: Outcome
        do {
            outcome = onResponse(try await client.send(endpoint))
        } catch {
            outcome = onError(error)
        }
        print((outcome.isExpected ? "   ok: " : "   UNEXPECTED: ") + outcome.summary)
        if !outcome.isExpected { unexpected += 1 }
    }
}

/// Prints every request the client sends as a cURL command line, secrets redacted.
///
/// The request it sees is the final one: after the client's defaults, before redirects.
struct CurlPrinter: Middleware {
    func intercept(_ request: EndpointRequest, baseURL: BaseURL, next: Next) async throws -> RawResponse {
        print("   $ " + (try request.curlCommand(baseURL: baseURL)))
        return try await next(request, baseURL)
    }
}
