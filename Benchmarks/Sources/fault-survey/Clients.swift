import Courier
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// What one client did with one fault: the outcome, how long it took, and details.
struct Observation: Sendable {
    /// The status and body, or the error's kind or code.
    var outcome: String
    var seconds: Double?
    /// Further facts, such as the error's message, after the time.
    var details: [String] = []

    /// "outcome in 0.3 s — details".
    var text: String {
        var text = outcome
        if let seconds { text += " in \(String(format: "%.1f", seconds)) s" }
        if !details.isEmpty { text += " — " + details.joined(separator: "; ") }
        return text
    }
}

// MARK: Bodies

/// How `body` compares with what the server meant to send.
func bodyDescription(_ body: Data, expected: Data?) -> String {
    guard let expected else { return "\(body.count) bytes" }
    if body == expected { return "all \(body.count) bytes, as sent" }
    if body.count < expected.count, expected.prefix(body.count) == body {
        return "only \(body.count) of \(expected.count) bytes"
    }
    return "\(body.count) bytes, not the \(expected.count) sent"
}

/// The body as text when it is short UTF-8, else its size.
func bodySnippet(_ body: Data) -> String {
    if body.count <= 40, let text = String(data: body, encoding: .utf8) {
        return "body `\(text)`"
    }
    return "\(body.count) bytes"
}

// MARK: Courier

/// A Courier outcome with its duration.
struct CourierOutcome<Success: Sendable>: Sendable {
    let result: Result<EndpointResponse<Success, Never>, CourierError>
    let seconds: Double

    /// "`kind`: message" for a failure; `describeSuccess` of the response otherwise.
    func observation(_ describeSuccess: (EndpointResponse<Success, Never>) -> String) -> Observation {
        switch result {
        case .success(let response):
            return Observation(outcome: describeSuccess(response), seconds: seconds)
        case .failure(let error):
            let stage = error.stage == .transport ? "" : " (\(error.stage) stage)"
            return Observation(
                outcome: "`\(error.kind)`\(stage)", seconds: seconds,
                details: ["“\(shortened(error.message))”"])
        }
    }

    /// For `Data` endpoints: the status and how the body compares with `expected`.
    func observation(expected: Data?) -> Observation where Success == Data {
        observation { "\($0.status) with \(bodyDescription($0.body, expected: expected))" }
    }
}

/// Sends `endpoint` with `client` and times it.
func sendTimed<Success>(_ endpoint: Endpoint<Success, Never>, with client: Client) async
    -> CourierOutcome<Success>
{
    let start = ContinuousClock.now
    do {
        let response = try await client.send(endpoint)
        return CourierOutcome(result: .success(response), seconds: seconds(since: start))
    } catch {
        return CourierOutcome(result: .failure(error), seconds: seconds(since: start))
    }
}

/// The survey's usual endpoint: raw bytes, counted under `key`.
func dataEndpoint(
    _ path: String, _ query: [(String, String)] = [], method: HTTPMethod = .get, key: String,
    headers: [Header] = [], body: Data? = nil, timeout: Timeout? = nil
) -> Endpoint<Data, Never> {
    Endpoint<Data, Never> {
        Method(method)
        Path(segments: path.split(separator: "/").map { String($0) })
        for (name, value) in query { Query(name, value) }
        Header("X-Count-Key", key)
        for header in headers { header }
        if let body { Body.data(body) }
        if let timeout { timeout }
    }
}

// MARK: Raw URLSession

/// What a plain `dataTask(with:completionHandler:)` delivered.
struct RawOutcome: Sendable {
    let data: Data?
    let status: Int?
    let headerCount: Int
    let url: URL?
    let error: (any Error)?
    let seconds: Double

    /// The error as "URLError code (`name`)" and its description, or `describeSuccess` of the
    /// status and data as the outcome and its details.
    func detailedObservation(_ describeSuccess: (Int, Data) -> (String, [String])) -> Observation {
        if let error {
            var observation = urlErrorObservation(error, seconds: seconds)
            if let data, !data.isEmpty { observation.details.append("\(data.count) bytes of data") }
            return observation
        }
        let (outcome, details) = describeSuccess(status ?? 0, data ?? Data())
        return Observation(outcome: outcome, seconds: seconds, details: details)
    }

    /// The error, or `describeSuccess` of the status and data as the outcome.
    func observation(_ describeSuccess: (Int, Data) -> String) -> Observation {
        detailedObservation { (describeSuccess($0, $1), []) }
    }

