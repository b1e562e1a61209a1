import Courier
import TodoCatalog

/// What one request turned out to be, with a line describing the typed result.
struct Outcome {
    let isExpected: Bool
    let summary: String
}

/// `Outcome` that is expected when `condition` holds.
func expect(_ condition: Bool, _ summary: String) -> Outcome {
    Outcome(isExpected: condition, summary: summary)
}

/// Sends numbered steps, printing each outcome and counting surprises.
struct SessionRun {
    /// How many steps ran (or were skipped).
    private(set) var steps = 0
    /// How many of them did not go as expected.
    private(set) var unexpected = 0

    /// Sends `endpoint` through `client` and judges the typed response; a thrown `CourierError`
    /// is unexpected unless `onError` says otherwise. Returns the success value, if there was one.
    @discardableResult
    mutating func step<E: EndpointRepresentable>(
        _ title: String,
        _ endpoint: E,
        via client: Client,
        onError: (CourierError) -> Outcome = { Outcome(isExpected: false, summary: "thrown: \($0)") },
        onResponse: (Result<E.Success, E.Failure>) -> Outcome
    ) async -> E.Success? {
        steps += 1
        print("\n\(steps). \(title)")
        let outcome: Outcome
        var value: E.Success?
        do {
            let response = try await client.send(endpoint)
            print("   \(response.status.code)")
            value = response.value
            outcome = onResponse(response.result)
        } catch {
            outcome = onError(error)
        }
        print((outcome.isExpected ? "   ok: " : "   UNEXPECTED: ") + outcome.summary)
        if !outcome.isExpected { unexpected += 1 }
        return value
    }

    /// Runs a step of several calls, which prints what it does, and judges it; a thrown error is
    /// unexpected.
    mutating func step(_ title: String, _ body: () async throws -> Outcome) async {
        steps += 1
        print("\n\(steps). \(title)")
        let outcome: Outcome
        do {
            outcome = try await body()
        } catch {
            outcome = Outcome(isExpected: false, summary: "thrown: \(error)")
        }
        print((outcome.isExpected ? "   ok: " : "   UNEXPECTED: ") + outcome.summary)
        if !outcome.isExpected { unexpected += 1 }
    }

    /// Records a step that could not run because an earlier one failed.
    mutating func skip(_ title: String, because reason: String) {
        steps += 1
        unexpected += 1
        print("\n\(steps). \(title)\n   UNEXPECTED: skipped, \(reason)")
    }
}

/// Prints every request the client sends as a cURL command line, secrets redacted: the
/// headers Courier redacts, and the body of ``SignIn``, which is a password.
struct CurlPrinter: Middleware {
    /// The template of ``SignIn`` (`POST /v1/session`), whose body is credentials.
    private static let signIn = try? SignIn.shape().description

    /// Prints the request's cURL line, then sends it.
    func intercept(_ request: EndpointRequest, baseURL: BaseURL, next: Next) async throws -> RawResponse {
        var line = try request.curlCommand(baseURL: baseURL)
        // The first ` --data-binary ` starts the body: before it come only the URL, which has no
        // spaces, and the session's headers, none of which holds the phrase.
        if request.template != nil, request.template == Self.signIn,
            let body = line.range(of: " --data-binary ")
        {
            line = line[..<body.lowerBound] + " --data-binary '<redacted>'"
        }
        print("   $ " + line)
        return try await next(request, baseURL)
    }
}
