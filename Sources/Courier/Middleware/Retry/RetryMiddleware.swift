import Foundation

/// Sends an idempotent request again after a transient failure, waiting between attempts.
///
/// Only requests that are safe to send twice are retried (``EndpointRequest/isIdempotent``): a
/// `POST` or `PATCH` without ``Idempotent`` or a non-empty `Idempotency-Key` is sent exactly once,
/// and so is a request whose body is streamed from a sequence (``RequestBody/stream``).
///
/// ```swift
/// let client = Client(
///     baseURL: BaseURL("api.example.com"),
///     middleware: [RetryMiddleware(maxRetries: 3, backoff: RetryBackoff(base: .milliseconds(200)))]
/// )
/// ```
///
/// When it retries, how long it waits and where it belongs in the middleware list:
/// <doc:UsingMiddleware#Retry-transient-failures>.
public struct RetryMiddleware: Middleware {
    /// The most retries after the first attempt.
    public let maxRetries: Int
    /// The waits between attempts when the server names none.
    public let backoff: RetryBackoff
    /// Response statuses that are retried.
    public let retryableStatuses: Set<HTTPStatus>
    /// Kinds of transport-stage errors that are retried; a TLS trust failure
    /// (``CourierError/Kind/isTLSTrustFailure``) never is, even when listed.
    public let retryableErrors: Set<CourierError.Kind>
    /// The longest `Retry-After` the middleware waits for; a longer one returns the response.
    public let maxRetryAfter: Duration
    private let clock: any Clock<Duration>

    /// 408, 429, 502, 503 and 504: statuses that say "try again later".
    public static let defaultRetryableStatuses: Set<HTTPStatus> = [408, 429, 502, 503, 504]

    /// Connection failures before any response: nothing was processed.
    public static let defaultRetryableErrors: Set<CourierError.Kind> = [.connectionLost, .cannotConnect]

    /// Creates a retry policy.
    ///
    /// - Parameters:
    ///   - maxRetries: Retries after the first attempt; 2 by default, a negative value means 0.
    ///   - backoff: The waits when the server names none; a ``RetryBackoff`` with its defaults.
    ///   - retryableStatuses: Statuses that are retried; ``defaultRetryableStatuses`` by default.
    ///   - retryableErrors: Transport error kinds retried; ``defaultRetryableErrors`` by default.
    ///   - maxRetryAfter: The longest `Retry-After` waited for; 60 s by default.
    ///   - clock: The clock the waits sleep on; a `ContinuousClock` by default.
    public init(
        maxRetries: Int = 2,
        backoff: RetryBackoff = RetryBackoff(),
        retryableStatuses: Set<HTTPStatus> = RetryMiddleware.defaultRetryableStatuses,
        retryableErrors: Set<CourierError.Kind> = RetryMiddleware.defaultRetryableErrors,
        maxRetryAfter: Duration = .seconds(60),
        clock: any Clock<Duration> = ContinuousClock()
    ) {
        self.maxRetries = max(maxRetries, 0)
        self.backoff = backoff
        self.retryableStatuses = retryableStatuses
        self.retryableErrors = retryableErrors
        self.maxRetryAfter = maxRetryAfter
        self.clock = clock
    }

    /// Sends `request`, and again after each retryable outcome, until an outcome is final.
    ///
    /// An error about the final outcome, thrown or made by the client from the response, ends with
    /// how many times the request was sent when it was sent more than once, and with why it was not
    /// sent again when a retry was due (a `Retry-After` longer than ``maxRetryAfter``, a wait past
    /// the call's deadline).
    public func intercept(
        _ request: EndpointRequest, baseURL: BaseURL, next: Next
    ) async throws -> RawResponse {
        guard request.isIdempotent else { return try await next(request, baseURL) }
        // A streamed body is read once: a retry could only fail, and would hide the first error.
        // An error that would have been retried says why it was not.
        guard request.body?.stream == nil else {
            do {
                return try await next(request, baseURL)
            } catch {
                // Said once, by the innermost of stacked retry middleware.
                guard maxRetries > 0, retries(error), !error.message.hasSuffix(Self.streamNotRetried) else {
                    throw error
                }
                throw error.with(message: error.message + Self.streamNotRetried)
            }
        }
        var retry = 0
        while true {
            let outcome: Result<RawResponse, CourierError>
            do {
                outcome = .success(try await next(request, baseURL))
            } catch {
                outcome = .failure(error)
            }
            let decided = retry < maxRetries ? decision(beforeRetry: retry, after: outcome) : .final
            // A wait that would pass the call's deadline is not made: the caller gets this outcome.
            if case .retry(let delay) = decided, request.context.remaining.map({ delay < $0 }) ?? true {
                try await wait(delay, request: request)
                retry += 1
                continue
            }
            return try Self.noting(Self.notes(attempts: retry + 1, then: decided), on: outcome)
        }
    }