    /// The status and how the body compares with `expected`; a short body delivered as a success
    /// says so.
    func observation(expected: Data?) -> Observation {
        observation { status, data in
            var text = "\(status) with \(bodyDescription(data, expected: expected))"
            if let expected, data.count < expected.count, (200..<300).contains(status) {
                text += ": partial body delivered as success"
            }
            return text
        }
    }
}

/// The names of the `URLError` codes the survey can meet.
private let urlErrorNames: [Int: String] = [
    -1: "unknown", -999: "cancelled", -1000: "badURL", -1001: "timedOut", -1002: "unsupportedURL",
    -1003: "cannotFindHost", -1004: "cannotConnectToHost", -1005: "networkConnectionLost",
    -1007: "httpTooManyRedirects", -1008: "resourceUnavailable", -1010: "redirectToNonExistentLocation",
    -1011: "badServerResponse", -1014: "zeroByteResource", -1015: "cannotDecodeRawData",
    -1016: "cannotDecodeContentData", -1017: "cannotParseResponse", -1100: "fileDoesNotExist",
    -1103: "dataLengthExceedsMaximum",
]

/// "URLError -1005 (`networkConnectionLost`)" with its description.
func urlErrorObservation(_ error: any Error, seconds: Double) -> Observation {
    let error = error as NSError
    guard error.domain == NSURLErrorDomain else {
        return Observation(
            outcome: "\(error.domain) \(error.code)", seconds: seconds,
            details: ["“\(shortened(error.localizedDescription))”"])
    }
    var outcome = "URLError \(error.code)"
    if let name = urlErrorNames[error.code] { outcome += " (`\(name)`)" }
    var observation = Observation(outcome: outcome, seconds: seconds)
    if let description = error.userInfo[NSLocalizedDescriptionKey] as? String {
        observation.details.append("“\(shortened(description))”")
    }
    return observation
}

/// Holds a data task so cancellation can reach it, even before it exists.
///
/// `@unchecked Sendable` is safe: `task` and `cancelled` are only read or changed while `lock` is
/// held; the task is resumed or cancelled outside it (`URLSessionDataTask` is thread-safe).
private final class TaskHandle: @unchecked Sendable {
    private let lock = NSLock()
    private var task: URLSessionDataTask?
    private var cancelled = false

    func start(_ task: URLSessionDataTask) {
        lock.lock()
        self.task = task
        let cancelled = self.cancelled
        lock.unlock()
        if cancelled { task.cancel() } else { task.resume() }
    }

    func cancel() {
        lock.lock()
        cancelled = true
        let task = self.task
        lock.unlock()
        task?.cancel()
    }
}

/// Runs `request` as a plain `dataTask(with:completionHandler:)` on `session` and times it.
func rawSend(_ request: URLRequest, on session: URLSession) async -> RawOutcome {
    let start = ContinuousClock.now
    let first = FirstValue<RawOutcome>()
    let handle = TaskHandle()
    return await withTaskCancellationHandler {
        await withCheckedContinuation { continuation in
            first.wait(continuation)
            let task = session.dataTask(with: request) { data, response, error in
                let http = response as? HTTPURLResponse
                first.offer(
                    RawOutcome(
                        data: data, status: http?.statusCode, headerCount: http?.allHeaderFields.count ?? 0,
                        url: http?.url, error: error, seconds: seconds(since: start)))
            }
            handle.start(task)
        }
    } onCancel: {
        handle.cancel()
    }
}

/// A plain request to `pathAndQuery` on 127.0.0.1, counted under `key`.
func rawRequest(
    _ survey: Survey, _ pathAndQuery: String, method: String = "GET", key: String,
    timeout: TimeInterval = 5, headers: [(String, String)] = [], body: Data? = nil
) -> URLRequest {
    // Set as a property: on Linux the timeout of `URLRequest(url:timeoutInterval:)` is ignored.
    var request = URLRequest(url: survey.url(pathAndQuery))
    request.timeoutInterval = timeout
    request.httpMethod = method
    request.setValue(key, forHTTPHeaderField: "X-Count-Key")
    for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
    request.httpBody = body
    return request
}

/// A fresh `URLSession(configuration: .ephemeral)`, optionally adjusted.
func rawSession(_ adjust: (URLSessionConfiguration) -> Void = { _ in }) -> URLSession {
    let configuration = URLSessionConfiguration.ephemeral
    adjust(configuration)
    return URLSession(configuration: configuration)
}