    /// What follows an outcome: another attempt after a wait, nothing (the outcome is final), or
    /// nothing for a reason a caller would otherwise not see.
    private enum Decision {
        case retry(after: Duration)
        case final
        case heldBack(because: String)
    }

    /// What follows `outcome`, the outcome of retry `retry` (0: the first attempt's).
    private func decision(beforeRetry retry: Int, after outcome: Result<RawResponse, CourierError>)
        -> Decision
    {
        switch outcome {
        case .success(let response):
            // An answer from a cache's storage (or its own 504) would only be given again.
            guard retryableStatuses.contains(response.status), Self.cameFromTheOrigin(response) else {
                return .final
            }
            guard let serverDelay = Self.retryAfter(in: response) else {
                return .retry(after: backoff.delay(forRetry: retry))
            }
            guard serverDelay <= maxRetryAfter else {
                return .heldBack(
                    because: "the server asked for a wait of \(serverDelay) (Retry-After), longer than its "
                        + "maxRetryAfter of \(maxRetryAfter)")
            }
            return .retry(after: serverDelay)
        case .failure(let error):
            return retries(error) ? .retry(after: backoff.delay(forRetry: retry)) : .final
        }
    }

    /// What an error about the final outcome adds: how many times the request was sent, and why
    /// `decision`, when it was a retry or held one back, was not followed.
    private static func notes(attempts: Int, then decision: Decision) -> [String] {
        var notes: [String] = []
        if attempts > 1 {
            notes.append(
                "RetryMiddleware sent the request \(attempts) times; this is what the last attempt got.")
        }
        switch decision {
        case .final:
            break
        case .heldBack(let reason):
            notes.append("RetryMiddleware did not send it again: \(reason).")
        case .retry(let delay):
            notes.append(
                "RetryMiddleware did not send it again: waiting \(delay) for the next attempt would pass the "
                    + "call's deadline.")
        }
        return notes
    }

    /// `outcome` with `notes` added: to the response's notes, or to the error's message.
    private static func noting(
        _ notes: [String], on outcome: Result<RawResponse, CourierError>
    ) throws(CourierError) -> RawResponse {
        guard !notes.isEmpty else { return try outcome.get() }
        switch outcome {
        case .success(var response):
            for note in notes { response.notes.add(note) }
            return response
        case .failure(let error):
            throw error.with(message: ([error.message] + notes).joined(separator: " "))
        }
    }

    /// Whether `error` is one the middleware retries: a transport error of a retryable kind.
    private func retries(_ error: CourierError) -> Bool {
        // A certificate that is not trusted stays untrusted: never retried, even when listed.
        error.stage == .transport && retryableErrors.contains(error.kind) && !error.kind.isTLSTrustFailure
    }

    /// What a retryable error of a request with a streamed body adds to its message.
    private static let streamNotRetried = " It was not retried: its body is a stream, which is read once."

    /// Whether `response` is the origin's own answer: no ``HTTPCacheMiddleware`` after this one
    /// answered it from storage or made it.
    static func cameFromTheOrigin(_ response: RawResponse) -> Bool {
        guard let outcome = response.cacheOutcome else { return true }
        return outcome == .miss || outcome == .bypassed
    }

    /// The wait a 413, 429 or 503 asks for with a valid `Retry-After`, if any: the statuses whose
    /// `Retry-After` says when to try again (RFC 9110 §15.5.14, §15.6.4; RFC 6585 §4).
    static func retryAfter(in response: RawResponse) -> Duration? {
        guard [413, 429, 503].contains(response.status.code),
            let value = response.headers[.retryAfter], let retryAfter = RetryAfter(value)
        else { return nil }
        let serverNow = response.headers[.date].flatMap(HTTPDate.parse)
        return retryAfter.delay(from: serverNow ?? Date())
    }

    private func wait(_ delay: Duration, request: EndpointRequest) async throws(CourierError) {
        do {
            if delay > .zero {
                try await clock.sleep(for: delay)
            } else {
                try Task.checkCancellation()
            }
        } catch {
            throw CourierError(
                stage: .middleware, kind: .cancelled,
                message: "The request was cancelled while waiting to retry.", request: request,
                underlying: error
            )
        }
    }
}
